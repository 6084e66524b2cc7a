import { readInboxPost, unreadFailures, type InboxPost } from '@core/inbox';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  FAILURE_BADGE_ALARM,
  FAILURE_BADGE_PERIOD_MINUTES,
  refreshFailureBadge,
  registerFailureBadge,
  type FailureBadgeSource,
} from '../../../entrypoints/background/failure-badge';
import { inboxReadAtStorage } from '../../../entrypoints/sidepanel/panel-storage';

// The toolbar badge of failed posts while the side panel is closed: the background reads the inbox's posts with the
// panel's session when its alarm wakes it, counts the failures not read yet by the inbox's own rule, and clears the
// count as soon as the panel marks the inbox read, or at the next alarm after the dashboard marks it read (the
// account's one read time in Firestore, users/{uid}/inbox/state).

const at = (iso: string) => ({ toDate: () => new Date(iso) });
const failed = (id: string, iso: string, code = 'platform_error'): InboxPost =>
  readInboxPost(id, {
    platform: 'x',
    status: 'failed',
    text: `Post ${id}`,
    updatedAt: at(iso),
    error: { code, message: 'refused' },
  });
const published = (id: string, iso: string): InboxPost =>
  readInboxPost(id, {
    platform: 'x',
    status: 'published',
    text: `Post ${id}`,
    publishedAt: at(iso),
    updatedAt: at(iso),
  });

/** The signed-in account, its posts and its read time as Firestore would answer, changed by each test as events happen. */
function fakeSource(uid: string | null, posts: InboxPost[]) {
  const state = { uid, posts, readAt: null as number | null, fail: false, reads: 0 };
  const source: FailureBadgeSource = {
    currentUid: () => Promise.resolve(state.uid),
    countUnreadFailures: (asked, readAt) => {
      state.reads++;
      if (state.fail) return Promise.reject(new Error('offline'));
      expect(asked).toBe(state.uid);
      return Promise.resolve(unreadFailures(state.posts, readAt));
    },
    readReadAt: (asked) => {
      if (state.fail) return Promise.reject(new Error('offline'));
      expect(asked).toBe(state.uid);
      return Promise.resolve(state.readAt);
    },
  };
  return { state, source };
}

const badge = () => fakeBrowser.action.getBadgeText({});
const fireAlarm = (name = FAILURE_BADGE_ALARM) =>
  fakeBrowser.alarms.onAlarm.trigger({ name, scheduledTime: Date.now() });

beforeEach(() => {
  fakeBrowser.reset();
});

describe('one read of the failed posts', () => {
  it('shows the failures not read yet of the signed-in account, not its published posts', async () => {
    const { source } = fakeSource('u1', [
      failed('a', '2026-11-25T11:00:00Z'),
      published('b', '2026-11-25T11:30:00Z'),
      failed('c', '2026-11-25T12:00:00Z', 'auth_expired'),
    ]);
    expect(await refreshFailureBadge(source)).toBe(2);
    expect(await badge()).toBe('2');
    expect(await fakeBrowser.action.getTitle({})).toBe('Muse Studio: 2 failed posts');
  });

  it("counts only the failures after that account's read time", async () => {
    await inboxReadAtStorage.setValue({
      u1: Date.parse('2026-11-25T11:30:00Z'),
      u2: Date.parse('2026-11-25T13:00:00Z'),
    });
    const { source } = fakeSource('u1', [
      failed('a', '2026-11-25T11:00:00Z'),
      failed('c', '2026-11-25T12:00:00Z'),
    ]);
    expect(await refreshFailureBadge(source)).toBe(1);
    expect(await badge()).toBe('1');
  });

  it("counts only the failures after the account's read time in Firestore, or the panel's own where that is later", async () => {
    const { state, source } = fakeSource('u1', [
      failed('a', '2026-11-25T11:00:00Z'),
      failed('b', '2026-11-25T12:00:00Z'),
      failed('c', '2026-11-25T13:00:00Z'),
    ]);
    // Read on the dashboard: this extension never marked it.
    state.readAt = Date.parse('2026-11-25T11:30:00Z');
    expect(await refreshFailureBadge(source)).toBe(2);
    // The panel's mark, not in Firestore yet.
    await inboxReadAtStorage.setValue({ u1: Date.parse('2026-11-25T12:30:00Z') });
    expect(await refreshFailureBadge(source)).toBe(1);
    // Read on the dashboard again, later.
    state.readAt = Date.parse('2026-11-25T13:00:01Z');
    expect(await refreshFailureBadge(source)).toBe(0);
    expect(await badge()).toBe('');
  });

  it('shows no badge signed out, and reads no posts', async () => {
    await fakeBrowser.action.setBadgeText({ text: '4' });
    const { state, source } = fakeSource(null, [failed('a', '2026-11-25T11:00:00Z')]);
    expect(await refreshFailureBadge(source)).toBeNull();
    expect(await badge()).toBe('');
    expect(state.reads).toBe(0);
  });
});

describe('the background keeping the badge with the panel closed', () => {
  it(`sets an alarm every ${FAILURE_BADGE_PERIOD_MINUTES} minute once, and keeps it when the worker wakes again`, async () => {
    const { source } = fakeSource('u1', []);
    registerFailureBadge(() => source);
    await vi.waitFor(async () =>
      expect(await fakeBrowser.alarms.get(FAILURE_BADGE_ALARM)).toMatchObject({
        periodInMinutes: FAILURE_BADGE_PERIOD_MINUTES,
      }),
    );
    const first = await fakeBrowser.alarms.get(FAILURE_BADGE_ALARM);
    registerFailureBadge(() => source);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await fakeBrowser.alarms.get(FAILURE_BADGE_ALARM)).toEqual(first);
  });

  it('shows a failure that happened while the panel was closed at the next alarm, and clears it when the inbox is read', async () => {
    const { state, source } = fakeSource('u1', [published('ok', '2026-11-25T10:00:00Z')]);
    const made = vi.fn(() => source);
    registerFailureBadge(made);
    // Woken for something else: nothing is read, no Firebase is made.
    expect(made).not.toHaveBeenCalled();

    await fireAlarm();
    await vi.waitFor(async () => expect(state.reads).toBe(1));
    expect(await badge()).toBe('');

    state.posts = [failed('f1', '2026-11-25T12:00:00Z'), ...state.posts];
    await fireAlarm('someone-else');
    expect(state.reads).toBe(1);
    await fireAlarm();
    await vi.waitFor(async () => expect(await badge()).toBe('1'));

    // The panel's Open inbox writes the read time: the worker wakes on the change and clears the badge.
    await inboxReadAtStorage.setValue({ u1: Date.parse('2026-11-25T12:00:01Z') });
    await vi.waitFor(async () => expect(await badge()).toBe(''));
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('clears the badge at the next alarm after the inbox is read on the dashboard', async () => {
    const { state, source } = fakeSource('u1', [
      failed('f1', '2026-11-25T12:00:00Z'),
      failed('f2', '2026-11-25T12:05:00Z'),
    ]);
    registerFailureBadge(() => source);
    await fireAlarm();
    await vi.waitFor(async () => expect(await badge()).toBe('2'));

    // Mark all read on the dashboard writes the read time in Firestore: nothing in the extension changes.
    state.readAt = Date.parse('2026-11-25T12:10:00Z');
    await fireAlarm();
    await vi.waitFor(async () => expect(await badge()).toBe(''));
    expect(await fakeBrowser.action.getTitle({})).toBe('Open Muse Studio');
  });

  it('keeps the last count when a read fails, and counts again at the next alarm', async () => {
    const { state, source } = fakeSource('u1', [failed('f1', '2026-11-25T12:00:00Z')]);
    const refresh = registerFailureBadge(() => source);
    expect(await refresh()).toBe(1);
    state.fail = true;
    state.posts = [failed('f2', '2026-11-25T12:30:00Z'), ...state.posts];
    expect(await refresh()).toBeNull();
    expect(await badge()).toBe('1');
    state.fail = false;
    await fireAlarm();
    await vi.waitFor(async () => expect(await badge()).toBe('2'));
  });

  it('clears the badge when the account signs out of the panel', async () => {
    const { state, source } = fakeSource('u1', [failed('f1', '2026-11-25T12:00:00Z')]);
    const refresh = registerFailureBadge(() => source);
    expect(await refresh()).toBe(1);
    state.uid = null;
    await fireAlarm();
    await vi.waitFor(async () => expect(await badge()).toBe(''));
  });
});
