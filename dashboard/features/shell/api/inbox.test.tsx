// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
}));

function setState(state: Record<string, unknown> | null | undefined) {
  fake.state = state;
  for (const listener of fake.listeners) listener();
}
const readAt = (iso: string) => ({ readAt: { toDate: () => new Date(iso) } });

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ db: {} }) }));
vi.mock('@core/firebase/inbox', () => ({
  // The write leaves; Firestore answers in each test, as it would after a round trip.
  markInboxRead: (_db: unknown, uid: string) => {
    fake.marks.push(uid);
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
    useUserQuery: (_build: unknown, convert: (id: string, data: unknown) => unknown) => ({ status: 'success', data: fake.docs.map((d) => convert(d.id, d.data)), retry: () => undefined }),
    useUserDoc: (build: (db: unknown, uid: string) => { path: string }, convert: (id: string, data: unknown) => unknown) => {
      useFake();
      expect(build({}, 'u1').path).toBe('users/u1/inbox/state');
      if (fake.state === undefined) return { status: 'loading', retry: () => undefined };
      return { status: 'success', data: fake.state ? convert('state', fake.state) : null, retry: () => undefined };
    },
  };
});

const { useInbox } = await import('./inbox');

const at = (iso: string) => ({ toDate: () => new Date(iso) });
const now = () => Date.parse('2026-11-25T14:00:00Z');

beforeEach(() => {
  window.localStorage.clear();
  fake.state = undefined;
  fake.marks = [];
  fake.docs = [
    { id: 'ok', data: { platform: 'x', status: 'published', text: 'Live', publishedAt: at('2026-11-25T10:00:00Z'), updatedAt: at('2026-11-25T10:00:00Z') } },
    { id: 'f1', data: { platform: 'x', status: 'failed', text: 'A', updatedAt: at('2026-11-25T11:00:00Z'), error: { code: 'auth_expired', message: 'm' } } },
    { id: 'f2', data: { platform: 'reddit', status: 'failed', text: 'B', updatedAt: at('2026-11-25T12:00:00Z'), error: { code: 'invalid_content', message: 'm' } } },
  ];
});

describe('the inbox read time shared through Firestore', () => {
  it("counts only the events after the account's read time, however the extension's panel moved it", () => {
    const { result } = renderHook(() => useInbox(now));
    act(() => setState(null));
    expect(result.current.unread).toBe(3);
    // Open inbox in the side panel, on another browser: Firestore's time moves, this page wrote nothing.
    act(() => setState(readAt('2026-11-25T11:30:00Z')));
    expect(result.current.unread).toBe(1);
    expect(result.current.events?.filter((e) => e.unread).map((e) => e.postId)).toEqual(['f2']);
  });

  it("Mark all read writes the account's read time to Firestore, and the count clears before Firestore answers", () => {
    const { result } = renderHook(() => useInbox(now));
    act(() => setState(readAt('2026-11-25T10:30:00Z')));
    expect(result.current.unread).toBe(2);
    act(() => result.current.markAllRead());
    expect(fake.marks).toEqual(['u1']);
    expect(result.current.unread).toBe(0);
    // Firestore answers with the server's time: it holds from then on.
    act(() => setState(readAt('2026-11-25T14:00:02Z')));
    expect(result.current.unread).toBe(0);
  });

  it("paints first with this browser's last read time, then takes Firestore's, and keeps it for the next paint", () => {
    window.localStorage.setItem(inboxReadKey('u1'), JSON.stringify(Date.parse('2026-11-25T13:00:00Z')));
    const { result, unmount } = renderHook(() => useInbox(now));
    expect(result.current.unread).toBe(0);
    // Firestore's is earlier (this browser kept a time the account's read time no longer says): Firestore wins.
    act(() => setState(readAt('2026-11-25T11:30:00Z')));
    expect(result.current.unread).toBe(1);
    unmount();
    expect(JSON.parse(window.localStorage.getItem(inboxReadKey('u1'))!)).toBe(Date.parse('2026-11-25T11:30:00Z'));
  });
});
