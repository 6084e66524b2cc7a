// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callableError, postDoc, type FakeCalls, type FakeLive } from '../test-support';

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const live = vi.hoisted((): FakeLive => ({ posts: [] }));
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
const { LinkedinRoute } = await import('./linkedin-route');

const AUTHORS = [
  { urn: 'urn:li:person:abc', name: 'Ada Lovelace', kind: 'person' },
  { urn: 'urn:li:organization:42', name: 'Muse Labs', kind: 'organization' },
];

function renderPage() {
  return render(
    <MemoryRouter>
      <LinkedinRoute />
    </MemoryRouter>,
  );
}

const sent = (name: string) => calls.log.filter((c) => c.name === name);

describe('the LinkedIn page', () => {
  beforeEach(() => {
    calls.log = [];
    calls.handlers = {
      getPlatformProfile: () =>
        Promise.resolve({
          platform: 'linkedin',
          name: 'Ada Lovelace',
          followers: null,
          following: null,
          posts: null,
          authors: AUTHORS,
        }),
      publishPost: () => Promise.resolve({ postId: 'p1', status: 'queued' }),
      generateText: () =>
        Promise.resolve({
          text: 'Your posts about launches do best.',
          model: 'gpt-5.4-mini',
          provider: 'openai',
        }),
    };
    live.posts = [
      postDoc('a', { platform: 'linkedin', status: 'published', text: 'We launched Muse' }),
      postDoc('b', { platform: 'linkedin', status: 'failed', text: 'Hiring now' }),
    ];
    toast.mockReset();
    clearPlatformProfiles();
  });
  afterEach(cleanup);

  it('offers the member and approved organizations in Post From, and needs one chosen', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'LinkedIn' })).toBeTruthy();
    const from = screen.getByLabelText('Post From') as HTMLSelectElement;
    await waitFor(() => expect(from.options).toHaveLength(3));
    expect([...from.options].map((o) => o.textContent)).toEqual([
      'Select where to post from',
      'Ada Lovelace (you)',
      'Muse Labs (company page)',
    ]);
    fireEvent.change(screen.getByLabelText('Post Content'), {
      target: { value: 'Hello LinkedIn' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Post to LinkedIn' }));
    expect(toast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Please select where to post from',
      variant: 'destructive',
    });
    fireEvent.change(from, { target: { value: 'urn:li:organization:42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post to LinkedIn' }));
    await waitFor(() => expect(sent('publishPost')).toHaveLength(1));
    expect(sent('publishPost')[0]!.input).toMatchObject({
      platform: 'linkedin',
      author: 'urn:li:organization:42',
      text: 'Hello LinkedIn',
    });
  });

  it('offers the member last seen at once, and adds the pages when LinkedIn answers', async () => {
    let answer: (value: unknown) => void = () => undefined;
    calls.handlers.getPlatformProfile = () => new Promise((resolve) => (answer = resolve));
    const account = {
      configured: true,
      hints: { accessToken: 'abcd' },
      values: {},
      connected: true,
      member: { urn: 'urn:li:person:abc', name: 'Ada Lovelace' },
      updatedAt: { toDate: () => new Date() },
    };
    live.accounts = [{ id: 'linkedin', data: account }];
    try {
      renderPage();
      const from = screen.getByLabelText('Post From') as HTMLSelectElement;
      expect([...from.options].map((o) => o.textContent)).toEqual([
        'Select where to post from',
        'Ada Lovelace (you)',
      ]);
      expect(document.getElementById(from.getAttribute('aria-describedby')!)?.textContent).toMatch(
        /^Asking LinkedIn for the pages you manage/,
      );
      fireEvent.change(from, { target: { value: 'urn:li:person:abc' } });
      await waitFor(() => expect(sent('getPlatformProfile')).toHaveLength(1));
      answer({
        platform: 'linkedin',
        name: 'Ada Lovelace',
        followers: null,
        following: null,
        posts: null,
        authors: AUTHORS,
      });
      await waitFor(() => expect(from.options).toHaveLength(3));
      expect(from.value).toBe('urn:li:person:abc');
      expect(screen.queryByText(/^Asking LinkedIn/)).toBeNull();
    } finally {
      live.accounts = undefined;
    }
  });

  it('says what Post From is waiting for while LinkedIn is asked, not a bare Loading', async () => {
    let answer: (value: unknown) => void = () => undefined;
    calls.handlers.getPlatformProfile = () => new Promise((resolve) => (answer = resolve));
    renderPage();
    const from = screen.getByLabelText('Post From') as HTMLSelectElement;
    expect([...from.options].map((o) => o.textContent)).toEqual([
      'Fetching your profile and pages…',
    ]);
    expect(document.getElementById(from.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Asking LinkedIn who you can post as/,
    );
    await waitFor(() => expect(sent('getPlatformProfile')).toHaveLength(1));
    answer({
      platform: 'linkedin',
      name: 'Ada Lovelace',
      followers: null,
      following: null,
      posts: null,
      authors: AUTHORS,
    });
    await waitFor(() => expect(from.options).toHaveLength(3));
    expect(screen.queryByText(/^Asking LinkedIn/)).toBeNull();
  });

  it('shows the connect text and the Integrations link when the account has no credentials', async () => {
    calls.handlers.getPlatformProfile = () =>
      Promise.reject(
        callableError('failed-precondition', 'No LinkedIn credentials', 'missing-credentials'),
      );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Please connect your LinkedIn account in the Integrations page',
    );
    expect(screen.getByRole('link', { name: 'Open Integrations' }).getAttribute('href')).toBe(
      '/integrations?tab=social',
    );
    expect(
      (screen.getByRole('button', { name: 'Post to LinkedIn' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('analyzes performance with the recent LinkedIn post texts', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('What would you like to know?'), {
      target: { value: 'What works best?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Performance' }));
    expect(await screen.findByText('Your posts about launches do best.')).toBeTruthy();
    const input = sent('generateText')[0]!.input as { task: string; prompt: string };
    expect(input.task).toBe('analyze');
    expect(input.prompt).toBe(
      'What works best?\n\nMy recent LinkedIn posts:\n1. We launched Muse\n2. Hiring now',
    );
    expect(toast).toHaveBeenCalledWith({ title: 'Analysis Complete' });
  });

  it('writes generated text into Post Content', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('What should the post be about?'), {
      target: { value: 'our launch' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Post' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe(
        'Your posts about launches do best.',
      ),
    );
    expect(sent('generateText')[0]!.input).toMatchObject({
      task: 'social_post',
      prompt: 'our launch',
      context: { platform: 'linkedin' },
    });
    expect(toast).toHaveBeenCalledWith({ title: 'Post content generated successfully' });
  });
});
