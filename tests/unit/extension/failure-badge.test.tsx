// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Firestore } from 'firebase/firestore';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  FAILURE_BADGE_COLOR,
  failureBadgeText,
  showFailureBadge,
} from '../../../entrypoints/sidepanel/logic/failure-badge';
import { inboxReadAtStorage } from '../../../entrypoints/sidepanel/panel-storage';
import { refreshFailureBadge } from '../../../entrypoints/background/failure-badge';
import { readInboxPost, unreadFailures } from '@core/inbox';

// The badge on the toolbar icon: the user's failed posts not read yet in the inbox, counted by the inbox's
// own rule (core/inbox.ts), red, and gone once the user opens the inbox from the panel.

// Firestore as the hooks see it: the posts, and each account's inbox state document (users/{uid}/inbox/state),
// which markInboxRead writes with the server's time (here the test's clock) and the dashboard may write too.
// `held`: marks that have not reached the server yet (each account's path: the device's clock when made, what
// the SDK's estimate of a pending serverTimestamp() reads).
const live = vi.hoisted(() => ({
  docs: [] as { id: string; data: Record<string, unknown> }[],
  states: {} as Record<string, Record<string, unknown>>,
  listeners: new Set<() => void>(),
  clock: 0,
  hold: false,
  held: {} as Record<string, number>,
  /** Each mark's seenAt: the newest post's server time it covered (null: none on screen). */
  seen: [] as (number | null)[],
}));
vi.mock('@core/react/use-live', async () => {
  const { useEffect, useState } = await import('react');
  return {
    useLiveQuery: (_q: unknown, convert: (id: string, data: unknown) => unknown) => ({
      status: 'success',
      data: live.docs.map((d) => convert(d.id, d.data)),
      retry: () => undefined,
    }),
    useLiveDoc: (
      ref: { path: string },
      convert: (id: string, data: unknown) => unknown,
      options?: { serverTimestamps?: string },
    ) => {
      const [, render] = useState(0);
      useEffect(() => {
        const listener = () => render((n) => n + 1);
        live.listeners.add(listener);
        return () => void live.listeners.delete(listener);
      }, []);
      // A pending server timestamp reads as Firestore's SnapshotOptions say: the estimate unless told otherwise.
      const pending = live.held[ref.path];
      if (pending !== undefined && options?.serverTimestamps !== 'previous') {
        return {
          status: 'success',
          data:
            options?.serverTimestamps === 'none'
              ? null
              : convert('state', { readAt: { toDate: () => new Date(pending) } }),
          retry: () => undefined,
        };
      }
      const data = live.states[ref.path];
      return {
        status: 'success',
        data: data ? convert('state', data) : null,
        retry: () => undefined,
      };
    },
  };
});
vi.mock('firebase/firestore', () => ({ doc: (_db: unknown, path: string) => ({ path }) }));
vi.mock('@core/firebase/inbox', () => ({
  markInboxRead: (_db: unknown, uid: string, seenAt: number | null) => {
    live.seen.push(seenAt);
    if (!live.hold) {
      setState(uid, live.clock, seenAt);
      return Promise.resolve();
    }
    live.held[`users/${uid}/inbox/state`] = Date.now();
    for (const listener of live.listeners) listener();
    return new Promise<void>(() => undefined);
  },
}));
vi.mock('@core/inbox', async (load) => ({
  ...(await load<object>()),
  inboxPostsQuery: () => null,
}));

function setState(uid: string, at: number, seenAt: number | null = null) {
  live.states[`users/${uid}/inbox/state`] = {
    readAt: { toDate: () => new Date(at) },
    ...(seenAt === null ? {} : { seenAt: { toDate: () => new Date(seenAt) } }),
  };
  for (const listener of live.listeners) listener();
}

const { useFailureBadge } = await import('../../../entrypoints/sidepanel/hooks/use-failure-badge');

const at = (iso: string) => ({ toDate: () => new Date(iso) });
const db = {} as Firestore;

beforeEach(() => {
  fakeBrowser.reset();
  live.states = {};
  live.hold = false;
  live.held = {};
  live.seen = [];
  live.clock = Date.parse('2026-11-25T14:00:00Z');
  live.docs = [
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
        error: { code: 'invalid_content', message: 'm', step: 'create' },
      },
    },
    {
      id: 's1',
      data: {
        platform: 'x',
        status: 'scheduled',
        text: 'Later',
        updatedAt: at('2026-11-25T13:00:00Z'),
      },
    },
  ];
});

describe('the badge text', () => {
  it('is empty at 0, the count up to 99, then 99+', () => {
    expect([0, -1, 1, 7, 99, 100, 1234].map(failureBadgeText)).toEqual([
      '',
      '',
      '1',
      '7',
      '99',
      '99+',
      '99+',
    ]);
  });

  it('is set on the toolbar icon on red, and cleared at 0', async () => {
    await showFailureBadge(3);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('3');
    const [r, g, b] = await fakeBrowser.action.getBadgeBackgroundColor({});
    expect(`#${[r, g, b].map((n) => n!.toString(16).padStart(2, '0')).join('')}`).toBe(
      FAILURE_BADGE_COLOR,
    );
    expect(await fakeBrowser.action.getTitle({})).toBe('Muse Studio: 3 failed posts');
    await showFailureBadge(0);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });
});

describe('the panel watching the failures', () => {
  it('counts the unread failed posts on the badge and clears them when the inbox is opened', async () => {
    const { result } = renderHook(() => useFailureBadge(db, 'u1'));
    await waitFor(() => expect(result.current.count).toBe(2));
    await waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('2'));

    act(() => result.current.markRead());
    await waitFor(() => expect(result.current.count).toBe(0));
    await waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe(''));
  });

  it('keeps each account its own read time, across panel openings', async () => {
    const first = renderHook(() => useFailureBadge(db, 'u1'));
    await waitFor(() => expect(first.result.current.count).toBe(2));
    act(() => first.result.current.markRead());
    await waitFor(() => expect(first.result.current.count).toBe(0));
    first.unmount();

    const again = renderHook(() => useFailureBadge(db, 'u1'));
    await waitFor(() => expect(again.result.current.count).toBe(0));
    const other = renderHook(() => useFailureBadge(db, 'u2'));
    await waitFor(() => expect(other.result.current.count).toBe(2));
  });

  it('clears the count and the badge when the inbox is read on the dashboard, with the panel open', async () => {
    const { result } = renderHook(() => useFailureBadge(db, 'u1'));
    await waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('2'));
    // Mark all read on the dashboard moves the account's read time in Firestore; the panel wrote nothing.
    act(() => setState('u1', Date.parse('2026-11-25T11:30:00Z')));
    await waitFor(() => expect(result.current.count).toBe(1));
    act(() => setState('u1', Date.parse('2026-11-25T14:00:00Z')));
    await waitFor(() => expect(result.current.count).toBe(0));
    await waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe(''));
    expect(await inboxReadAtStorage.getValue()).toEqual({});
  });

  it("writes Open inbox to the account's read time in Firestore, which every front door reads", async () => {
    const { result } = renderHook(() => useFailureBadge(db, 'u1'));
    await waitFor(() => expect(result.current.count).toBe(2));
    act(() => result.current.markRead());
    await waitFor(() => expect(result.current.count).toBe(0));
    expect(live.states['users/u1/inbox/state']).toBeDefined();
  });
});

// The device's clock may be minutes off the server's, which stamps the posts and the read time: it must change
// nothing, in the panel or in the background that counts with the panel's mark. The server's clock reads
// 12:00:01 when the user opens the inbox; f2 was stamped a second before.
describe('Open inbox with the device clock off', () => {
  const press = Date.parse('2026-11-25T12:00:01Z');

  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['5 minutes behind', -5 * 60_000],
    ['5 minutes ahead', 5 * 60_000],
  ])(
    'keeps what was seen read and counts what comes after, with the device %s',
    async (_label, skew) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(press + skew);
      live.hold = true;
      const { result, rerender } = renderHook(() => useFailureBadge(db, 'u1'));
      await waitFor(() => expect(result.current.count).toBe(2));

      act(() => result.current.markRead());
      await waitFor(() => expect(result.current.count).toBe(0));
      await waitFor(async () => expect(await inboxReadAtStorage.getValue()).toHaveProperty('u1'));
      // A failure the server stamps a second after the press, before its read time arrives.
      const next = {
        id: 'f3',
        data: {
          platform: 'x',
          status: 'failed',
          text: 'C',
          updatedAt: { toDate: () => new Date(press + 1_000) },
          error: { code: 'platform_error', message: 'm' },
        },
      };
      live.docs = [next, ...live.docs];
      rerender();
      await waitFor(() => expect(result.current.count).toBe(1));
      // The background, with the panel closed, counts it too (Firestore has not the mark yet: the panel's own).
      const posts = live.docs.map((d) => readInboxPost(d.id, d.data));
      const source = {
        currentUid: () => Promise.resolve('u1'),
        countUnreadFailures: (_uid: string, readAt: number | null) =>
          Promise.resolve(unreadFailures(posts, readAt)),
        readReadAt: (): Promise<number | null> => Promise.resolve(null),
      };
      expect(await refreshFailureBadge(source)).toBe(1);

      // Firestore answers: the server's time when the mark reached it.
      act(() => {
        delete live.held['users/u1/inbox/state'];
        setState('u1', press + 500);
      });
      await waitFor(() => expect(result.current.count).toBe(1));
      source.readReadAt = () => Promise.resolve(press + 500);
      expect(await refreshFailureBadge(source)).toBe(1);
    },
  );

  it('a mark that reaches the server late (made offline) reads only what was on screen, not what came meanwhile', async () => {
    live.hold = true;
    const { result, rerender } = renderHook(() => useFailureBadge(db, 'u1'));
    await waitFor(() => expect(result.current.count).toBe(2));
    act(() => result.current.markRead());
    // The mark names the newest event shown (f2, 12:00:00; a scheduled post is no event), the server's own time of it.
    expect(live.seen).toEqual([Date.parse('2026-11-25T12:00:00Z')]);
    live.docs = [
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
      ...live.docs,
    ];
    rerender();
    // Back online a minute later: the server stamps readAt then, and keeps seenAt as sent.
    act(() => {
      delete live.held['users/u1/inbox/state'];
      setState('u1', press + 60_000, live.seen[0]);
    });
    await waitFor(() => expect(result.current.count).toBe(1));
  });
});
