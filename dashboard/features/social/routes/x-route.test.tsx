// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callableError,
  postDoc,
  timestampOf,
  type FakeCalls,
  type FakeLive,
} from '../test-support';

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const live = vi.hoisted((): FakeLive => ({ posts: [], library: [] }));
const toast = vi.hoisted(() => vi.fn());

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls),
);
vi.mock('@/lib/live', async () => (await import('../test-support')).fakeLiveModule(live));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));
// Drafts have their own tests (core/data/draft.test.ts, tests/e2e): here the page opens none.
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('../api/drafts', () => ({
  usePlatformDrafts: () => ({ status: 'success', data: [], retry: () => undefined }),
  useDraftDoc: () => ({ status: 'success', data: null, retry: () => undefined }),
}));

const { clearPlatformProfiles } = await import('@/lib/platform-profile');
const { XRoute } = await import('./x-route');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function renderPage() {
  return render(
    <MemoryRouter>
      <XRoute />
    </MemoryRouter>,
  );
}

const postContent = () => screen.getByLabelText('Post Content') as HTMLTextAreaElement;
const published = (name: string) => calls.log.filter((c) => c.name === name);

describe('the X page', () => {
  beforeEach(() => {
    calls.log = [];
    calls.handlers = {
      getPlatformProfile: () =>
        Promise.resolve({
          platform: 'x',
          name: '@muse',
          followers: 9_870,
          following: 10,
          posts: 3,
          authors: [],
        }),
      publishPost: () => Promise.resolve({ postId: 'p1', status: 'queued' }),
    };
    live.posts = [];
    live.library = [
      {
        id: 'big',
        data: {
          type: 'image',
          title: 'Big banner',
          originalUrl: 'https://files.test/big.png',
          contentType: 'image/png',
          sizeBytes: 6 * 1024 * 1024,
        },
      },
    ];
    toast.mockReset();
    clearPlatformProfiles();
  });
  afterEach(cleanup);

  it('shows the title, the real follower count, labelled samples, the form and Recent Posts', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'X/Twitter' })).toBeTruthy();
    const figures = screen.getByRole('list', { name: 'Account figures' });
    // 9,870 is not the sample figure (12.5K), so this waits for the real count.
    await waitFor(() => expect(within(figures).getByText('9.9K')).toBeTruthy());
    expect(within(figures).getAllByText('Sample')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'AI Post Generator' })).toBeTruthy();
    expect(postContent()).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Media' })).toBeTruthy();
    expect(screen.getByLabelText(/Schedule Date/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Post Now' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Recent Posts' })).getByText('No posts yet'),
    ).toBeTruthy();
  });

  it('falls back to the sample follower figure, labelled, when the platform reports none', async () => {
    calls.handlers.getPlatformProfile = () =>
      Promise.reject(callableError('unavailable', 'X did not answer'));
    renderPage();
    const figures = screen.getByRole('list', { name: 'Account figures' });
    await waitFor(() => expect(published('getPlatformProfile')).toHaveLength(1));
    expect(within(figures).getByText('12.5K')).toBeTruthy();
    expect(within(figures).getAllByText('Sample')).toHaveLength(3);
  });

  it("shows the engagement rate of the channel's measured posts instead of the sample", async () => {
    const snapshot = (counts: Record<string, number>) => ({
      takenAt: timestampOf('2026-11-24T10:00:00Z'),
      source: 'X public_metrics',
      counts,
    });
    live.posts = [
      postDoc('m1', {
        status: 'published',
        metrics: { '1d': snapshot({ impressions: 1_000, likes: 30, comments: 5 }) },
      }),
      postDoc('m2', {
        status: 'published',
        metrics: { '1h': snapshot({ impressions: 200, likes: 4, shares: 1 }) },
      }),
      postDoc('s1', { status: 'scheduled' }),
    ];
    renderPage();
    const figures = screen.getByRole('list', { name: 'Account figures' });
    await waitFor(() => expect(within(figures).getByText('9.9K')).toBeTruthy());
    // (30 + 5 + 4 + 1) engagements per 1,200 impressions.
    const rate = within(figures).getByText('Engagement Rate').closest('li')!;
    expect(rate.textContent).toContain('3.3%');
    expect(within(rate).queryByText('Sample')).toBeNull();
    expect(within(figures).getAllByText('Sample')).toHaveLength(1);
  });

  it('counts a URL as 23 and an emoji as 2, live', () => {
    renderPage();
    fireEvent.change(postContent(), {
      target: { value: 'Launch 🚀 https://example.com/a/very/long/path/indeed' },
    });
    expect(screen.getByText('33/280')).toBeTruthy();
    expect(screen.getByText(/charges more for a post with a link/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Post Now' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('refuses text over 280 weighted characters: the count turns red and Post Now is disabled with the reason', () => {
    renderPage();
    fireEvent.change(postContent(), {
      target: { value: `${'🔥'.repeat(139)} https://example.com` },
    });
    const count = screen.getByText('302/280');
    expect(count.className).toContain('text-destructive');
    const button = screen.getByRole('button', { name: 'Post Now' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      "Your post is 22 characters over X's 280 limit",
    );
    fireEvent.submit(button.closest('form')!);
    expect(published('publishPost')).toHaveLength(0);
  });

  it('disables Post Now for an invisible character X refuses, naming it in plain words', () => {
    renderPage();
    fireEvent.change(postContent(), { target: { value: 'Hello\uFEFFworld' } });
    const button = screen.getByRole('button', { name: 'Post Now' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Your post contains an invisible character X refuses (U+FEFF), usually carried in with pasted text: delete and retype the words around it',
    );
    fireEvent.submit(button.closest('form')!);
    expect(published('publishPost')).toHaveLength(0);
  });

  it('refuses blank content with the X wording', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    expect(toast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Please enter some content for your tweet',
      variant: 'destructive',
    });
    expect(published('publishPost')).toHaveLength(0);
  });

  it('sends one publishPost with a uuid requestId however fast the button is clicked', async () => {
    renderPage();
    fireEvent.change(postContent(), { target: { value: 'Hello X' } });
    const button = screen.getByRole('button', { name: 'Post Now' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(postContent().value).toBe(''));
    expect(published('publishPost')).toHaveLength(1);
    const input = published('publishPost')[0]!.input as Record<string, unknown>;
    expect(input).toMatchObject({ platform: 'x', text: 'Hello X', media: [], scheduledAt: null });
    expect(input.requestId).toMatch(UUID);
  });

  it('schedules with the instant and the zone name when a date is set', async () => {
    renderPage();
    fireEvent.change(postContent(), { target: { value: 'Later' } });
    // A month ahead: schedules are kept within a year (core/schedule.ts).
    const later = new Intl.DateTimeFormat('sv-SE', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(Date.now() + 30 * 86_400_000)
      .replace(' ', 'T');
    fireEvent.change(screen.getByLabelText(/Schedule Date/), { target: { value: later } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule Post' }));
    await waitFor(() => expect(published('publishPost')).toHaveLength(1));
    const input = published('publishPost')[0]!.input as { scheduledAt: string; timeZone: string };
    expect(input.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(new Date(input.scheduledAt).toISOString()).toBe(input.scheduledAt);
  });

  it('refuses a past schedule date with a clear message', () => {
    renderPage();
    fireEvent.change(postContent(), { target: { value: 'Too late' } });
    fireEvent.change(screen.getByLabelText(/Schedule Date/), {
      target: { value: '2001-01-01T09:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule Post' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'The schedule date is in the past. Please choose a later time, or clear it to post now.',
    );
    expect(published('publishPost')).toHaveLength(0);
  });

  it('shows the Integrations link when publishPost fails for missing credentials', async () => {
    calls.handlers.publishPost = () =>
      Promise.reject(
        callableError(
          'failed-precondition',
          'Add your X credentials first.',
          'missing-credentials',
        ),
      );
    renderPage();
    fireEvent.change(postContent(), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Please connect your Twitter account in the Integrations page',
    );
    expect(
      within(alert).getByRole('link', { name: 'Open Integrations' }).getAttribute('href'),
    ).toBe('/integrations?tab=social');
  });

  it('decides from the reason, not the words: a plain failure naming Integrations gets no link', async () => {
    calls.handlers.publishPost = () =>
      Promise.reject(
        callableError('internal', 'Please connect your Twitter account in the Integrations page'),
      );
    renderPage();
    fireEvent.change(postContent(), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Failed to post tweet. Please try again.',
          variant: 'destructive',
        }),
      ),
    );
    expect(screen.queryByRole('link', { name: 'Open Integrations' })).toBeNull();
  });

  it('says the tweet was posted once Recent Posts shows it published', async () => {
    const view = renderPage();
    fireEvent.change(postContent(), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(published('publishPost')).toHaveLength(1));
    await waitFor(() => expect(postContent().value).toBe(''));
    live.posts = [postDoc('p1', { status: 'published', url: 'https://x.com/muse/status/1' })];
    view.rerender(
      <MemoryRouter>
        <XRoute />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Your tweet has been posted successfully!' }),
    );
  });

  it('says the tweet failed, with the platform reason, once Recent Posts shows it failed', async () => {
    const view = renderPage();
    fireEvent.change(postContent(), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(postContent().value).toBe(''));
    live.posts = [
      postDoc('p1', {
        status: 'failed',
        error: { code: 'duplicate', message: 'X refused a duplicate of a recent post' },
      }),
    ];
    view.rerender(
      <MemoryRouter>
        <XRoute />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Failed to post tweet. Please try again.',
        description: 'X refused a duplicate of a recent post',
        variant: 'destructive',
      }),
    );
  });

  it('shows the media limits before posting and refuses an image X would refuse, until it is removed', async () => {
    renderPage();
    expect(screen.getByText(/X takes up to 4 images/)).toBeTruthy();
    fireEvent.change(postContent(), { target: { value: 'With a picture' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Media' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Big banner' }));
    const attached = await screen.findByRole('list', { name: 'Attached media' });
    const button = screen.getByRole('button', { name: 'Post Now' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Images on X can be at most 5 MB (this one is 6 MB)',
    );
    fireEvent.click(within(attached).getByRole('button', { name: 'Remove Big banner' }));
    expect(screen.queryByRole('list', { name: 'Attached media' })).toBeNull();
    expect(button.disabled).toBe(false);
  });

  it('keeps what is written and attached while a post is sending, and clears only what went out', async () => {
    live.library = [
      {
        id: 'small',
        data: {
          type: 'image',
          title: 'Small harbour',
          originalUrl: 'https://files.test/small.png',
          contentType: 'image/png',
          sizeBytes: 2048,
        },
      },
    ];
    let answer: (value: unknown) => void = () => undefined;
    calls.handlers.publishPost = () => new Promise((resolve) => (answer = resolve));
    renderPage();
    fireEvent.change(postContent(), { target: { value: 'The first post' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(published('publishPost')).toHaveLength(1));
    fireEvent.change(postContent(), {
      target: { value: 'The next post, written while the first was sending' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Media' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Small harbour' }));
    await screen.findByRole('list', { name: 'Attached media' });
    await act(async () => {
      answer({ postId: 'p1', status: 'queued' });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(postContent().value).toBe('The next post, written while the first was sending');
    expect(
      within(screen.getByRole('list', { name: 'Attached media' })).getByText('Small harbour'),
    ).toBeTruthy();
    // The media dialog mounts the library picker: slow on a loaded machine, so this test gets more time.
  });

  it('marks video tiles in the media picker, and only those', async () => {
    live.library = [
      {
        id: 'still',
        data: {
          type: 'image',
          title: 'Harbour still',
          originalUrl: 'https://files.test/still.png',
          contentType: 'image/png',
          sizeBytes: 2048,
        },
      },
      {
        id: 'clip',
        data: {
          type: 'video',
          title: 'Harbour clip',
          originalUrl: 'https://files.test/clip.mp4',
          contentType: 'video/mp4',
          sizeBytes: 2048,
        },
      },
    ];
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add Media' }));
    const clip = await screen.findByRole('button', { name: 'Add Harbour clip' });
    expect(within(clip).getByTestId('video-badge').textContent).toBe('Video');
    expect(
      within(screen.getByRole('button', { name: 'Add Harbour still' })).queryByTestId(
        'video-badge',
      ),
    ).toBeNull();
    // The media dialog mounts the library picker: slow on a loaded machine, so this test gets more time.
  });

  it('clears the composer once the post it holds went out', async () => {
    renderPage();
    fireEvent.change(postContent(), { target: { value: 'Posted as written' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(postContent().value).toBe(''));
  });
});
