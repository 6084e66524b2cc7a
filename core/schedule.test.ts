import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULE_MAX_AHEAD_DAYS } from './constants';
import {
  checkScheduleDate,
  currentZoneName,
  formatInZone,
  instantToLocalInput,
  isKnownTimeZone,
  localInputToInstant,
  nextMidnightIn,
  SCHEDULE_MESSAGES,
  scheduleLimit,
  userTimeZone,
} from './schedule';
import { publishPostSchema, updateScheduledPostSchema } from './social-posts';

describe('localInputToInstant', () => {
  it.each([
    ['2026-11-23T18:00', 'Europe/Berlin', '2026-11-23T17:00:00.000Z'],
    ['2026-07-01T18:00', 'Europe/Berlin', '2026-07-01T16:00:00.000Z'],
    ['2026-07-01T09:30', 'America/New_York', '2026-07-01T13:30:00.000Z'],
    ['2026-01-01T00:00', 'Asia/Kolkata', '2025-12-31T18:30:00.000Z'],
    ['2026-06-15T12:00', 'UTC', '2026-06-15T12:00:00.000Z'],
    ['2026-11-01T01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-03-08T02:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
  ])('reads %s in %s as %s', (value, zone, iso) => {
    expect(localInputToInstant(value, zone)?.toISOString()).toBe(iso);
  });

  it.each(['', '2026-02-30T10:00', 'tomorrow', '2026-11-23'])('refuses %j', (value) => {
    expect(localInputToInstant(value, 'Europe/Berlin')).toBeNull();
  });

  it('shows an instant back as the value the user typed', () => {
    expect(instantToLocalInput(new Date('2026-11-23T17:00:00.000Z'), 'Europe/Berlin')).toBe(
      '2026-11-23T18:00',
    );
    expect(instantToLocalInput(new Date('2025-12-31T18:30:00.000Z'), 'Asia/Kolkata')).toBe(
      '2026-01-01T00:00',
    );
  });
});

describe('checkScheduleDate', () => {
  const now = new Date('2026-11-23T17:00:00.000Z');
  it.each([
    ['', 'Europe/Berlin', { ok: true, scheduledAt: null }],
    ['2026-11-23T18:30', 'Europe/Berlin', { ok: true, scheduledAt: '2026-11-23T17:30:00.000Z' }],
    ['2026-11-23T18:00', 'Europe/Berlin', { ok: false, message: SCHEDULE_MESSAGES.past }],
    ['2026-11-23T17:30', 'Europe/Berlin', { ok: false, message: SCHEDULE_MESSAGES.past }],
    ['2026-11-23T17:30', 'UTC', { ok: true, scheduledAt: '2026-11-23T17:30:00.000Z' }],
    ['2026-11-23T11:30', 'America/New_York', { ok: false, message: SCHEDULE_MESSAGES.past }],
    ['2026-11-23T13:00', 'America/New_York', { ok: true, scheduledAt: '2026-11-23T18:00:00.000Z' }],
    ['not a date', 'UTC', { ok: false, message: SCHEDULE_MESSAGES.invalid }],
  ])('%j in %s gives %j', (value, zone, expected) => {
    expect(checkScheduleDate(value, zone, now)).toEqual(expected);
  });
});

// The oracle below reads zone rules through Intl only (the browser's own database), never through
// core/schedule.ts, so a wrong reading in the product cannot agree with it by construction.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The zone's UTC offset at an instant, in ms, from Intl's 'GMT-07:00' style name. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function intlOffset(instant: number, timeZone: string): number {
  const format =
    offsetFormats.get(timeZone) ??
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  offsetFormats.set(timeZone, format);
  const name =
    format.formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
  if (!m) throw new Error(`Unexpected offset name ${name}`);
  return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * HOUR + Number(m[3]) * MINUTE) : 0;
}

/** A wall time ('2026-03-08T02:30') as if it were UTC, in ms. */
const wallMs = (value: string) => Date.parse(`${value}:00Z`);
const wallValue = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/**
 * The instant a calendar reads for a wall time: the one instant showing it; the earlier of two in a repeated
 * hour; in a skipped hour, the wall time read with the offset from before the change (so it lands later by
 * the gap's length).
 */
function expectedInstant(value: string, timeZone: string): number {
  const wall = wallMs(value);
  const before = intlOffset(wall - 36 * HOUR, timeZone);
  const after = intlOffset(wall + 36 * HOUR, timeZone);
  const readings = [...new Set([wall - before, wall - after])]
    .filter((at) => at + intlOffset(at, timeZone) === wall)
    .sort((a, b) => a - b);
  return readings[0] ?? wall - before;
}

/** The local dates (YYYY-MM-DD) in 2026 on which the zone's offset changes, found hour by hour. */
function changeDays(timeZone: string): string[] {
  const days: string[] = [];
  for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += HOUR) {
    if (intlOffset(at, timeZone) !== intlOffset(at + HOUR, timeZone))
      days.push(wallValue(at + HOUR + intlOffset(at + HOUR, timeZone)).slice(0, 10));
  }
  return days;
}

const DST_ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'Europe/Berlin',
  'Australia/Sydney',
  'America/Santiago',
  'Australia/Lord_Howe',
];

describe.each(DST_ZONES)('both 2026 clock-change days in %s, every 15 minutes', (timeZone) => {
  const days = changeDays(timeZone);
  const quarterHours = days.flatMap((day) =>
    Array.from({ length: 96 }, (_, i) => wallValue(wallMs(`${day}T00:00`) + i * 15 * MINUTE)),
  );
  const now = new Date(Date.UTC(2026, 0, 1) - 36 * HOUR);

  it('has two change days', () => {
    expect(days).toHaveLength(2);
  });

  it('reads each wall time as the calendar does (composers, Publish Time, side panel)', () => {
    const wrong = quarterHours.filter((value) => {
      const expected = new Date(expectedInstant(value, timeZone)).toISOString();
      return (
        localInputToInstant(value, timeZone)?.toISOString() !== expected ||
        JSON.stringify(checkScheduleDate(value, timeZone, now)) !==
          JSON.stringify({ ok: true, scheduledAt: expected })
      );
    });
    expect(wrong).toEqual([]);
  });

  it('keeps every instant of those days through Edit and Save, however often', () => {
    const start = expectedInstant(`${days[0]}T00:00`, timeZone);
    const instants = days.flatMap((day) => {
      const first = expectedInstant(`${day}T00:00`, timeZone);
      const last = expectedInstant(wallValue(wallMs(`${day}T00:00`) + 24 * HOUR), timeZone);
      return Array.from(
        { length: (last - first) / (15 * MINUTE) },
        (_, i) => first + i * 15 * MINUTE,
      );
    });
    expect(start).toBeGreaterThan(now.getTime());
    const moved = instants.filter((at) => {
      let instant = new Date(at);
      for (let save = 0; save < 3; save += 1) {
        const value = instantToLocalInput(instant, timeZone);
        if (value !== wallValue(at + intlOffset(at, timeZone))) return true;
        const check = checkScheduleDate(value, timeZone, now, instant);
        if (!check.ok || !check.scheduledAt) return true;
        instant = new Date(check.scheduledAt);
      }
      return instant.getTime() !== at;
    });
    expect(moved.map((at) => new Date(at).toISOString())).toEqual([]);
  });

  it('gives the next midnight as the first instant of the next day', () => {
    const wrong = days.flatMap((day) => {
      const first = expectedInstant(`${day}T00:00`, timeZone);
      const next = expectedInstant(`${wallValue(wallMs(`${day}T00:00`) + 24 * HOUR)}`, timeZone);
      return Array.from(
        { length: (next - first) / (15 * MINUTE) },
        (_, i) => first + i * 15 * MINUTE,
      ).filter((at) => nextMidnightIn(timeZone, at) !== next);
    });
    expect(wrong.map((at) => new Date(at).toISOString())).toEqual([]);
  });
});

it('reads 03:30 on the day Los Angeles springs forward as 10:30Z', () => {
  expect(localInputToInstant('2026-03-08T03:30', 'America/Los_Angeles')?.toISOString()).toBe(
    '2026-03-08T10:30:00.000Z',
  );
});

it('answers midnight Pacific, not 23:00 the day before, just after midnight on the day clocks fall back', () => {
  expect(
    new Date(
      nextMidnightIn('America/Los_Angeles', Date.parse('2026-11-01T07:30:00Z')),
    ).toISOString(),
  ).toBe('2026-11-02T08:00:00.000Z');
});

describe('limits', () => {
  const now = new Date('2026-11-23T17:00:00.000Z');

  it('refuses a time more than a year ahead, and a year 9999', () => {
    expect(checkScheduleDate('9999-12-31T23:59', 'UTC', now)).toEqual({
      ok: false,
      message: SCHEDULE_MESSAGES.tooFar,
    });
    expect(checkScheduleDate('2027-11-23T17:01', 'UTC', now)).toEqual({
      ok: false,
      message: SCHEDULE_MESSAGES.tooFar,
    });
    expect(checkScheduleDate('2027-11-23T17:00', 'UTC', now)).toEqual({
      ok: true,
      scheduledAt: '2027-11-23T17:00:00.000Z',
    });
    expect(SCHEDULE_MESSAGES.tooFar).toContain(`${SCHEDULE_MAX_AHEAD_DAYS} days`);
  });

  it('refuses a zone the time-zone database does not know', () => {
    expect(checkScheduleDate('2026-11-24T10:00', 'Mars/Olympus_Mons', now)).toEqual({
      ok: false,
      message: SCHEDULE_MESSAGES.unknownZone,
    });
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isKnownTimeZone('Australia/Lord_Howe')).toBe(true);
    expect(scheduleLimit(new Date('9999-12-31T23:59:59Z'), now)).toBe('tooFar');
  });

  it('is the rule of publishPost and updateScheduledPost: an unknown zone fails the schema', () => {
    const base = {
      requestId: '6f1c2a2e-9d7b-4c1e-8f3a-2b5d6e7f8a9b',
      platform: 'x',
      text: 'Hi',
      scheduledAt: '2026-11-24T10:00:00.000Z',
    };
    expect(
      publishPostSchema.safeParse({ ...base, timeZone: 'Mars/Olympus_Mons' }).error?.issues[0]
        ?.message,
    ).toBe(SCHEDULE_MESSAGES.unknownZone);
    expect(publishPostSchema.safeParse({ ...base, timeZone: 'America/Santiago' }).success).toBe(
      true,
    );
    expect(
      updateScheduledPostSchema.safeParse({
        postId: 'p1',
        text: 'Hi',
        scheduledAt: base.scheduledAt,
        timeZone: 'Mars/Olympus_Mons',
      }).success,
    ).toBe(false);
  });
});

describe("the browser's zone under its current name", () => {
  afterEach(() => vi.restoreAllMocks());
  const browserZone = (timeZone: string) =>
    vi
      .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
      .mockReturnValue({ ...new Intl.DateTimeFormat().resolvedOptions(), timeZone });

  it('gives Asia/Kolkata where Chromium reports Asia/Calcutta, and a current name unchanged', () => {
    browserZone('Asia/Calcutta');
    expect(userTimeZone()).toBe('Asia/Kolkata');
    browserZone('Europe/Berlin');
    expect(userTimeZone()).toBe('Europe/Berlin');
  });

  it('renames only zones the time-zone database replaced, and both names read a time alike', () => {
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentZoneName('Mars/Olympus_Mons')).toBe('Mars/Olympus_Mons');
    expect(localInputToInstant('2026-12-01T09:00', 'Asia/Calcutta')).toEqual(
      localInputToInstant('2026-12-01T09:00', 'Asia/Kolkata'),
    );
  });
});

describe('formatInZone', () => {
  const at = new Date('2026-12-01T15:00:00Z');
  it.each([
    ['America/New_York', {}, 'Dec 1, 2026, 10:00 AM'],
    ['Europe/Berlin', {}, 'Dec 1, 2026, 4:00 PM'],
    ['America/New_York', { label: true }, 'Dec 1, 2026, 10:00 AM (America/New_York)'],
    ['Asia/Tokyo', { seconds: true }, 'Dec 2, 2026, 12:00:00 AM'],
  ])('shows the instant in %s (%o) as %s, whatever the browser zone', (zone, options, text) => {
    expect(formatInZone(at, zone, options)).toBe(text);
  });
});
