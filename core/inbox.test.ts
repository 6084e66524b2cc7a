import { afterEach, describe, expect, it, vi } from 'vitest';
import { explainFailure } from './platform-errors';
import {
  inboxEvents,
  isUnread,
  isUnreadFailure,
  latestReadAt,
  readInboxPost,
  readInboxState,
  readMarkOf,
  unreadFailures,
} from './inbox';

// The failures the extension's badge counts are the inbox's own events: failed, needs reconnect and media
// refused, unread when they came after the last read.

const at = (iso: string) => ({ toDate: () => new Date(iso) });

const posts = [
  readInboxPost('ok', {
    platform: 'x',
    status: 'published',
    text: 'Live',
    publishedAt: at('2026-11-25T10:00:00Z'),
    updatedAt: at('2026-11-25T10:00:00Z'),
  }),
  readInboxPost('f1', {
    platform: 'reddit',
    status: 'failed',
    text: 'Body',
    updatedAt: at('2026-11-25T12:00:00Z'),
    error: { code: 'invalid_content', message: 'm', step: 'create' },
  }),
  readInboxPost('f2', {
    platform: 'x',
    status: 'failed',
    text: 'Pic',
    updatedAt: at('2026-11-25T11:00:00Z'),
    error: {
      code: 'auth_expired',
      message: 'm',
      fix: { action: 'reconnect', label: 'Reconnect X' },
    },
  }),
  readInboxPost('f3', {
    platform: 'youtube',
    status: 'failed',
    youtube: { title: 'Clip' },
    updatedAt: at('2026-11-25T09:00:00Z'),
    error: { code: 'media_too_large', message: 'm', step: 'upload' },
  }),
  readInboxPost('s1', {
    platform: 'x',
    status: 'scheduled',
    text: 'Later',
    updatedAt: at('2026-11-25T13:00:00Z'),
  }),
  readInboxPost('q1', {
    platform: 'linkedin',
    status: 'publishing',
    text: 'Going',
    updatedAt: at('2026-11-25T13:30:00Z'),
  }),
];

describe('unread failures (the extension badge)', () => {
  it('counts every kind of failure, not published, scheduled or publishing posts', () => {
    expect(unreadFailures(posts, null)).toBe(3);
    expect(
      inboxEvents(posts, null)
        .filter(isUnreadFailure)
        .map((e) => e.kind),
    ).toEqual(['failed', 'needs-reconnect', 'media-refused']);
  });

  it('counts only failures after the last read', () => {
    expect(unreadFailures(posts, Date.parse('2026-11-25T10:30:00Z'))).toBe(2);
    expect(unreadFailures(posts, Date.parse('2026-11-25T12:00:00Z'))).toBe(0);
  });

  it('is 0 with no posts', () => {
    expect(unreadFailures([], null)).toBe(0);
  });
});

// The read rule under clock skew: the events' times and the account's readAt are the server's; the device's
// clock may be minutes off either way and must change nothing. Here the server's clock reads 12:00:01 when the
// user presses Mark all read, with a failure stamped a second before (ahead of a device that is behind).
describe('the read rule with the device clock off', () => {
  const MINUTE = 60_000;
  const press = Date.parse('2026-11-25T12:00:01Z');
  const failure = (id: string, ms: number) =>
    readInboxPost(id, {
      platform: 'x',
      status: 'failed',
      text: id,
      updatedAt: at(new Date(ms).toISOString()),
      error: { code: 'platform_error', message: 'm' },
    });
  const seen = [failure('old', press - 60_000), failure('just-now', press - 1_000)];
  const unreadIds = (posts: ReturnType<typeof failure>[], readAt: number | null) =>
    inboxEvents(posts, readAt)
      .filter((e) => e.unread)
      .map((e) => e.postId);

  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['5 minutes behind', -5 * MINUTE],
    ['5 minutes ahead', 5 * MINUTE],
    ['right', 0],
  ])(
    'keeps what was seen read and shows what comes after unread, with the device %s',
    (_label, skew) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(press + skew);
      const before = Date.parse('2026-11-25T10:00:00Z');
      expect(unreadIds(seen, before)).toEqual(['just-now', 'old']);

      // Pressed: the mark is the newest event shown, whatever the device's clock says.
      const mark = readMarkOf(inboxEvents(seen, before));
      expect(mark).toBe(press - 1_000);
      // While the server's time is on its way, the account's readAt is still the previous one.
      expect(unreadIds(seen, latestReadAt(before, mark))).toEqual([]);
      // A failure the server stamps after the press, before its readAt arrives: unread.
      const after = [failure('next', press + 1_000), ...seen];
      expect(unreadIds(after, latestReadAt(before, mark))).toEqual(['next']);

      // The server's readAt (request.time when the mark reached it, after the press) arrives.
      const server = press + 500;
      expect(unreadIds(after, latestReadAt(server, mark))).toEqual(['next']);
      expect(
        unreadIds([failure('later', press + 60_000), ...after], latestReadAt(server, mark)),
      ).toEqual(['later', 'next']);
    },
  );

  it("keeps a seen event read where the server's readAt lands a little before its stamp", () => {
    // The events are stamped by the functions' clock, readAt by Firestore's: a few ms apart at most, but the
    // local mark keeps what was seen read.
    const mark = readMarkOf(inboxEvents(seen, null));
    expect(unreadIds(seen, latestReadAt(press - 1_005, mark))).toEqual([]);
  });

  it('marks nothing with no events, and reads an event at the read time as read', () => {
    expect(readMarkOf([])).toBeNull();
    expect(isUnread(new Date(press), press)).toBe(false);
    expect(isUnread(press + 1, press)).toBe(true);
    expect(isUnread(new Date(press), null)).toBe(true);
  });
});

describe('the inbox state document', () => {
  const ts = (iso: string) => ({ toDate: () => new Date(iso) });

  it('reads the newest event the mark covered (seenAt) before the time the mark reached the server', () => {
    expect(
      readInboxState('state', {
        readAt: ts('2026-11-25T12:05:00Z'),
        seenAt: ts('2026-11-25T12:00:00Z'),
      }),
    ).toBe(Date.parse('2026-11-25T12:00:00Z'));
  });

  it('reads readAt when the mark covered no event, and null when never read or odd', () => {
    expect(readInboxState('state', { readAt: ts('2026-11-25T12:05:00Z') })).toBe(
      Date.parse('2026-11-25T12:05:00Z'),
    );
    expect(readInboxState('state', undefined)).toBeNull();
    expect(readInboxState('state', { readAt: 'yesterday' })).toBeNull();
  });
});

describe('what a refusal is called in the inbox', () => {
  const failed = (status: number, code: string, platformCode: string) => {
    const explained = explainFailure({ platform: 'x', code, status, platformCode });
    return readInboxPost('p', {
      platform: 'x',
      status: 'failed',
      text: 'Refused',
      updatedAt: at('2026-11-25T12:00:00Z'),
      error: { code, message: explained.message, step: explained.step, fix: explained.fix },
    });
  };

  it.each([
    [403, 'forbidden', 'Forbidden', 'failed'],
    [401, 'auth_expired', 'Unauthorized', 'needs-reconnect'],
    [401, 'auth_expired', '89', 'needs-reconnect'],
  ])('an X %i (%s, %s) is a "%s" event', (status, code, platformCode, kind) => {
    expect(inboxEvents([failed(status, code, platformCode)], null).map((e) => e.kind)).toEqual([
      kind,
    ]);
  });
});
