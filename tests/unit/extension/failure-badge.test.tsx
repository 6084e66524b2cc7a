// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Firestore } from 'firebase/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { FAILURE_BADGE_COLOR, failureBadgeText, showFailureBadge } from '../../../entrypoints/sidepanel/logic/failure-badge';

// The badge on the toolbar icon: the user's failed posts not read yet in the inbox, counted by the inbox's
// own rule (core/inbox.ts), red, and gone once the user opens the inbox from the panel.

const live = vi.hoisted(() => ({ docs: [] as { id: string; data: Record<string, unknown> }[] }));
vi.mock('@core/react/use-live', () => ({
  useLiveQuery: (_q: unknown, convert: (id: string, data: unknown) => unknown) => ({ status: 'success', data: live.docs.map((d) => convert(d.id, d.data)), retry: () => undefined }),
}));
vi.mock('@core/inbox', async (load) => ({ ...(await load<object>()), inboxPostsQuery: () => null }));

const { useFailureBadge } = await import('../../../entrypoints/sidepanel/hooks/use-failure-badge');

const at = (iso: string) => ({ toDate: () => new Date(iso) });
const db = {} as Firestore;

beforeEach(() => {
  fakeBrowser.reset();
  live.docs = [
    { id: 'ok', data: { platform: 'x', status: 'published', text: 'Live', publishedAt: at('2026-11-25T10:00:00Z'), updatedAt: at('2026-11-25T10:00:00Z') } },
    { id: 'f1', data: { platform: 'x', status: 'failed', text: 'A', updatedAt: at('2026-11-25T11:00:00Z'), error: { code: 'auth_expired', message: 'm' } } },
    { id: 'f2', data: { platform: 'reddit', status: 'failed', text: 'B', updatedAt: at('2026-11-25T12:00:00Z'), error: { code: 'invalid_content', message: 'm', step: 'create' } } },
    { id: 's1', data: { platform: 'x', status: 'scheduled', text: 'Later', updatedAt: at('2026-11-25T13:00:00Z') } },
  ];
});

describe('the badge text', () => {
  it('is empty at 0, the count up to 99, then 99+', () => {
    expect([0, -1, 1, 7, 99, 100, 1234].map(failureBadgeText)).toEqual(['', '', '1', '7', '99', '99+', '99+']);
  });

  it('is set on the toolbar icon on red, and cleared at 0', async () => {
    await showFailureBadge(3);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('3');
    const [r, g, b] = await fakeBrowser.action.getBadgeBackgroundColor({});
    expect(`#${[r, g, b].map((n) => n!.toString(16).padStart(2, '0')).join('')}`).toBe(FAILURE_BADGE_COLOR);
    expect(await fakeBrowser.action.getTitle({})).toBe('Muse Studio: 3 failed posts');
    await showFailureBadge(0);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });
});

describe('the panel watching the failures', () => {
  it('counts the unread failed posts on the badge and clears them when the inbox is opened', async () => {
    const { result } = renderHook(() => useFailureBadge(db, 'u1', () => Date.parse('2026-11-25T14:00:00Z')));
    await waitFor(() => expect(result.current.count).toBe(2));
    await waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('2'));

    act(() => result.current.markRead());
    await waitFor(() => expect(result.current.count).toBe(0));
    await waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe(''));
  });

  it('keeps each account its own read time, across panel openings', async () => {
    const first = renderHook(() => useFailureBadge(db, 'u1', () => Date.parse('2026-11-25T14:00:00Z')));
    await waitFor(() => expect(first.result.current.count).toBe(2));
    act(() => first.result.current.markRead());
    await waitFor(() => expect(first.result.current.count).toBe(0));
    first.unmount();

    const again = renderHook(() => useFailureBadge(db, 'u1'));
    await waitFor(() => expect(again.result.current.count).toBe(0));
    const other = renderHook(() => useFailureBadge(db, 'u2'));
    await waitFor(() => expect(other.result.current.count).toBe(2));
  });
});
