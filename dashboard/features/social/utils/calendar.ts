import { Temporal } from 'temporal-polyfill';
import type { SocialPost } from '@core/social-posts';

// The calendar's dates: every day, hour and move is worked out with Temporal in a named zone (the
// temporal-polyfill package, as core/schedule.ts does), never with offset arithmetic.

export type CalendarView = 'week' | 'month' | 'list';

/** The statuses the calendar shows: what is planned and how it ended. */
export const CALENDAR_STATUSES = ['scheduled', 'published', 'failed'] as const;

/** The instant a post sits at: its planned time while scheduled or failed, the publish time once live. */
export function postInstant(post: SocialPost): Date | null {
  if (post.status === 'published')
    return post.publishedAt ?? post.scheduledAt ?? post.updatedAt ?? post.createdAt;
  return post.scheduledAt ?? post.updatedAt ?? post.createdAt;
}

function zoned(instant: Date, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
}

/** The calendar day ('2026-11-25') an instant falls on in `timeZone`. */
export function dayOf(instant: Date, timeZone: string): string {
  return zoned(instant, timeZone).toPlainDate().toString();
}

/** The hour (0-23) an instant falls in, in `timeZone`. */
export function hourOf(instant: Date, timeZone: string): number {
  return zoned(instant, timeZone).hour;
}

/** Today in `timeZone`. */
export function today(timeZone: string, now: Date = new Date()): string {
  return dayOf(now, timeZone);
}

/** The seven days (Monday first) of the week holding `day`. */
export function weekDays(day: string): string[] {
  const date = Temporal.PlainDate.from(day);
  const monday = date.subtract({ days: date.dayOfWeek - 1 });
  return Array.from({ length: 7 }, (_, i) => monday.add({ days: i }).toString());
}

/** The weeks (Monday first) that cover the month holding `day`, each seven days; days of the months around it fill the edges. */
export function monthWeeks(day: string): string[][] {
  const first = Temporal.PlainDate.from(day).with({ day: 1 });
  const weeks: string[][] = [];
  let start = weekDays(first.toString())[0]!;
  while (Temporal.PlainDate.compare(Temporal.PlainDate.from(start), first.add({ months: 1 })) < 0) {
    const week = weekDays(start);
    weeks.push(week);
    start = Temporal.PlainDate.from(week[6]!).add({ days: 1 }).toString();
  }
  return weeks;
}

/** Whether `day` lies in the same month as `anchor`. */
export function sameMonth(day: string, anchor: string): boolean {
  return day.slice(0, 7) === anchor.slice(0, 7);
}

/** `day` plus `n` days. */
export function addDays(day: string, n: number): string {
  return Temporal.PlainDate.from(day).add({ days: n }).toString();
}

/** `day` moved by whole views: a week or a month forward (1) or back (-1). */
export function shiftAnchor(day: string, view: CalendarView, by: number): string {
  const date = Temporal.PlainDate.from(day);
  return (view === 'month' ? date.add({ months: by }) : date.add({ weeks: by })).toString();
}

/** 'Mon 23' style label of a day. */
export function dayLabel(day: string, style: 'short' | 'long' = 'short'): string {
  const date = Temporal.PlainDate.from(day);
  const asUtc = new Date(Date.UTC(date.year, date.month - 1, date.day, 12));
  return new Intl.DateTimeFormat(
    'en-US',
    style === 'short'
      ? { weekday: 'short', day: 'numeric', timeZone: 'UTC' }
      : { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  ).format(asUtc);
}

/** 'November 2026' for a month view, 'Nov 23 - 29, 2026' for a week. */
export function rangeLabel(day: string, view: CalendarView): string {
  const date = Temporal.PlainDate.from(day);
  const utc = (d: Temporal.PlainDate) => new Date(Date.UTC(d.year, d.month - 1, d.day, 12));
  if (view === 'month')
    return new Intl.DateTimeFormat('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(utc(date));
  const days = weekDays(day);
  const from = Temporal.PlainDate.from(days[0]!);
  const to = Temporal.PlainDate.from(days[6]!);
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(utc(from), utc(to));
}

/** '09:30' style time of an instant in `timeZone`. */
export function timeIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(instant);
}

/** The wall-clock value ('2026-11-25T09:00') of `day` at `hour` o'clock: what a composer's Schedule Date takes. */
export function slotValue(day: string, hour: number): string {
  return `${day}T${String(hour).padStart(2, '0')}:00`;
}

/**
 * Where a post lands when dropped on `day` (and, in the week view, `hour`), as an instant. The time of
 * day is the post's own wall-clock time in the zone it was planned in, so 09:00 in Europe/Berlin stays
 * 09:00 there across a DST change; a week drop changes the hour and keeps the minutes. The target day
 * and hour are read in the grid's zone. Null when nothing changes.
 */
export function movedInstant(
  instant: Date,
  postZone: string,
  gridZone: string,
  day: string,
  hour?: number,
): Date | null {
  const planned = zoned(instant, postZone);
  let next: Temporal.ZonedDateTime;
  if (hour === undefined) {
    // Days apart in the grid, applied to the post's own calendar date.
    const gridDay = zoned(instant, gridZone).toPlainDate();
    const days = gridDay.until(Temporal.PlainDate.from(day), { largestUnit: 'days' }).days;
    next = planned
      .toPlainDateTime()
      .add({ days })
      .toZonedDateTime(postZone, { disambiguation: 'compatible' });
  } else {
    // The grid's day and hour, with the post's minutes.
    const minute = planned.minute;
    const gridWall = Temporal.PlainDate.from(day).toPlainDateTime({ hour, minute });
    next = gridWall.toZonedDateTime(gridZone, { disambiguation: 'compatible' });
  }
  return next.epochMilliseconds === instant.getTime() ? null : new Date(next.epochMilliseconds);
}

/** The posts to show: those of `channels` (all when empty) in a calendar status with a time. */
export function calendarPosts(
  posts: readonly SocialPost[],
  channels: readonly string[],
): SocialPost[] {
  return posts
    .filter(
      (p) =>
        (CALENDAR_STATUSES as readonly string[]).includes(p.status) &&
        (channels.length === 0 || channels.includes(p.platform)) &&
        postInstant(p),
    )
    .sort((a, b) => postInstant(a)!.getTime() - postInstant(b)!.getTime());
}
