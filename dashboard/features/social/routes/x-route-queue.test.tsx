// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postDoc, timestampOf, type FakeCalls, type FakeLive } from '../test-support';

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const live = vi.hoisted((): FakeLive => ({ posts: [], library: [] }));
const toast = vi.hoisted(() => vi.fn());

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls),
);
vi.mock('@/lib/live', async () => (await import('../test-support')).fakeLiveModule(live));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('../api/drafts', () => ({
  usePlatformDrafts: () => ({ status: 'success', data: [], retry: () => undefined }),
  useDraftDoc: () => ({ status: 'success', data: null, retry: () => undefined }),
}));
// The browser is in Los Angeles; the workspace, in Berlin.
vi.mock('@core/schedule', async (original) => ({
  ...(await original<object>()),
  userTimeZone: () => 'America/Los_Angeles',
}));

const { clearPlatformProfiles } = await import('@/lib/platform-profile');
const { XRoute } = await import('./x-route');

// The whole X page renders in each test: slow on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

const renderPage = () =>
  render(
    <MemoryRouter>
      <XRoute />
    </MemoryRouter>,
  );
const postContent = () => screen.getByLabelText('Post Content') as HTMLTextAreaElement;
const published = () =>
  calls.log
    .filter((c) => c.name === 'publishPost')
    .map((c) => c.input as { text: string; scheduledAt: string | null; timeZone: string });
const WEEKDAYS = [1, 2, 3, 4, 5];

describe('the X composer in the workspace time zone', () => {
  beforeEach(() => {
    // Monday 23 November 2026, 10:00 in Berlin (01:00 in Los Angeles).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
    calls.log = [];
    calls.handlers = {
      getPlatformProfile: () =>
        Promise.resolve({
          platform: 'x',
          name: '@muse',
          followers: 1,
          following: 1,
          posts: 1,
          authors: [],
        }),
      publishPost: () => Promise.resolve({ postId: 'p1', status: 'scheduled' }),
    };
    live.posts = [];
    live.library = [];
    live.profile = {
      scheduling: {
        timeZone: 'Europe/Berlin',
        slots: {
          x: [
            { days: WEEKDAYS, time: '09:00' },
            { days: WEEKDAYS, time: '12:30' },
          ],
        },
      },
    };
    toast.mockReset();
    clearPlatformProfiles();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('reads and shows a typed schedule time in the workspace zone, not the browser’s', async () => {
    renderPage();
    expect(screen.getByText('Times in Europe/Berlin')).toBeTruthy();
    fireEvent.change(postContent(), { target: { value: 'Later' } });
    fireEvent.change(screen.getByLabelText(/Schedule Date/), {
      target: { value: '2026-11-24T12:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule Post' }));
    await waitFor(() => expect(published()).toHaveLength(1));
    expect(published()[0]).toMatchObject({
      scheduledAt: '2026-11-24T11:30:00.000Z',
      timeZone: 'Europe/Berlin',
    });
  });

  it('queues at the next free slot, skipping the ones taken on this channel only', async () => {
    live.posts = [
      // X already holds today's 12:30; LinkedIn's post at Tuesday 09:00 does not take X's slot.
      postDoc('x1', { status: 'scheduled', scheduledAt: timestampOf('2026-11-23T11:30:00Z') }),
      postDoc('l1', {
        platform: 'linkedin',
        status: 'scheduled',
        scheduledAt: timestampOf('2026-11-24T08:00:00Z'),
      }),
    ];
    renderPage();
    expect(screen.getByText('Next free slot: Tue 09:00 (Europe/Berlin)')).toBeTruthy();
    fireEvent.change(postContent(), { target: { value: 'Queued idea' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to queue' }));
    await waitFor(() => expect(published()).toHaveLength(1));
    expect(published()[0]).toMatchObject({
      text: 'Queued idea',
      scheduledAt: '2026-11-24T08:00:00.000Z',
      timeZone: 'Europe/Berlin',
    });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Added to queue',
        description: 'Queued for Tue 09:00 (Europe/Berlin).',
      }),
    );

    // The slot was for that one post: the next Post Now goes out now.
    await waitFor(() => expect(postContent().value).toBe(''));
    fireEvent.change(postContent(), { target: { value: 'Right away' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(published()).toHaveLength(2));
    expect(published()[1]).toMatchObject({ text: 'Right away', scheduledAt: null });
  });

  it("queues in the channel's own zone, across the workspace's clock change, and plans the post in it", async () => {
    // Friday 30 October 2026, 13:00 in Los Angeles (still on daylight time; it falls back on Sunday 1 November),
    // Saturday 01:30 in Kolkata. X's slots are weekdays 09:00 in Kolkata.
    vi.setSystemTime(new Date('2026-10-30T20:00:00Z'));
    live.profile = {
      scheduling: {
        timeZone: 'America/Los_Angeles',
        slots: { x: [{ days: WEEKDAYS, time: '09:00' }] },
        zones: { x: 'Asia/Kolkata' },
      },
    };
    renderPage();
    expect(screen.getByText('Next free slot: Mon 09:00 (Asia/Kolkata)')).toBeTruthy();
    fireEvent.change(postContent(), { target: { value: 'For India' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to queue' }));
    await waitFor(() => expect(published()).toHaveLength(1));
    // Monday 09:00 in Kolkata (UTC+05:30), which is Sunday 19:30 in Los Angeles, on standard time by then.
    expect(published()[0]).toMatchObject({
      text: 'For India',
      scheduledAt: '2026-11-02T03:30:00.000Z',
      timeZone: 'Asia/Kolkata',
    });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Added to queue',
        description: 'Queued for Mon 09:00 (Asia/Kolkata).',
      }),
    );

    // A typed time is still read in the workspace's zone.
    await waitFor(() => expect(postContent().value).toBe(''));
    fireEvent.change(postContent(), { target: { value: 'Typed' } });
    fireEvent.change(screen.getByLabelText(/Schedule Date/), {
      target: { value: '2026-11-02T09:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule Post' }));
    await waitFor(() => expect(published()).toHaveLength(2));
    expect(published()[1]).toMatchObject({
      text: 'Typed',
      scheduledAt: '2026-11-02T17:00:00.000Z',
      timeZone: 'America/Los_Angeles',
    });
  });

  it('keeps no slot for a later post when the queued one is refused', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add to queue' }));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive' }));
    expect(published()).toHaveLength(0);
    fireEvent.change(postContent(), { target: { value: 'Right away' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(published()).toHaveLength(1));
    expect(published()[0]).toMatchObject({ scheduledAt: null });
  });

  it('says where to add slots when the channel has none', () => {
    live.profile = {
      scheduling: {
        timeZone: 'Europe/Berlin',
        slots: { linkedin: [{ days: WEEKDAYS, time: '09:00' }] },
      },
    };
    renderPage();
    expect(
      (screen.getByRole('button', { name: 'Add to queue' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText(/No posting slots for this channel yet/).textContent).toBe(
      'No posting slots for this channel yet. Add them in Settings.',
    );
    expect(screen.getByRole('link', { name: 'Add them in Settings' }).getAttribute('href')).toBe(
      '/settings',
    );
  });
});
