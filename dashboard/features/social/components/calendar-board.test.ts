import { describe, expect, it } from 'vitest';
import { toSocialPost } from '@core/social-posts';
import { postDoc, timestampOf } from '../test-support';
import { calendarAnnouncements } from './calendar-board';

// A dragged post is announced by its channel and text and where it lands, never by its document id.

const post = toSocialPost(
  'k3Jd8sPq0aZ',
  postDoc('k3Jd8sPq0aZ', {
    status: 'scheduled',
    text: 'Launch thread for Friday',
    scheduledAt: timestampOf('2026-11-27T08:00:00Z'),
  }).data,
);
const active = { id: post.id, data: { current: { post } }, rect: { current: {} } };
const over = (id: string) => ({ id, data: { current: {} }, rect: {}, disabled: false });
type Arg = Parameters<NonNullable<typeof calendarAnnouncements.onDragEnd>>[0];
const arg = (overId: string | null) =>
  ({ active, over: overId ? over(overId) : null }) as unknown as Arg;

describe('what a screen reader hears when a calendar post is moved', () => {
  it('names the post and the new day and hour on a drop in the week', () => {
    const said = calendarAnnouncements.onDragEnd(arg('slot|2026-11-26|14'));
    expect(said).toBe(
      'X post "Launch thread for Friday" moved to Thursday, November 26, 2026 at 14:00.',
    );
    expect(said).not.toContain(post.id);
  });

  it('names the new day on a drop in the month, and says where it is while dragged', () => {
    expect(calendarAnnouncements.onDragEnd(arg('day|2026-11-30'))).toBe(
      'X post "Launch thread for Friday" moved to Monday, November 30, 2026.',
    );
    expect(calendarAnnouncements.onDragStart(arg(null))).toBe(
      'Picked up X post "Launch thread for Friday".',
    );
    expect(calendarAnnouncements.onDragOver(arg('slot|2026-11-26|09'))).toBe(
      'X post "Launch thread for Friday" is over Thursday, November 26, 2026 at 09:00.',
    );
    expect(calendarAnnouncements.onDragCancel(arg(null))).not.toContain(post.id);
  });
});
