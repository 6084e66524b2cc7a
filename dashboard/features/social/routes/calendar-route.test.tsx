// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawDoc } from '@core/data/statuses';
import { callableError, postDoc, timestampOf, type FakeCalls } from '../test-support';

const live = vi.hoisted(() => ({
  scheduled: [] as RawDoc[],
  settled: [] as RawDoc[],
  state: 'success' as 'success' | 'loading' | 'error',
}));
const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const toast = vi.hoisted(() => vi.fn());

vi.mock('@/lib/live', () => {
  const cache = new Map<unknown, unknown>();
  return {
    // The calendar asks for scheduled posts (ordered by scheduledAt), then published and failed ones.
    useUserQuery: (
      build: (db: unknown, uid: string) => unknown,
      convert: (id: string, data: unknown) => unknown,
    ) => {
      if (live.state === 'loading') return { status: 'loading', retry: () => undefined };
      if (live.state === 'error')
        return {
          status: 'error',
          error: new Error('Missing permissions.'),
          retry: () => undefined,
        };
      const source = build.toString().includes('scheduledAt') ? live.scheduled : live.settled;
      if (!cache.has(source))
        cache.set(
          source,
          source.map((d) => convert(d.id, d.data)),
        );
      return { status: 'success', data: cache.get(source), retry: () => undefined };
    },
    // The profile (the workspace's zone): still loading, so the browser's zone applies unless `zone` is given.
    useUserDoc: () => ({ status: 'loading', retry: () => undefined }),
  };
});
vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls),
);
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));

const { CalendarRoute } = await import('./calendar-route');

const NOW = new Date('2026-11-25T10:00:00Z');

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderCalendar() {
  return render(
    <MemoryRouter initialEntries={['/calendar']}>
      <Routes>
        <Route path="/calendar" element={<CalendarRoute now={() => NOW} zone="Europe/Berlin" />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

// By label, not role: the week's 168 slots make role queries slow.
const chip = (name: RegExp) => screen.getByLabelText(name);
const lastToast = () =>
  toast.mock.calls.at(-1)![0] as {
    title: string;
    description: string;
    variant?: string;
    action?: { label: string; onClick: () => void };
  };

// The week grid is 168 slots: rendering it in jsdom takes seconds on a loaded machine.
describe('the Calendar', () => {
  beforeEach(() => {
    live.state = 'success';
    live.scheduled = [
      postDoc('s1', {
        status: 'scheduled',
        text: 'Launch thread for Friday',
        scheduledAt: timestampOf('2026-11-27T08:00:00Z'),
        timeZone: 'Europe/Berlin',
      }),
      postDoc('s2', {
        platform: 'linkedin',
        status: 'scheduled',
        text: 'Hiring post',
        scheduledAt: timestampOf('2026-11-26T14:30:00Z'),
        timeZone: 'Europe/Berlin',
        author: { urn: 'urn:li:person:1', name: 'Ada' },
      }),
    ];
    live.settled = [
      postDoc('p1', {
        status: 'published',
        text: 'Shipped yesterday',
        url: 'https://x.com/muse/status/9',
        publishedAt: timestampOf('2026-11-24T16:00:00Z'),
        scheduledAt: timestampOf('2026-11-24T16:00:00Z'),
      }),
      postDoc('f1', {
        platform: 'reddit',
        status: 'failed',
        text: '',
        reddit: { subreddit: 'MuseSandbox', title: 'Refused title' },
        scheduledAt: timestampOf('2026-11-23T09:00:00Z'),
        error: { code: 'x', message: 'Subreddit refused it' },
      }),
    ];
    calls.log = [];
    calls.handlers = {};
    toast.mockReset();
  });
  afterEach(cleanup);

  it('shows the week with each post: channel, time in its zone, status and the start of its text', () => {
    renderCalendar();
    expect(screen.getByLabelText('Nov 23 – 29, 2026').getAttribute('role')).toBe('grid');
    expect(chip(/^X, Scheduled, 09:00 Europe\/Berlin: Launch thread for Friday$/)).toBeTruthy();
    expect(chip(/^LinkedIn, Scheduled, 15:30 Europe\/Berlin: Hiring post$/)).toBeTruthy();
    expect(chip(/^X, Published, 17:00 Europe\/Berlin: Shipped yesterday$/)).toBeTruthy();
    expect(chip(/^Reddit, Failed, 10:00 Europe\/Berlin: Refused title$/)).toBeTruthy();
    // In the hour row it falls in.
    const row = screen
      .getByText('09:00', { selector: '[role="rowheader"]' })
      .closest('[role="row"]') as HTMLElement;
    expect(within(row).getByLabelText(/Launch thread/)).toBeTruthy();
  });

  it('switches to the month and the list, and filters by channel', () => {
    renderCalendar();
    fireEvent.click(screen.getByText('month'));
    expect(screen.getByLabelText('November 2026').getAttribute('role')).toBe('grid');
    expect(chip(/Hiring post/)).toBeTruthy();
    fireEvent.click(screen.getByText('list'));
    expect(screen.getByLabelText('Thursday, November 26, 2026').tagName).toBe('SECTION');
    fireEvent.click(within(screen.getByLabelText('Channels')).getByText('LinkedIn'));
    expect(chip(/Hiring post/)).toBeTruthy();
    expect(screen.queryByLabelText(/Launch thread/)).toBeNull();
    expect(screen.queryByLabelText(/Refused title/)).toBeNull();
  });

  it('opens a scheduled post with Edit and Cancel, and a published one with its link', async () => {
    renderCalendar();
    fireEvent.click(chip(/Launch thread/));
    const dialog = await screen.findByTestId('calendar-post');
    expect(within(dialog).getByText('Edit', { selector: 'button' })).toBeTruthy();
    expect(
      within(dialog).getByText('Scheduled for Nov 27, 2026, 9:00 AM (Europe/Berlin)'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Close', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByTestId('calendar-post')).toBeNull());
    fireEvent.click(chip(/Shipped yesterday/));
    expect(
      (
        within(await screen.findByTestId('calendar-post'))
          .getByText(/View post/)
          .closest('a') as HTMLAnchorElement
      ).href,
    ).toBe('https://x.com/muse/status/9');
  });

  it('composes for an empty slot: the chosen channel opens with that time', async () => {
    renderCalendar();
    fireEvent.click(screen.getByLabelText('New post on Wednesday, November 25, 2026 at 13:00'));
    fireEvent.click(
      within(await screen.findByTestId('calendar-compose')).getByText('LinkedIn', {
        selector: 'button',
      }),
    );
    expect(screen.getByTestId('where').textContent).toBe(
      '/social/linkedin?schedule=2026-11-25T13%3A00',
    );
  });

  it('composes straight in the one channel filtered to', () => {
    renderCalendar();
    fireEvent.click(within(screen.getByLabelText('Channels')).getByText('Reddit'));
    fireEvent.click(screen.getByLabelText('New post on Friday, November 27, 2026 at 08:00'));
    expect(screen.getByTestId('where').textContent).toBe(
      '/social/reddit?schedule=2026-11-27T08%3A00',
    );
  });

  it('moves a scheduled post a day with Alt+Arrow through updateScheduledPost, keeping its time, with one Undo', async () => {
    calls.handlers.updateScheduledPost = () => Promise.resolve({ ok: true });
    renderCalendar();
    fireEvent.keyDown(chip(/Launch thread/), { key: 'ArrowRight', altKey: true });
    await waitFor(() => expect(toast).toHaveBeenCalled());
    expect(calls.log).toEqual([
      {
        name: 'updateScheduledPost',
        input: {
          postId: 's1',
          text: 'Launch thread for Friday',
          media: [],
          scheduledAt: '2026-11-28T08:00:00.000Z',
          timeZone: 'Europe/Berlin',
        },
      },
    ]);
    expect(lastToast().title).toBe('Post moved');
    expect(lastToast().action?.label).toBe('Undo');
    lastToast().action!.onClick();
    await waitFor(() => expect(calls.log).toHaveLength(2));
    expect((calls.log[1]!.input as { scheduledAt: string }).scheduledAt).toBe(
      '2026-11-27T08:00:00.000Z',
    );
    await waitFor(() => expect(lastToast().title).toBe('Move undone'));
  });

  it('moves a scheduled post dragged onto another day of the month, at the same time', async () => {
    calls.handlers.updateScheduledPost = () => Promise.resolve({ ok: true });
    renderCalendar();
    fireEvent.click(screen.getByText('month'));
    // jsdom lays nothing out: the chip sits at 0,0 and the target day at 500,500.
    const rect = (x: number, size: number) => ({
      x,
      y: x,
      left: x,
      top: x,
      right: x + size,
      bottom: x + size,
      width: size,
      height: size,
      toJSON: () => ({}),
    });
    const spy = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      return (
        this.getAttribute('data-drop') === 'day|2026-11-30'
          ? rect(500, 100)
          : this.getAttribute('data-drop')
            ? rect(-1000, 1)
            : rect(0, 20)
      ) as DOMRect;
    });
    try {
      const dragged = chip(/Launch thread/);
      fireEvent.pointerDown(dragged, { isPrimary: true, button: 0, clientX: 5, clientY: 5 });
      fireEvent.pointerMove(document, { isPrimary: true, clientX: 20, clientY: 20 });
      fireEvent.pointerMove(document, { isPrimary: true, clientX: 545, clientY: 545 });
      fireEvent.pointerUp(document, { isPrimary: true, clientX: 545, clientY: 545 });
      await waitFor(() => expect(calls.log).toHaveLength(1));
    } finally {
      spy.mockRestore();
    }
    expect(calls.log[0]!.input).toMatchObject({
      postId: 's1',
      scheduledAt: '2026-11-30T08:00:00.000Z',
      timeZone: 'Europe/Berlin',
    });
  });

  it('moves an hour in the week view with Alt+Down and keeps the author', async () => {
    calls.handlers.updateScheduledPost = () => Promise.resolve({ ok: true });
    renderCalendar();
    fireEvent.keyDown(chip(/Hiring post/), { key: 'ArrowDown', altKey: true });
    await waitFor(() => expect(calls.log).toHaveLength(1));
    expect(calls.log[0]!.input).toMatchObject({
      postId: 's2',
      author: 'urn:li:person:1',
      scheduledAt: '2026-11-26T15:30:00.000Z',
    });
  });

  it('says why when the server refuses a move, and offers no Undo', async () => {
    calls.handlers.updateScheduledPost = () =>
      Promise.reject(
        callableError('invalid-argument', 'Posts can be scheduled at most 365 days ahead.'),
      );
    renderCalendar();
    fireEvent.keyDown(chip(/Launch thread/), { key: 'ArrowLeft', altKey: true });
    await waitFor(() => expect(toast).toHaveBeenCalled());
    expect(lastToast()).toMatchObject({
      title: 'Could not move the post',
      description: 'Posts can be scheduled at most 365 days ahead.',
      variant: 'destructive',
    });
    expect(lastToast().action).toBeUndefined();
  });

  it('does not move published or failed posts', () => {
    renderCalendar();
    fireEvent.keyDown(chip(/Shipped yesterday/), { key: 'ArrowRight', altKey: true });
    expect(calls.log).toEqual([]);
  });

  it('does not announce a published post as disabled: it cannot move, but it opens', () => {
    renderCalendar();
    expect(chip(/Shipped yesterday/).getAttribute('aria-disabled')).toBeNull();
    expect(chip(/Launch thread/).getAttribute('aria-disabled')).toBeNull();
  });

  it('shows loading, error and empty states', () => {
    live.state = 'loading';
    const { unmount } = renderCalendar();
    expect(screen.getByLabelText('Loading your posts').getAttribute('aria-busy')).toBe('true');
    unmount();
    live.state = 'error';
    const second = renderCalendar();
    expect(screen.getByText(/Couldn't load your posts. Missing permissions./)).toBeTruthy();
    second.unmount();
    live.state = 'success';
    live.scheduled = [];
    live.settled = [];
    renderCalendar();
    expect(screen.getByText('No posts yet. Pick a slot to plan one.')).toBeTruthy();
  });
});
