// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawDoc } from '@core/data/statuses';
import {
  callableError,
  postDoc,
  timestampOf,
  type FakeCalls,
  type FakeLive,
} from '../test-support';

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const live = vi.hoisted((): FakeLive => ({ accounts: [] }));
const toast = vi.hoisted(() => vi.fn());

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls),
);
vi.mock('@/lib/live', async () => (await import('../test-support')).fakeLiveModule(live));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
// Compose drafts have their own tests (compose-route-drafts.test.tsx): none here.
vi.mock('../api/compose-drafts', async () => (await import('../test-support')).noComposeDrafts);

// jsdom's role queries are slow on a busy machine: the budget is generous, no test waits on time.
vi.setConfig({ testTimeout: 60_000 });

const { clearPlatformProfiles } = await import('@/lib/platform-profile');
const { ComposeRoute } = await import('./compose-route');

const account = (id: string, data: Record<string, unknown> = {}): RawDoc => ({
  id,
  data: {
    configured: true,
    hints: { accessToken: 'oken' },
    values: { clientId: `client-${id}` },
    connected: true,
    updatedAt: timestampOf('2026-11-23T10:00:00Z'),
    ...data,
  },
});
const MEMBER = { urn: 'urn:li:person:sbxMember01', name: 'Sandy Box', kind: 'person' };

const sent = (name: string) =>
  calls.log.filter((c) => c.name === name).map((c) => c.input as Record<string, unknown>);
const renderPage = () =>
  render(
    <MemoryRouter>
      <ComposeRoute />
    </MemoryRouter>,
  );
const choose = (label: string) => fireEvent.click(screen.getByRole('checkbox', { name: label }));
const write = (text: string) =>
  fireEvent.change(screen.getByLabelText('Shared text'), { target: { value: text } });
const openTab = (name: string) =>
  fireEvent.click(screen.getByRole('tab', { name: new RegExp(`^${name}`) }));
const postButton = () => screen.getByRole('button', { name: 'Post Now' }) as HTMLButtonElement;
const problemsOf = (channel: string) =>
  within(screen.getByRole('list', { name: `${channel} problems` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('the one composer', () => {
  beforeEach(() => {
    calls.log = [];
    calls.handlers = {
      getPlatformProfile: (input) =>
        Promise.resolve({
          platform: (input as { platform: string }).platform,
          name: 'Sandy Box',
          followers: null,
          following: null,
          posts: null,
          authors: [MEMBER],
        }),
      getSubredditFlairs: (input) =>
        Promise.resolve({
          subreddit: (input as { subreddit: string }).subreddit,
          flairs: [],
          flairRequired: false,
        }),
      publishPost: (input) =>
        Promise.resolve({ postId: (input as { requestId: string }).requestId, status: 'queued' }),
    };
    live.accounts = [
      account('x'),
      account('linkedin'),
      account('reddit'),
      account('youtube', { connected: false }),
    ];
    live.posts = [];
    live.profile = undefined;
    toast.mockReset();
    clearPlatformProfiles();
  });
  afterEach(cleanup);

  it('with no channel connected, says so and links to where each one connects', () => {
    live.accounts = [];
    renderPage();
    expect(screen.getByText('No channel is connected yet')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Connect X in Integrations' }).getAttribute('href'),
    ).toBe('/integrations?tab=social');
    expect(screen.queryByLabelText('Shared text')).toBeNull();
  });

  it('offers only connected channels, and a tab for each one chosen', () => {
    renderPage();
    expect((screen.getByRole('checkbox', { name: 'YouTube' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(
      screen.getByRole('link', { name: 'Connect on the YouTube page' }).getAttribute('href'),
    ).toBe('/social/youtube');
    expect(postButton().disabled).toBe(true);
    expect(screen.getByText('Choose at least one channel to post to.')).toBeTruthy();
    choose('X');
    choose('LinkedIn');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Shared',
      'X',
      'LinkedIn',
    ]);
    choose('X');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Shared', 'LinkedIn']);
  });

  it('moves between the tabs with the arrow keys, Home and End', () => {
    renderPage();
    choose('X');
    choose('LinkedIn');
    const tabs = () => screen.getAllByRole('tab');
    const selected = () =>
      tabs().find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;
    fireEvent.keyDown(tabs()[0]!, { key: 'ArrowRight' });
    expect(selected()).toBe('X');
    expect(document.activeElement?.textContent).toBe('X');
    expect(screen.getByLabelText('Text for X')).toBeTruthy();
    fireEvent.keyDown(tabs()[1]!, { key: 'End' });
    expect(selected()).toBe('LinkedIn');
    fireEvent.keyDown(tabs()[2]!, { key: 'ArrowRight' });
    expect(selected()).toBe('Shared');
    expect(tabs().map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  });

  it('forks a channel’s text when edited there, and Use shared text joins it again', () => {
    renderPage();
    choose('X');
    choose('LinkedIn');
    write('One idea');
    openTab('LinkedIn');
    const linkedin = screen.getByLabelText('Text for LinkedIn') as HTMLTextAreaElement;
    expect(linkedin.value).toBe('One idea');
    expect(screen.queryByText('Edited for LinkedIn')).toBeNull();
    fireEvent.change(linkedin, { target: { value: 'One idea, told at length for LinkedIn' } });
    expect(screen.getByText('Edited for LinkedIn')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /LinkedIn/ }).textContent).toBe('LinkedInedited');

    openTab('Shared');
    write('A better idea');
    openTab('X');
    expect((screen.getByLabelText('Text for X') as HTMLTextAreaElement).value).toBe(
      'A better idea',
    );
    openTab('LinkedIn');
    expect((screen.getByLabelText('Text for LinkedIn') as HTMLTextAreaElement).value).toBe(
      'One idea, told at length for LinkedIn',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Use shared text' }));
    expect((screen.getByLabelText('Text for LinkedIn') as HTMLTextAreaElement).value).toBe(
      'A better idea',
    );
    expect(screen.queryByText('Edited for LinkedIn')).toBeNull();
  });

  it("names the connected account in each preview: the platform's name, else the account record's, else a stand-in", async () => {
    const names: Record<string, string | null> = {
      x: '@muse_creator',
      reddit: null,
      youtube: 'Muse Sandbox Channel',
    };
    calls.handlers.getPlatformProfile = (input) => {
      const platform = (input as { platform: string }).platform;
      return Promise.resolve({
        platform,
        name: names[platform] ?? null,
        followers: null,
        following: null,
        posts: null,
        authors: [],
      });
    };
    live.accounts = [
      account('x'),
      account('reddit', {
        values: { clientId: 'client-reddit', userAgent: 'web:muse:1.0 (by /u/sandbox_creator)' },
      }),
      account('youtube'),
    ];
    renderPage();
    choose('X');
    choose('Reddit');
    choose('YouTube');
    write('One idea');
    const preview = () => screen.getByRole('region', { name: 'Preview' });
    const show = (name: string) => fireEvent.click(within(preview()).getByRole('button', { name }));
    await waitFor(() => expect(within(preview()).getByText('@muse_creator')).toBeTruthy());
    expect(within(preview()).queryByText('Your X account')).toBeNull();
    show('Reddit');
    // Reddit's profile names no one here: the User-Agent saved with the account does.
    await waitFor(() => expect(within(preview()).getByText('· u/sandbox_creator')).toBeTruthy());
    show('YouTube');
    await waitFor(() => expect(within(preview()).getByText('Muse Sandbox Channel')).toBeTruthy());
    expect(within(preview()).queryByText('Your channel')).toBeNull();
  });

  it('previews each chosen channel beside the editor, following the tab being edited', async () => {
    renderPage();
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
    choose('X');
    choose('LinkedIn');
    choose('Reddit');
    write('One idea\nTold in a few lines\n\nThe rest, below the fold');
    const preview = () => screen.getByRole('region', { name: 'Preview' });
    const shown = () =>
      within(preview())
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label'));
    const text = () => within(preview()).getByTestId('preview-text').textContent;
    expect(shown()).toEqual(['Preview on X']);
    expect(text()).toBe('One idea\nTold in a few lines\n\nThe rest, below the fold');

    openTab('LinkedIn');
    expect(shown()).toEqual(['Preview on LinkedIn']);
    expect(text()).toBe('One idea\nTold in a few lines …more');
    const author = screen.getByLabelText('Post From') as HTMLSelectElement;
    await waitFor(() => expect(author.options.length).toBe(2));
    fireEvent.change(author, { target: { value: MEMBER.urn } });
    expect(within(preview()).getByText('Sandy Box')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Text for LinkedIn'), {
      target: { value: 'Only for LinkedIn' },
    });
    expect(text()).toBe('Only for LinkedIn');

    openTab('Reddit');
    fireEvent.change(screen.getByLabelText('Subreddit'), { target: { value: 'r/MuseSandbox' } });
    fireEvent.change(screen.getByLabelText('Post Title'), {
      target: { value: 'One idea, for Reddit' },
    });
    expect(shown()).toEqual(['Preview on Reddit']);
    expect(within(preview()).getByTestId('preview-title').textContent).toBe('One idea, for Reddit');
    expect(within(preview()).getByText('r/MuseSandbox')).toBeTruthy();

    fireEvent.click(within(preview()).getByRole('button', { name: 'X' }));
    expect(shown()).toEqual(['Preview on X']);
  });

  it('names each channel that fails its checks and why, and Post Now stays disabled until all pass', async () => {
    renderPage();
    choose('X');
    choose('LinkedIn');
    choose('Reddit');
    write('x'.repeat(281));
    expect(problemsOf('X')).toEqual(["Your post is 1 character over X's 280 limit"]);
    expect(problemsOf('LinkedIn')).toEqual(['Please select where to post from']);
    expect(problemsOf('Reddit')).toEqual(['Please fill in all required fields: Subreddit, Title']);
    expect(postButton().disabled).toBe(true);
    expect(
      document.getElementById(postButton().getAttribute('aria-describedby')!)?.textContent,
    ).toBe('Fix X, LinkedIn, Reddit before posting: the reasons are listed per channel.');

    openTab('X');
    fireEvent.change(screen.getByLabelText('Text for X'), { target: { value: 'Short for X' } });
    openTab('LinkedIn');
    const author = screen.getByLabelText('Post From') as HTMLSelectElement;
    await waitFor(() => expect(author.options.length).toBe(2));
    fireEvent.change(author, { target: { value: MEMBER.urn } });
    openTab('Reddit');
    fireEvent.change(screen.getByLabelText('Subreddit'), { target: { value: 'r/has space' } });
    expect(problemsOf('Reddit')).toEqual(['Please enter a valid subreddit name']);
    expect(screen.getByText('X: ready')).toBeTruthy();
    expect(screen.getByText('LinkedIn: ready')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Subreddit'), { target: { value: 'MuseSandbox' } });
    fireEvent.change(screen.getByLabelText('Post Title'), { target: { value: 'One idea' } });
    expect(screen.getByText('Reddit: ready')).toBeTruthy();
    expect(postButton().disabled).toBe(false);
  });

  it('reads a typed schedule time in the workspace zone, not the browser’s, and sends that zone', async () => {
    live.profile = { scheduling: { timeZone: 'Asia/Kolkata', slots: {} } };
    render(
      <MemoryRouter>
        <ComposeRoute now={() => new Date('2026-11-26T00:00:00Z')} />
      </MemoryRouter>,
    );
    choose('X');
    write('Later');
    expect(screen.getByText('Times in Asia/Kolkata')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Schedule Date/), {
      target: { value: '2026-12-01T09:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(sent('publishPost')).toHaveLength(1));
    expect(sent('publishPost')[0]).toMatchObject({
      platform: 'x',
      scheduledAt: '2026-12-01T03:30:00.000Z',
      timeZone: 'Asia/Kolkata',
    });
  });

  it('sends one publishPost per channel, each with its own requestId and one shared group id, and shows each channel’s post', async () => {
    const { rerender } = renderPage();
    choose('X');
    choose('LinkedIn');
    write('One idea');
    openTab('LinkedIn');
    fireEvent.change(screen.getByLabelText('Text for LinkedIn'), {
      target: { value: 'One idea, for LinkedIn' },
    });
    const author = screen.getByLabelText('Post From') as HTMLSelectElement;
    await waitFor(() => expect(author.options.length).toBe(2));
    fireEvent.change(author, { target: { value: MEMBER.urn } });
    fireEvent.click(postButton());

    await waitFor(() => expect(sent('publishPost')).toHaveLength(2));
    const [x, linkedin] = sent('publishPost') as [Record<string, unknown>, Record<string, unknown>];
    expect(x).toMatchObject({ platform: 'x', text: 'One idea', scheduledAt: null });
    expect(linkedin).toMatchObject({
      platform: 'linkedin',
      text: 'One idea, for LinkedIn',
      author: MEMBER.urn,
      scheduledAt: null,
    });
    expect(x.requestId).not.toBe(linkedin.requestId);
    expect(typeof x.groupId).toBe('string');
    expect(linkedin.groupId).toBe(x.groupId);

    live.posts = [
      postDoc(x.requestId as string, {
        platform: 'x',
        status: 'published',
        text: 'One idea',
        groupId: x.groupId,
        url: 'https://x.com/i/status/1',
      }),
      postDoc(linkedin.requestId as string, {
        platform: 'linkedin',
        status: 'queued',
        text: 'One idea, for LinkedIn',
        groupId: x.groupId,
      }),
    ];
    rerender(
      <MemoryRouter>
        <ComposeRoute />
      </MemoryRouter>,
    );
    const group = screen.getByRole('region', { name: 'Post group' });
    expect(
      within(within(group).getByRole('group', { name: 'X' }))
        .getByRole('link', { name: /View post/ })
        .getAttribute('href'),
    ).toBe('https://x.com/i/status/1');
    expect(
      within(within(group).getByRole('group', { name: 'LinkedIn' })).getByText(
        'Waiting to publish...',
      ),
    ).toBeTruthy();
  });

  it('one channel refused or failed leaves the others; Send again and Retry send only that channel', async () => {
    calls.handlers.publishPost = (input) => {
      const { platform, requestId } = input as { platform: string; requestId: string };
      return platform === 'reddit' &&
        sent('publishPost').filter((p) => p.platform === 'reddit').length === 1
        ? Promise.reject(
            callableError('unavailable', 'Reddit is busy right now. Please try again.'),
          )
        : Promise.resolve({ postId: requestId, status: 'queued' });
    };
    calls.handlers.retryPost = () => Promise.resolve({ postId: 'retried', status: 'queued' });
    const { rerender } = renderPage();
    choose('X');
    choose('LinkedIn');
    choose('Reddit');
    write('One idea');
    openTab('LinkedIn');
    const author = screen.getByLabelText('Post From') as HTMLSelectElement;
    await waitFor(() => expect(author.options.length).toBe(2));
    fireEvent.change(author, { target: { value: MEMBER.urn } });
    openTab('Reddit');
    fireEvent.change(screen.getByLabelText('Subreddit'), { target: { value: 'MuseSandbox' } });
    fireEvent.change(screen.getByLabelText('Post Title'), { target: { value: 'One idea' } });
    fireEvent.click(postButton());

    const group = await screen.findByRole('region', { name: 'Post group' });
    const reddit = within(group).getByRole('group', { name: 'Reddit' });
    await within(reddit).findByText('Not sent: Reddit is busy right now. Please try again.');
    const [x, linkedin] = sent('publishPost') as [Record<string, unknown>, Record<string, unknown>];
    live.posts = [
      postDoc(x.requestId as string, {
        platform: 'x',
        status: 'published',
        groupId: x.groupId,
        url: 'https://x.com/i/status/2',
      }),
      postDoc(linkedin.requestId as string, {
        platform: 'linkedin',
        status: 'failed',
        groupId: x.groupId,
        error: { code: 'rate_limited', message: 'LinkedIn is rate limiting posts' },
      }),
    ];
    rerender(
      <MemoryRouter>
        <ComposeRoute />
      </MemoryRouter>,
    );
    expect(
      within(within(group).getByRole('group', { name: 'X' })).getByRole('link', {
        name: /View post/,
      }),
    ).toBeTruthy();
    const linkedinItem = within(group).getByRole('group', { name: 'LinkedIn' });
    expect(within(linkedinItem).getByText('Failed: LinkedIn is rate limiting posts')).toBeTruthy();

    fireEvent.click(within(linkedinItem).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(sent('retryPost')).toHaveLength(1));
    expect(sent('retryPost')[0]).toMatchObject({ postId: linkedin.requestId });

    fireEvent.click(within(reddit).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(sent('publishPost')).toHaveLength(4));
    const again = sent('publishPost')[3]!;
    expect(again).toMatchObject({
      platform: 'reddit',
      groupId: x.groupId,
      reddit: { subreddit: 'MuseSandbox', title: 'One idea' },
    });
    expect(again.requestId).not.toBe(sent('publishPost')[2]!.requestId);
    expect(sent('publishPost').filter((p) => p.platform !== 'reddit')).toHaveLength(2);
  });
});
