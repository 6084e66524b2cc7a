// Schedule Date: a datetime-local value is wall-clock time with no zone. It is read in the user's time
// zone, stored as an ISO instant plus the zone's name, and shown back in that zone.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The browser's IANA zone ('Europe/Berlin'); UTC when it gives none. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Wall-clock fields of an instant in a zone, as if they were UTC (ms). */
function wallClock(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(
    new Date(instant),
  );
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The zone's offset from UTC at an instant, in ms (Berlin in winter: +3,600,000). */
function offsetAt(instant: number, timeZone: string): number {
  const whole = instant - (((instant % 1000) + 1000) % 1000);
  return wallClock(whole, timeZone) - whole;
}

/**
 * A datetime-local value read in `timeZone`, as an instant; null when it is not a date. A time the clocks
 * skip (a spring-forward gap) lands just after the gap, as the clock on the wall would show it.
 */
export function localInputToInstant(value: string, timeZone: string): Date | null {
  const m = LOCAL.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s || 0);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d!) return null;
  try {
    const first = wall - offsetAt(wall, timeZone);
    const second = wall - offsetAt(first, timeZone);
    return new Date(Math.max(first, second));
  } catch {
    return null;
  }
}

/** An instant as the datetime-local value that shows it in `timeZone` ('2026-11-23T18:00'). */
export function instantToLocalInput(instant: Date, timeZone: string): string {
  return new Date(wallClock(instant.getTime(), timeZone)).toISOString().slice(0, 16);
}

/** '23 Nov 2026, 18:00' style text of an instant in a zone, without the zone's name. */
export function formatInZone(instant: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(instant);
  } catch {
    return instant.toISOString();
  }
}

export type ScheduleCheck = { ok: true; scheduledAt: string | null } | { ok: false; message: string };

export const SCHEDULE_MESSAGES = {
  invalid: 'Please choose a valid date and time',
  past: 'The schedule date is in the past. Please choose a later time, or clear it to post now.',
} as const;

/** The Schedule Date field's rule: empty posts now; otherwise a valid time after `now`, as an ISO instant. */
export function checkScheduleDate(value: string, timeZone: string, now: Date): ScheduleCheck {
  if (!value.trim()) return { ok: true, scheduledAt: null };
  const instant = localInputToInstant(value, timeZone);
  if (!instant) return { ok: false, message: SCHEDULE_MESSAGES.invalid };
  if (instant.getTime() <= now.getTime()) return { ok: false, message: SCHEDULE_MESSAGES.past };
  return { ok: true, scheduledAt: instant.toISOString() };
}
