// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toSocialPost, type SocialPost } from '@core/social-posts';
import { callableError, postDoc, timestampOf, type FakeCalls } from '../test-support';

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const toast = vi.hoisted(() => vi.fn());

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls, () =>
    Promise.resolve({ postId: 'p', status: 'queued' }),
  ),
);
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));

const { RecentPosts } = await import('./recent-posts');

const posts: SocialPost[] = [
  postDoc('s1', {
    status: 'scheduled',
    text: 'Scheduled one',
    scheduledAt: timestampOf('2026-11-24T17:00:00Z'),
  }),
  postDoc('q1', { status: 'queued', text: 'Queued one' }),
  postDoc('u1', { status: 'publishing', text: 'Uploading one', progress: 40 }),
  postDoc('ok', {
    status: 'published',
    text: 'Live one',
    url: 'https://x.com/muse/status/9',
    publishedAt: timestampOf('2026-11-23T11:00:00Z'),
  }),
  postDoc('f1', {
    status: 'failed',
    text: 'Refused one',
    error: { code: 'duplicate', message: 'X refused a duplicate of a recent post' },
  }),
  postDoc('c1', { status: 'cancelled', text: 'Dropped one' }),
].map((d) => toSocialPost(d.id, d.data));

function renderList(onRetried = vi.fn()) {
  render(
    <RecentPosts
      posts={{ status: 'success', data: posts, retry: () => undefined }}
      timeZone="Europe/Berlin"
      onRetried={onRetried}
    />,
  );
  const item = (text: string) => screen.getByText(text).closest('li')!;
  return { item, onRetried };
}

describe('Recent Posts', () => {
  beforeEach(() => {
    calls.log = [];
    calls.handlers = {};
    toast.mockReset();
  });
  afterEach(cleanup);

  it('shows a scheduled post at its time in the zone, named, with Edit and Cancel', () => {
    const { item } = renderList();
    const li = within(item('Scheduled one'));
    expect(li.getByText('Scheduled for Nov 24, 2026, 6:00 PM (Europe/Berlin)')).toBeTruthy();
    expect(li.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(li.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('does not show the body of a Reddit image post as posted (Reddit image posts take a title and the image)', () => {
    const image = {
      generationId: 'g1',
      contentType: 'image/png',
      sizeBytes: 2048,
      title: 'Harbour',
    };
    const reddit = [
      postDoc('r1', {
        platform: 'reddit',
        status: 'published',
        text: 'Body Reddit never got',
        media: [image],
        reddit: { subreddit: 'MuseSandbox', title: 'Harbour at dawn' },
      }),
      postDoc('r2', {
        platform: 'reddit',
        status: 'published',
        text: 'A self post body',
        reddit: { subreddit: 'MuseSandbox', title: 'Words only' },
      }),
    ].map((d) => toSocialPost(d.id, d.data));
    render(
      <RecentPosts
        posts={{ status: 'success', data: reddit, retry: () => undefined }}
        timeZone="Europe/Berlin"
        onRetried={vi.fn()}
      />,
    );
    expect(screen.queryByText('Body Reddit never got')).toBeNull();
    const item = screen.getByText('Harbour at dawn').closest('li')!;
    expect(
      within(item).getByText(
        'Image post: Reddit takes its title and image, not the text written with them.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('A self post body')).toBeTruthy();
  });

  it('names who posted a LinkedIn post, who will post a scheduled one, and who a failed one was from', () => {
    const author = (status: 'published' | 'scheduled' | 'failed', text: string) =>
      toSocialPost(
        'a',
        postDoc('a', {
          platform: 'linkedin',
          status,
          text,
          author: { urn: 'urn:li:organization:1000001', name: 'Muse Sandbox Studio' },
        }).data,
      );
    render(
      <RecentPosts
        posts={{
          status: 'success',
          data: [
            author('published', 'Page news'),
            { ...author('scheduled', 'Page plans'), id: 'b' },
            { ...author('failed', 'Page trouble'), id: 'c' },
          ],
          retry: () => undefined,
        }}
        timeZone="UTC"
        onRetried={vi.fn()}
      />,
    );
    expect(
      within(screen.getByText('Page news').closest('li')!).getByText(
        'Posted as Muse Sandbox Studio',
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByText('Page plans').closest('li')!).getByText(
        'Posting as Muse Sandbox Studio',
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByText('Page trouble').closest('li')!).getByText('From Muse Sandbox Studio'),
    ).toBeTruthy();
  });

  it('shows queued and publishing posts with a spinner, and progress once it moves', () => {
    const { item } = renderList();
    expect(within(item('Queued one')).getByRole('status').textContent).toBe(
      'Waiting to publish...',
    );
    expect(within(item('Queued one')).queryByRole('progressbar')).toBeNull();
    expect(within(item('Uploading one')).getByRole('status').textContent).toContain(
      'Publishing...',
    );
    expect(
      within(item('Uploading one')).getByRole('progressbar').getAttribute('aria-valuenow'),
    ).toBe('40');
  });

  it('links a published post to its page', () => {
    const { item } = renderList();
    expect(
      within(item('Live one'))
        .getByRole('link', { name: /View post/ })
        .getAttribute('href'),
    ).toBe('https://x.com/muse/status/9');
  });

  it('says why a post failed and retries it once with a new requestId, however fast Retry is clicked', async () => {
    const { item, onRetried } = renderList();
    const li = within(item('Refused one'));
    expect(li.getByText('Failed: X refused a duplicate of a recent post')).toBeTruthy();
    fireEvent.click(li.getByRole('button', { name: 'Retry' }));
    fireEvent.click(li.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(onRetried).toHaveBeenCalledWith('f1'));
    expect(calls.log).toEqual([
      {
        name: 'retryPost',
        input: { postId: 'f1', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      },
    ]);
  });

  it('shows a cancelled post with no actions', () => {
    const { item } = renderList();
    const li = within(item('Dropped one'));
    expect(li.getByText('Cancelled')).toBeTruthy();
    expect(li.queryAllByRole('button')).toHaveLength(0);
  });

  it('edits a scheduled post in place through updateScheduledPost', async () => {
    const { item } = renderList();
    fireEvent.click(within(item('Scheduled one')).getByRole('button', { name: 'Edit' }));
    const text = screen.getByLabelText('Post Content');
    const date = screen.getByLabelText(/Schedule Date/) as HTMLInputElement;
    expect(date.value).toBe('2026-11-24T18:00');
    fireEvent.change(text, { target: { value: 'Scheduled, edited' } });
    // A month ahead (schedules are kept within a year, core/schedule.ts), typed as Berlin's wall clock shows it.
    const later = new Date(Math.floor((Date.now() + 30 * 86_400_000) / 60_000) * 60_000);
    const berlinWall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(later)
      .replace(' ', 'T');
    fireEvent.change(date, { target: { value: berlinWall } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.log).toHaveLength(1));
    expect(calls.log[0]).toEqual({
      name: 'updateScheduledPost',
      input: {
        postId: 's1',
        text: 'Scheduled, edited',
        media: [],
        scheduledAt: later.toISOString(),
        timeZone: 'Europe/Berlin',
      },
    });
  });

  it('says a post was already claimed when cancelling comes too late', async () => {
    calls.handlers.cancelPost = () =>
      Promise.reject(callableError('failed-precondition', 'Post is publishing', 'post-state'));
    const { item } = renderList();
    fireEvent.click(within(item('Scheduled one')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Error',
        description:
          'This post was already claimed for publishing, so it can no longer be changed.',
        variant: 'destructive',
      }),
    );
  });
  it('shows every post in the zone it is given, whatever zone it was planned in', () => {
    const planned = (id: string, timeZone: string) =>
      toSocialPost(
        id,
        postDoc(id, {
          status: 'scheduled',
          text: `Planned ${id}`,
          scheduledAt: timestampOf('2026-12-01T00:30:00Z'),
          timeZone,
        }).data,
      );
    render(
      <RecentPosts
        posts={{
          status: 'success',
          data: [planned('tokyo', 'Asia/Tokyo'), planned('mars', 'Mars/Olympus_Mons')],
          retry: () => undefined,
        }}
        timeZone="UTC"
        onRetried={vi.fn()}
      />,
    );
    expect(screen.getByText('Planned tokyo').closest('li')!.textContent).toContain(
      'Dec 1, 2026, 12:30 AM (UTC)',
    );
    expect(screen.getByText('Planned mars').closest('li')!.textContent).toContain(
      'Dec 1, 2026, 12:30 AM (UTC)',
    );
  });

  it('says the platform is being asked while an outcome is unknown, offers no Retry, and lists every request sent in Details', () => {
    const checking = toSocialPost(
      'k1',
      postDoc('k1', {
        status: 'publishing',
        text: 'Unknown one',
        timeZone: 'UTC',
        checkingUntil: timestampOf('2026-11-23T11:01:30Z'),
        publishLog: [
          {
            at: timestampOf('2026-11-23T11:00:00Z'),
            step: 'Create post',
            outcome: 'No answer (timed out)',
          },
          { at: timestampOf('2026-11-23T11:00:31Z'), step: 'Look up', outcome: 'Not there yet' },
        ],
      }).data,
    );
    render(
      <RecentPosts
        posts={{ status: 'success', data: [checking], retry: () => undefined }}
        timeZone="UTC"
        onRetried={vi.fn()}
      />,
    );
    const li = within(screen.getByText('Unknown one').closest('li')!);
    expect(li.getByRole('status').textContent).toContain('Checking whether X published it...');
    expect(li.queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(li.getByText('Details'));
    const log = li.getByRole('list', { name: 'Requests sent to X' });
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((e) => e.textContent),
    ).toEqual([
      'Nov 23, 2026, 11:00:00 AMCreate postNo answer (timed out)',
      'Nov 23, 2026, 11:00:31 AMLook upNot there yet',
    ]);
  });

  it("shows Retry refused with the server's words while the outcome is still being checked", async () => {
    calls.handlers.retryPost = () =>
      Promise.reject(
        callableError('failed-precondition', 'Checking whether X published it...', 'post-state'),
      );
    const { item } = renderList();
    fireEvent.click(within(item('Refused one')).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'Checking whether X published it...' }),
      ),
    );
  });
});
