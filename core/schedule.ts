import { Temporal } from 'temporal-polyfill';
import { SCHEDULE_MAX_AHEAD_DAYS } from './constants';

// Schedule times: a datetime-local value is wall-clock time with no zone. It is read in the user's time
// zone, stored as an ISO instant plus the zone's name, and shown back in that zone. Every composer, the
// Edit dialog, YouTube's Publish Time and the side panel read it here; the zone rules are Temporal's
// (the temporal-polyfill package, or the browser's own Temporal where it has one), never offset math.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The browser's IANA zone ('Europe/Berlin') under its current name ('Asia/Kolkata' for 'Asia/Calcutta'); UTC when it gives none. */
export function userTimeZone(): string {
  return currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

// Intl gives some zones under names the time-zone database has since replaced (Chromium and Node give
// 'Asia/Calcutta', not 'Asia/Kolkata'): the browser's own zone and Settings' list use today's name.
// Both name the same zone, so a post planned in either is read alike.
const RENAMED_ZONES: Record<string, string> = {
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Godthab': 'America/Nuuk',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** Today's name of a zone Intl may give under its old one; any other name unchanged. */
export function currentZoneName(name: string): string {
  const renamed = RENAMED_ZONES[name];
  return renamed && isKnownTimeZone(renamed) ? renamed : name;
}

/** True for a zone name the time-zone database knows ('Europe/Berlin', 'UTC'); false for 'Mars/Olympus_Mons'. */
export function isKnownTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  const known = knownZones.get(name);
  if (known !== undefined) return known;
  let ok = true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    ok = false;
  }
  if (knownZones.size < 1000) knownZones.set(name, ok);
  return ok;
}
const knownZones = new Map<string, boolean>();

function wallTime(value: string): Temporal.PlainDateTime | null {
  const m = LOCAL.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  try {
    return Temporal.PlainDateTime.from(
      { year, month, day, hour, minute, second },
      { overflow: 'reject' },
    );
  } catch {
    return null;
  }
}

/**
 * A datetime-local value read in `timeZone`, as an instant; null when it is not a date or the zone is unknown.
 * A time the clocks skip (spring forward) moves later by the length of the gap (02:30 on a day that jumps
 * from 02:00 to 03:00 is 03:30), a time that happens twice (fall back) is its first occurrence: Temporal's
 * 'compatible' rule, the one calendars use. `keep` is the instant the value was shown from (the Edit dialog):
 * when the value is one of the two readings of a repeated hour and `keep` is that reading, `keep` stays.
 */
export function localInputToInstant(
  value: string,
  timeZone: string,
  keep?: Date | null,
): Date | null {
  const wall = wallTime(value);
  if (!wall || !isKnownTimeZone(timeZone)) return null;
  try {
    if (keep) {
      for (const disambiguation of ['earlier', 'later'] as const) {
        const ms = wall.toZonedDateTime(timeZone, { disambiguation }).epochMilliseconds;
        if (ms === keep.getTime()) return new Date(ms);
      }
    }
    return new Date(
      wall.toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds,
    );
  } catch {
    return null;
  }
}

/** An instant as the datetime-local value that shows it in `timeZone` ('2026-11-23T18:00'). */
export function instantToLocalInput(instant: Date, timeZone: string): string {
  const wall = Temporal.Instant.fromEpochMilliseconds(instant.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDateTime();
  return wall.toString({ smallestUnit: 'minute' });
}

export interface FormatInZoneOptions {
  /** Append the zone's name ('Nov 23, 2026, 6:00 PM (Europe/Berlin)') where the time could be read in another. */
  label?: boolean;
  /** To the second (a request log). */
  seconds?: boolean;
}

/**
 * 'Nov 23, 2026, 6:00 PM' style text of an instant in a zone: the one formatter every screen shows a time
 * with, so a page never mixes the browser's zone with the workspace's or a post's own.
 */
export function formatInZone(
  instant: Date,
  timeZone: string,
  { label = false, seconds = false }: FormatInZoneOptions = {},
): string {
  let text: string;
  try {
    text = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: seconds ? 'medium' : 'short',
      timeZone,
    }).format(instant);
  } catch {
    return instant.toISOString();
  }
  return label ? `${text} (${timeZone})` : text;
}

/** The first instant of the next calendar day in `timeZone` after `now` (ms); a day may last 23 or 25 hours. */
export function nextMidnightIn(timeZone: string, now: number): number {
  const today = Temporal.Instant.fromEpochMilliseconds(now)
    .toZonedDateTimeISO(timeZone)
    .toPlainDate();
  return today.add({ days: 1 }).toZonedDateTime({ timeZone }).epochMilliseconds;
}

export const SCHEDULE_MESSAGES = {
  invalid: 'Please choose a valid date and time',
  past: 'The schedule date is in the past. Please choose a later time, or clear it to post now.',
  tooFar: `Posts can be scheduled at most ${SCHEDULE_MAX_AHEAD_DAYS} days ahead. Please choose an earlier time.`,
  unknownZone: 'Unknown time zone',
} as const;

/** Why a schedule instant cannot be used at `now`: 'past' (not after now), 'tooFar' (beyond the cap), else null. */
export function scheduleLimit(instant: Date, now: Date): 'past' | 'tooFar' | null {
  if (instant.getTime() <= now.getTime()) return 'past';
  if (instant.getTime() > now.getTime() + SCHEDULE_MAX_AHEAD_DAYS * 86_400_000) return 'tooFar';
  return null;
}

export type ScheduleCheck =
  { ok: true; scheduledAt: string | null } | { ok: false; message: string };

/**
 * The Schedule Date field's rule: empty posts now; otherwise a valid time in a known zone, after `now` and
 * at most SCHEDULE_MAX_AHEAD_DAYS ahead, as an ISO instant. `keep`: see localInputToInstant.
 */
export function checkScheduleDate(
  value: string,
  timeZone: string,
  now: Date,
  keep?: Date | null,
): ScheduleCheck {
  if (!value.trim()) return { ok: true, scheduledAt: null };
  if (!isKnownTimeZone(timeZone)) return { ok: false, message: SCHEDULE_MESSAGES.unknownZone };
  const instant = localInputToInstant(value, timeZone, keep);
  if (!instant) return { ok: false, message: SCHEDULE_MESSAGES.invalid };
  const limit = scheduleLimit(instant, now);
  if (limit) return { ok: false, message: SCHEDULE_MESSAGES[limit] };
  return { ok: true, scheduledAt: instant.toISOString() };
}
