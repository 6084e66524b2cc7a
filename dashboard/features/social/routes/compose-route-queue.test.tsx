// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawDoc } from '@core/data/statuses';
import { postDoc, timestampOf, type FakeCalls, type FakeLive } from '../test-support';

// Add to queue on the one composer: each chosen channel's post takes that channel's next free posting slot, read
// in the channel's own zone, skipping the slots that channel's scheduled posts hold; the posts go out as one group.

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
vi.mock('../api/compose-drafts', async () => (await import('../test-support')).noComposeDrafts);
// The browser is in Los Angeles; the workspace, in Berlin; X has a zone of its own, New York.
vi.mock('@core/schedule', async (original) => ({
  ...(await original<object>()),
  userTimeZone: () => 'America/Los_Angeles',
}));

vi.setConfig({ testTimeout: 60_000 });

const { clearPlatformProfiles } = await import('@/lib/platform-profile');
const { ComposeRoute } = await import('./compose-route');

const account = (id: string): RawDoc => ({
  id,
  data: {
    configured: true,
    hints: { accessToken: 'oken' },
    values: { clientId: `client-${id}` },
    connected: true,
    updatedAt: timestampOf('2026-11-23T08:00:00Z'),
  },
});
const MEMBER = { urn: 'urn:li:person:sbxMember01', name: 'Sandy Box', kind: 'person' };
const WEEKDAYS = [1, 2, 3, 4, 5];
// Monday 23 November 2026, 09:00 UTC: 04:00 in New York, 10:00 in Berlin.
const NOW = new Date('2026-11-23T09:00:00Z');

const published = () =>
  calls.log.filter((c) => c.name === 'publishPost').map((c) => c.input as Record<string, unknown>);
const renderPage = () =>
  render(
    <MemoryRouter>
      <ComposeRoute now={() => NOW} />
    </MemoryRouter>,
  );
const choose = (label: string) => fireEvent.click(screen.getByRole('checkbox', { name: label }));
const write = (text: string) =>
  fireEvent.change(screen.getByLabelText('Shared text'), { target: { value: text } });
const openTab = (name: string) =>
  fireEvent.click(screen.getByRole('tab', { name: new RegExp(`^${name}`) }));
const queueButton = () => screen.getByRole('button', { name: 'Add to queue' }) as HTMLButtonElement;
const slotsShown = () =>
  within(screen.getByRole('list', { name: 'Queue slots' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('Add to queue on the one composer', () => {
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
        Promise.resolve({
          postId: (input as { requestId: string }).requestId,
          status: 'scheduled',
        }),
    };
    live.accounts = [account('x'), account('linkedin'), account('reddit')];
    live.posts = [
      // X already holds today's 09:00 in New York; LinkedIn's own slot today is free.
      postDoc('x1', {
        status: 'scheduled',
        scheduledAt: timestampOf('2026-11-23T14:00:00Z'),
        timeZone: 'America/New_York',
      }),
    ];
    live.profile = {
      scheduling: {
        timeZone: 'Europe/Berlin',
        slots: {
          x: [{ days: WEEKDAYS, time: '09:00' }],
          linkedin: [{ days: WEEKDAYS, time: '12:30' }],
        },
        zones: { x: 'America/New_York' },
      },
    };
    toast.mockReset();
    clearPlatformProfiles();
  });
  afterEach(cleanup);

  it("shows each channel's next free slot in its own zone, and queues each post at it in one group", async () => {
    renderPage();
    choose('X');
    choose('LinkedIn');
    expect(slotsShown()).toEqual([
      'X: Tue 09:00 (America/New_York)',
      'LinkedIn: Mon 12:30 (Europe/Berlin)',
    ]);
    write('One idea');
    openTab('LinkedIn');
    const author = screen.getByLabelText('Post From') as HTMLSelectElement;
    await waitFor(() => expect(author.options.length).toBe(2));
    fireEvent.change(author, { target: { value: MEMBER.urn } });
    // A typed time is not what Add to queue sends: each channel's slot is.
    fireEvent.change(screen.getByLabelText(/Schedule Date/), {
      target: { value: '2026-12-01T09:00' },
    });
    expect(queueButton().disabled).toBe(false);
    fireEvent.click(queueButton());

    await waitFor(() => expect(published()).toHaveLength(2));
    const [x, linkedin] = published() as [Record<string, unknown>, Record<string, unknown>];
    expect(x).toMatchObject({
      platform: 'x',
      text: 'One idea',
      scheduledAt: '2026-11-24T14:00:00.000Z',
      timeZone: 'America/New_York',
    });
    expect(linkedin).toMatchObject({
      platform: 'linkedin',
      text: 'One idea',
      author: MEMBER.urn,
      scheduledAt: '2026-11-23T11:30:00.000Z',
      timeZone: 'Europe/Berlin',
    });
    expect(typeof x.groupId).toBe('string');
    expect(linkedin.groupId).toBe(x.groupId);
    expect(x.requestId).not.toBe(linkedin.requestId);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Added to queue',
        description:
          'Queued for X: Tue 09:00 (America/New_York); LinkedIn: Mon 12:30 (Europe/Berlin).',
      }),
    );
    expect(screen.getByRole('region', { name: 'Post group' })).toBeTruthy();
  });

  it('names a chosen channel without slots, links to Settings, and queues nothing until it is left out', async () => {
    renderPage();
    choose('X');
    choose('Reddit');
    write('One idea');
    openTab('Reddit');
    fireEvent.change(screen.getByLabelText('Subreddit'), { target: { value: 'MuseSandbox' } });
    fireEvent.change(screen.getByLabelText('Post Title'), { target: { value: 'One idea' } });
    await waitFor(() => expect(screen.getByText('Reddit: ready')).toBeTruthy());
    expect(slotsShown()).toEqual([
      'X: Tue 09:00 (America/New_York)',
      'Reddit: no posting slots yet. Add them in Settings',
    ]);
    expect(screen.getByRole('link', { name: 'Add them in Settings' }).getAttribute('href')).toBe(
      '/settings',
    );
    expect(
      screen.getByText(
        'Add to queue needs a free posting slot on every chosen channel: Reddit has none.',
      ),
    ).toBeTruthy();
    expect(queueButton().disabled).toBe(true);
    fireEvent.click(queueButton());
    expect(published()).toHaveLength(0);

    choose('Reddit');
    expect(slotsShown()).toEqual(['X: Tue 09:00 (America/New_York)']);
    expect(queueButton().disabled).toBe(false);
    fireEvent.click(queueButton());
    await waitFor(() => expect(published()).toHaveLength(1));
    expect(published()[0]).toMatchObject({
      platform: 'x',
      scheduledAt: '2026-11-24T14:00:00.000Z',
      timeZone: 'America/New_York',
    });
  });

  it('runs the same pre-publish checks as Schedule', () => {
    renderPage();
    choose('X');
    // Blank text: nothing to send.
    expect(queueButton().disabled).toBe(true);
    write('x'.repeat(281));
    expect(queueButton().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Post Now' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    write('Short enough');
    expect(queueButton().disabled).toBe(false);
  });
});
