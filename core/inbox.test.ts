import { describe, expect, it } from 'vitest';
import { inboxEvents, isUnreadFailure, readInboxPost, unreadFailures } from './inbox';

// The failures the extension's badge counts are the inbox's own events: failed, needs reconnect and media
// refused, unread when they came after the last read.

const at = (iso: string) => ({ toDate: () => new Date(iso) });

const posts = [
  readInboxPost('ok', { platform: 'x', status: 'published', text: 'Live', publishedAt: at('2026-11-25T10:00:00Z'), updatedAt: at('2026-11-25T10:00:00Z') }),
  readInboxPost('f1', { platform: 'reddit', status: 'failed', text: 'Body', updatedAt: at('2026-11-25T12:00:00Z'), error: { code: 'invalid_content', message: 'm', step: 'create' } }),
  readInboxPost('f2', { platform: 'x', status: 'failed', text: 'Pic', updatedAt: at('2026-11-25T11:00:00Z'), error: { code: 'auth_expired', message: 'm', fix: { action: 'reconnect', label: 'Reconnect X' } } }),
  readInboxPost('f3', { platform: 'youtube', status: 'failed', youtube: { title: 'Clip' }, updatedAt: at('2026-11-25T09:00:00Z'), error: { code: 'media_too_large', message: 'm', step: 'upload' } }),
  readInboxPost('s1', { platform: 'x', status: 'scheduled', text: 'Later', updatedAt: at('2026-11-25T13:00:00Z') }),
  readInboxPost('q1', { platform: 'linkedin', status: 'publishing', text: 'Going', updatedAt: at('2026-11-25T13:30:00Z') }),
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
