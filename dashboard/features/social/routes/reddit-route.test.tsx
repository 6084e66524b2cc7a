// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawDoc } from '@core/data/statuses';
import { timestampOf, type FakeCalls, type FakeLive } from '../test-support';

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const live = vi.hoisted((): FakeLive => ({ accounts: [] }));
const toast = vi.hoisted(() => vi.fn());

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls),
);
vi.mock('@/lib/live', async () => (await import('../test-support')).fakeLiveModule(live));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));

const { clearPlatformProfiles } = await import('@/lib/platform-profile');
const { RedditRoute } = await import('./reddit-route');

const account = (data: Record<string, unknown>): RawDoc => ({
  id: 'reddit',
  data: {
    configured: true,
    hints: { clientSecret: 'cret' },
    values: { clientId: 'client-1', userAgent: 'web:muse:1.0 (by /u/me)' },
    connected: false,
    updatedAt: timestampOf('2026-11-23T10:00:00Z'),
    ...data,
  },
});
const FLAIRS = {
  MuseSandbox: {
    subreddit: 'MuseSandbox',
    flairRequired: false,
    flairs: [
      {
        id: 'f-1',
        text: 'Discussion',
        textEditable: false,
        backgroundColor: '',
        textColor: 'dark',
      },
      { id: 'f-2', text: 'Custom', textEditable: true, backgroundColor: '', textColor: 'dark' },
    ],
  },
  FlairRequired: {
    subreddit: 'FlairRequired',
    flairRequired: true,
    flairs: [
      { id: 'q-1', text: 'Question', textEditable: false, backgroundColor: '', textColor: 'dark' },
    ],
  },
} as Record<string, unknown>;

const sent = (name: string) => calls.log.filter((c) => c.name === name);
const renderPage = () =>
  render(
    <MemoryRouter>
      <RedditRoute />
    </MemoryRouter>,
  );

describe('the Reddit page', () => {
  beforeEach(() => {
    calls.log = [];
    calls.handlers = {
      getPlatformProfile: () =>
        Promise.resolve({
          platform: 'reddit',
          name: 'u/sandbox_creator',
          followers: 512,
          following: null,
          posts: null,
          karma: 4208,
          authors: [],
        }),
      getSubredditFlairs: (input) =>
        Promise.resolve(
          FLAIRS[(input as { subreddit: string }).subreddit] ?? {
            subreddit: (input as { subreddit: string }).subreddit,
            flairs: [],
            flairRequired: false,
          },
        ),
      publishPost: () => Promise.resolve({ postId: 'p1', status: 'queued' }),
      startSocialOAuth: () =>
        Promise.resolve({ authorizeUrl: 'https://www.reddit.com/api/v1/authorize?state=x' }),
    };
    live.accounts = [account({ connected: true })];
    live.posts = undefined;
    toast.mockReset();
    clearPlatformProfiles();
  });
  afterEach(cleanup);

  it("says new Reddit API apps need Reddit's approval", () => {
    renderPage();
    expect(screen.getByText(/New Reddit API apps need Reddit's approval/)).toBeTruthy();
  });

  it('refuses a subreddit name Reddit would refuse (a space), with the reason, before any click', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Subreddit'), { target: { value: 'r/has space' } });
    const button = screen.getByRole('button', { name: 'Post to Reddit' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter a valid subreddit name',
    );
    fireEvent.change(screen.getByLabelText('Subreddit'), { target: { value: 'r/has_space' } });
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it('without saved credentials links to Integrations with Connect Reddit Account', () => {
    live.accounts = [];
    renderPage();
    expect(screen.getByRole('link', { name: 'Connect Reddit Account' }).getAttribute('href')).toBe(
      '/integrations?tab=social',
    );
  });

  it.each([
    ['saved but never connected', 'Connect Reddit Account', { connected: false }],
    [
      'refused at the last refresh',
      'Reconnect Reddit Account',
      { connected: true, needsReconnect: true },
    ],
  ])('when %s, %s starts Connect', async (_label, name, data) => {
    live.accounts = [account(data)];
    renderPage();
    expect(screen.getAllByRole('button', { name: /connect Reddit Account/i })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name }));
    await waitFor(() =>
      expect(sent('startSocialOAuth')).toEqual([
        { name: 'startSocialOAuth', input: { platform: 'reddit' } },
      ]),
    );
  });

  it('shows one alert for a refused connection, with the scheduled posts at stake and one Reconnect', async () => {
    live.accounts = [account({ connected: true, needsReconnect: true })];
    live.posts = [
      {
        id: 's1',
        data: {
          platform: 'reddit',
          status: 'scheduled',
          text: 'Later',
          reddit: { subreddit: 'MuseSandbox', title: 'Planned' },
          scheduledAt: timestampOf('2099-01-01T09:00:00Z'),
          createdAt: timestampOf('2026-11-23T10:00:00Z'),
          timeZone: 'UTC',
        },
      },
    ];
    renderPage();
    // The page's alerts; each scheduled post in Recent Posts has its own warning.
    const recent = screen.getByRole('region', { name: 'Recent Posts' });
    const alerts = screen
      .getAllByRole('alert')
      .filter((a) => !recent.contains(a) && /reconnect|renewed|revoked/i.test(a.textContent ?? ''));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textContent).toContain('1 scheduled post will fail unless you reconnect');
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect Reddit Account' }));
    await waitFor(() => expect(sent('startSocialOAuth')).toHaveLength(1));
  });

  it.each([
    ['saved but never connected', { connected: false }],
    ['refused at the last refresh', { connected: true, needsReconnect: true }],
  ])('when %s, the post button is blocked and says to connect first', (_label, data) => {
    live.accounts = [account(data)];
    renderPage();
    expect(
      (screen.getByRole('button', { name: 'Post to Reddit' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
      'Connect your Reddit account above to post.',
    );
  });

  it('loads flairs once typing stops, drops a leading r/, and posts with the chosen flair and its own text', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Subreddit'), { target: { value: 'r/Muse' } });
    fireEvent.change(screen.getByLabelText('Subreddit'), { target: { value: 'r/MuseSandbox' } });
    const flair = (await screen.findByLabelText(/Post Flair/)) as HTMLSelectElement;
    expect(sent('getSubredditFlairs')).toEqual([
      { name: 'getSubredditFlairs', input: { subreddit: 'MuseSandbox' } },
    ]);
    fireEvent.change(flair, { target: { value: 'f-2' } });
    fireEvent.change(screen.getByLabelText('Flair Text'), { target: { value: 'My words' } });
    fireEvent.change(screen.getByLabelText('Post Title'), { target: { value: 'Hello Reddit' } });
    fireEvent.change(screen.getByLabelText('Post Content'), { target: { value: 'Body' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post to Reddit' }));
    await waitFor(() => expect(sent('publishPost')).toHaveLength(1));
    expect(sent('publishPost')[0]!.input).toMatchObject({
      platform: 'reddit',
      text: 'Body',
      reddit: {
        subreddit: 'MuseSandbox',
        title: 'Hello Reddit',
        flairId: 'f-2',
        flairText: 'My words',
      },
    });
  });

  it('says a subreddit requires flair before posting, and refuses to post without one', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Subreddit'), { target: { value: 'FlairRequired' } });
    await screen.findByText('r/FlairRequired requires a post flair: choose one before posting.');
    fireEvent.change(screen.getByLabelText('Post Title'), { target: { value: 'A question' } });
    fireEvent.change(screen.getByLabelText('Post Content'), { target: { value: 'Body' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post to Reddit' }));
    expect(toast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'r/FlairRequired requires a post flair: choose one before posting.',
      variant: 'destructive',
    });
    expect(sent('publishPost')).toHaveLength(0);
  });

  it('refuses a post without a title or content, naming the blank fields', () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Subreddit'), { target: { value: 'anything' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post to Reddit' }));
    expect(toast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Please fill in all required fields: Title, Content or an image',
      variant: 'destructive',
    });
    expect(sent('publishPost')).toHaveLength(0);
  });
});
