// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inboxReadKey } from '@core/inbox';

// The header inbox's read time is the account's one in Firestore (users/{uid}/inbox/state), shared with the
// extension's panel and badge: a read there counts here, Mark all read here writes it, and this browser's own
// copy only paints first.

const fake = vi.hoisted(() => ({
  docs: [] as { id: string; data: Record<string, unknown> }[],
  /** The inbox state document as Firestore answers it: undefined while it has not answered yet. */
  state: undefined as Record<string, unknown> | null | undefined,
  listeners: new Set<() => void>(),
  marks: [] as string[],
  /** Each mark's seenAt: the newest event's server time it covered (null: none on screen). */
  seen: [] as (number | null)[],
  /** A mark on its way: the device's clock when it was made, what the SDK's estimate of its server time reads. */
  pending: null as number | null,
}));

function setState(state: Record<string, unknown> | null | undefined) {
  fake.state = state;
  for (const listener of fake.listeners) listener();
}
const readAt = (iso: string) => ({ readAt: { toDate: () => new Date(iso) } });

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ db: {} }) }));
vi.mock('@core/firebase/inbox', () => ({
  // The write leaves; Firestore answers in each test, as it would after a round trip. Until then its listener
  // sees the pending write (serverTimestamp(): the device's clock as the estimate).
  markInboxRead: (_db: unknown, uid: string, seenAt: number | null) => {
    fake.marks.push(uid);
    fake.seen.push(seenAt);
    fake.pending = Date.now();
    for (const listener of fake.listeners) listener();
    return new Promise<void>(() => undefined);
  },
}));
vi.mock('firebase/firestore', () => ({ doc: (_db: unknown, path: string) => ({ path }) }));
vi.mock('@/lib/live', async () => {
  const { useEffect, useState } = await import('react');
  const useFake = () => {
    const [, render] = useState(0);
    useEffect(() => {
      const listener = () => render((n) => n + 1);
      fake.listeners.add(listener);
      return () => void fake.listeners.delete(listener);
    }, []);
  };
  return {
    useUserQuery: (_build: unknown, convert: (id: string, data: unknown) => unknown) => ({
      status: 'success',
      data: fake.docs.map((d) => convert(d.id, d.data)),
      retry: () => undefined,
    }),
    useUserDoc: (
      build: (db: unknown, uid: string) => { path: string },
      convert: (id: string, data: unknown) => unknown,
      options?: { serverTimestamps?: string },
    ) => {
      useFake();
      expect(build({}, 'u1').path).toBe('users/u1/inbox/state');
      if (fake.state === undefined) return { status: 'loading', retry: () => undefined };
      // A pending server timestamp reads as Firestore's SnapshotOptions say: the estimate unless told otherwise.
      const pending = fake.pending;
      if (pending !== null && options?.serverTimestamps !== 'previous') {
        return {
          status: 'success',
          data:
            options?.serverTimestamps === 'none'
              ? null
              : convert('state', { readAt: { toDate: () => new Date(pending) } }),
          retry: () => undefined,
        };
      }
      return {
        status: 'success',
        data: fake.state ? convert('state', fake.state) : null,
        retry: () => undefined,
      };
    },
  };
});

const { useInbox } = await import('./inbox');

const at = (iso: string) => ({ toDate: () => new Date(iso) });

beforeEach(() => {
  window.localStorage.clear();
  fake.state = undefined;
  fake.marks = [];
  fake.seen = [];
  fake.pending = null;
  fake.docs = [
    {
      id: 'ok',
      data: {
        platform: 'x',
        status: 'published',
        text: 'Live',
        publishedAt: at('2026-11-25T10:00:00Z'),
        updatedAt: at('2026-11-25T10:00:00Z'),
      },
    },
    {
      id: 'f1',
      data: {
        platform: 'x',
        status: 'failed',
        text: 'A',
        updatedAt: at('2026-11-25T11:00:00Z'),
        error: { code: 'auth_expired', message: 'm' },
      },
    },
    {
      id: 'f2',
      data: {
        platform: 'reddit',
        status: 'failed',
        text: 'B',
        updatedAt: at('2026-11-25T12:00:00Z'),
        error: { code: 'invalid_content', message: 'm' },
      },
    },
  ];
});

describe('the inbox read time shared through Firestore', () => {
  it("counts only the events after the account's read time, however the extension's panel moved it", () => {
    const { result } = renderHook(() => useInbox());
    act(() => setState(null));
    expect(result.current.unread).toBe(3);
    // Open inbox in the side panel, on another browser: Firestore's time moves, this page wrote nothing.
    act(() => setState(readAt('2026-11-25T11:30:00Z')));
    expect(result.current.unread).toBe(1);
    expect(result.current.events?.filter((e) => e.unread).map((e) => e.postId)).toEqual(['f2']);
  });

  it("Mark all read writes the account's read time to Firestore, and the count clears before Firestore answers", () => {
    const { result } = renderHook(() => useInbox());
    act(() => setState(readAt('2026-11-25T10:30:00Z')));
    expect(result.current.unread).toBe(2);
    act(() => result.current.markAllRead());
    expect(fake.marks).toEqual(['u1']);
    expect(result.current.unread).toBe(0);
    // Firestore answers with the server's time: it holds from then on.
    act(() => {
      fake.pending = null;
      setState(readAt('2026-11-25T14:00:02Z'));
    });
    expect(result.current.unread).toBe(0);
  });

  it("paints first with this browser's last read time, then takes Firestore's, and keeps it for the next paint", () => {
    window.localStorage.setItem(
      inboxReadKey('u1'),
      JSON.stringify(Date.parse('2026-11-25T13:00:00Z')),
    );
    const { result, unmount } = renderHook(() => useInbox());
    expect(result.current.unread).toBe(0);
    // Firestore's is earlier (this browser kept a time the account's read time no longer says): Firestore wins.
    act(() => setState(readAt('2026-11-25T11:30:00Z')));
    expect(result.current.unread).toBe(1);
    unmount();
    expect(JSON.parse(window.localStorage.getItem(inboxReadKey('u1'))!)).toBe(
      Date.parse('2026-11-25T11:30:00Z'),
    );
  });
});

// The device's clock may be minutes off the server's, which stamps the events and the read time: it must
// change nothing. The server's clock reads 12:00:01 at the press; f2 was stamped a second before.
describe('Mark all read with the device clock off', () => {
  const press = Date.parse('2026-11-25T12:00:01Z');
  const unreadIds = (inbox: { events: { postId: string; unread: boolean }[] | null }) =>
    inbox.events?.filter((e) => e.unread).map((e) => e.postId);

  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['5 minutes behind', -5 * 60_000],
    ['5 minutes ahead', 5 * 60_000],
  ])(
    'keeps what was seen read and shows what comes after unread, with the device %s',
    (_label, skew) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(press + skew);
      const { result, rerender } = renderHook(() => useInbox());
      act(() => setState(readAt('2026-11-25T10:30:00Z')));
      expect(unreadIds(result.current)).toEqual(['f2', 'f1']);

      act(() => result.current.markAllRead());
      expect(unreadIds(result.current)).toEqual([]);
      // A failure the server stamps a second after the press, before its read time arrives.
      fake.docs = [
        {
          id: 'f3',
          data: {
            platform: 'x',
            status: 'failed',
            text: 'C',
            updatedAt: { toDate: () => new Date(press + 1_000) },
            error: { code: 'platform_error', message: 'm' },
          },
        },
        ...fake.docs,
      ];
      rerender();
      expect(unreadIds(result.current)).toEqual(['f3']);

      // Firestore answers: the server's time when the mark reached it.
      act(() => {
        fake.pending = null;
        setState({ readAt: { toDate: () => new Date(press + 500) } });
      });
      expect(unreadIds(result.current)).toEqual(['f3']);
      expect(result.current.unread).toBe(1);
    },
  );

  it('a mark that reaches the server late (made offline) reads only what was on screen, not what came meanwhile', () => {
    const { result, rerender } = renderHook(() => useInbox());
    act(() => setState(readAt('2026-11-25T10:30:00Z')));
    act(() => result.current.markAllRead());
    // The mark names the newest event shown (f2, 12:00:00), the server's own time of it.
    expect(fake.seen).toEqual([Date.parse('2026-11-25T12:00:00Z')]);
    fake.docs = [
      {
        id: 'f3',
        data: {
          platform: 'x',
          status: 'failed',
          text: 'C',
          updatedAt: { toDate: () => new Date(press + 1_000) },
          error: { code: 'platform_error', message: 'm' },
        },
      },
      ...fake.docs,
    ];
    rerender();
    // Back online a minute later: the server stamps readAt then, and keeps seenAt as sent.
    act(() => {
      fake.pending = null;
      setState({
        readAt: { toDate: () => new Date(press + 60_000) },
        seenAt: { toDate: () => new Date(fake.seen[0]!) },
      });
    });
    expect(unreadIds(result.current)).toEqual(['f3']);
  });
});
