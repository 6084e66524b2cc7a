import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  channelZone,
  describeSlot,
  formatSlot,
  nextFreeSlot,
  QUEUE_MESSAGES,
  toScheduling,
  type PostingSlot,
} from './queue-slots';
import { localInputToInstant } from './schedule';

const EVERY_DAY: PostingSlot['days'] = [1, 2, 3, 4, 5, 6, 7];

/** The instant's wall-clock reading in `zone`: '2026-03-08T09:00'. */
const wall = (at: Date, zone: string) =>
  Temporal.Instant.fromEpochMilliseconds(at.getTime())
    .toZonedDateTimeISO(zone)
    .toPlainDateTime()
    .toString({ smallestUnit: 'minute' });

/** Takes the next `count` slots one after another, each one taken before the next is asked for. */
function queueUp(slots: PostingSlot[], zone: string, now: Date, count: number): Date[] {
  const taken: Date[] = [];
  for (let i = 0; i < count; i++) {
    const next = nextFreeSlot({ slots, timeZone: zone, now, taken });
    if (!next.ok) throw new Error(next.message);
    taken.push(next.at);
  }
  return taken;
}

// Both clock changes of 2026 and 2027 in each zone (Asia/Kolkata has none: its slots must not move either).
// Lord Howe moves its clocks by 30 minutes, at 02:00 both ways.
const CHANGES: { zone: string; day: string }[] = [
  { zone: 'America/Los_Angeles', day: '2026-03-08' },
  { zone: 'America/Los_Angeles', day: '2026-11-01' },
  { zone: 'America/Los_Angeles', day: '2027-03-14' },
  { zone: 'America/Los_Angeles', day: '2027-11-07' },
  { zone: 'Europe/Berlin', day: '2026-03-29' },
  { zone: 'Europe/Berlin', day: '2026-10-25' },
  { zone: 'Europe/Berlin', day: '2027-03-28' },
  { zone: 'Europe/Berlin', day: '2027-10-31' },
  { zone: 'Australia/Lord_Howe', day: '2026-04-05' },
  { zone: 'Australia/Lord_Howe', day: '2026-10-04' },
  { zone: 'Australia/Lord_Howe', day: '2027-04-04' },
  { zone: 'Australia/Lord_Howe', day: '2027-10-03' },
  { zone: 'Asia/Kolkata', day: '2026-03-08' },
  { zone: 'Asia/Kolkata', day: '2026-10-25' },
  { zone: 'Asia/Kolkata', day: '2027-03-28' },
  { zone: 'Asia/Kolkata', day: '2027-11-07' },
];

describe('nextFreeSlot across clock changes', () => {
  it.each(CHANGES)(
    'keeps $zone slots on their wall-clock time around $day (0 minutes drift)',
    ({ zone, day }) => {
      const slots: PostingSlot[] = [
        { days: EVERY_DAY, time: '09:00' },
        { days: EVERY_DAY, time: '12:30' },
        { days: EVERY_DAY, time: '23:45' },
      ];
      const change = Temporal.PlainDate.from(day);
      // From noon UTC two days before the change, through two days after it.
      const now = new Date(
        change.subtract({ days: 2 }).toZonedDateTime('UTC').add({ hours: 12 }).epochMilliseconds,
      );
      const queued = queueUp(slots, zone, now, 12);
      const expected: string[] = [];
      for (let d = 0; d <= 5; d++) {
        const date = Temporal.PlainDate.from(wall(now, zone).slice(0, 10))
          .add({ days: d })
          .toString();
        for (const slot of slots) expected.push(`${date}T${slot.time}`);
      }
      const afterNow = expected.filter(
        (w) => localInputToInstant(w, zone)!.getTime() > now.getTime() + 60_000,
      );
      expect(queued.map((at) => wall(at, zone))).toEqual(afterNow.slice(0, 12));
      // Each one is strictly later than the one before: no slot is handed out twice or out of order.
      for (let i = 1; i < queued.length; i++)
        expect(queued[i]!.getTime()).toBeGreaterThan(queued[i - 1]!.getTime());
    },
  );

  it.each([
    // Spring forward: a slot in the skipped hour moves later by the gap, as core/schedule.ts reads a typed time.
    ['America/Los_Angeles', '2026-03-07T20:00:00Z', '02:30', '2026-03-08T10:30:00.000Z'],
    ['America/Los_Angeles', '2027-03-13T20:00:00Z', '02:30', '2027-03-14T10:30:00.000Z'],
    ['Europe/Berlin', '2026-03-28T20:00:00Z', '02:30', '2026-03-29T01:30:00.000Z'],
    ['Europe/Berlin', '2027-03-27T20:00:00Z', '02:30', '2027-03-28T01:30:00.000Z'],
    // Lord Howe skips 02:00-02:30 in October: 02:15 is 02:45 (+11:00).
    ['Australia/Lord_Howe', '2026-10-03T10:00:00Z', '02:15', '2026-10-03T15:45:00.000Z'],
    ['Australia/Lord_Howe', '2027-10-02T10:00:00Z', '02:15', '2027-10-02T15:45:00.000Z'],
    // Fall back: a repeated time is its first occurrence (still on summer time).
    ['America/Los_Angeles', '2026-10-31T20:00:00Z', '01:30', '2026-11-01T08:30:00.000Z'],
    ['America/Los_Angeles', '2027-11-06T20:00:00Z', '01:30', '2027-11-07T08:30:00.000Z'],
    ['Europe/Berlin', '2026-10-24T20:00:00Z', '02:30', '2026-10-25T00:30:00.000Z'],
    ['Europe/Berlin', '2027-10-30T20:00:00Z', '02:30', '2027-10-31T00:30:00.000Z'],
    // Lord Howe repeats 01:30-02:00 in April: 01:45 is its first, at +11:00.
    ['Australia/Lord_Howe', '2026-04-04T10:00:00Z', '01:45', '2026-04-04T14:45:00.000Z'],
    ['Australia/Lord_Howe', '2027-04-03T10:00:00Z', '01:45', '2027-04-03T14:45:00.000Z'],
    // Kolkata, no clock change: 09:00 is always 03:30 UTC.
    ['Asia/Kolkata', '2026-03-28T20:00:00Z', '09:00', '2026-03-29T03:30:00.000Z'],
    ['Asia/Kolkata', '2026-10-24T20:00:00Z', '09:00', '2026-10-25T03:30:00.000Z'],
  ])('in %s after %s, a %s slot is %s', (zone, now, time, iso) => {
    const next = nextFreeSlot({
      slots: [{ days: EVERY_DAY, time }],
      timeZone: zone,
      now: new Date(now),
    });
    expect(next).toEqual({ ok: true, at: new Date(iso) });
    // The same instant a user gets by typing that time into a Schedule Date on that day.
    expect(
      localInputToInstant(`${wall(new Date(iso), zone).slice(0, 10)}T${time}`, zone)?.toISOString(),
    ).toBe(iso);
  });

  it('orders a day by instant when a skipped slot lands after a later one (02:30 -> 03:30 comes after 03:00)', () => {
    const slots: PostingSlot[] = [
      { days: EVERY_DAY, time: '02:30' },
      { days: EVERY_DAY, time: '03:00' },
    ];
    const queued = queueUp(slots, 'America/Los_Angeles', new Date('2026-03-08T08:00:00Z'), 2);
    expect(queued.map((d) => d.toISOString())).toEqual([
      '2026-03-08T10:00:00.000Z',
      '2026-03-08T10:30:00.000Z',
    ]);
  });
});

describe('nextFreeSlot', () => {
  const berlin = 'Europe/Berlin';
  // Monday 23 November 2026, 10:00 in Berlin.
  const now = new Date('2026-11-23T09:00:00Z');
  const weekdays: PostingSlot[] = [
    { days: [1, 2, 3, 4, 5], time: '09:00' },
    { days: [1, 2, 3, 4, 5], time: '12:30' },
  ];

  it('takes the next slot after now on the right weekday', () => {
    const next = nextFreeSlot({ slots: weekdays, timeZone: berlin, now });
    expect(next).toEqual({ ok: true, at: new Date('2026-11-23T11:30:00Z') });
  });

  it('skips taken slots, matching them to the minute', () => {
    const taken = [new Date('2026-11-23T11:30:20Z'), new Date('2026-11-24T08:00:00Z')];
    const next = nextFreeSlot({ slots: weekdays, timeZone: berlin, now, taken });
    expect(next).toEqual({ ok: true, at: new Date('2026-11-24T11:30:00Z') });
  });

  it('skips the weekend', () => {
    // Friday 27 November 2026, 13:00 in Berlin: the next weekday slot is Monday 09:00.
    const next = nextFreeSlot({
      slots: weekdays,
      timeZone: berlin,
      now: new Date('2026-11-27T12:00:00Z'),
    });
    expect(next).toEqual({ ok: true, at: new Date('2026-11-30T08:00:00Z') });
  });

  it('skips a slot less than a minute away', () => {
    const next = nextFreeSlot({
      slots: weekdays,
      timeZone: berlin,
      now: new Date('2026-11-23T11:29:30Z'),
    });
    expect(next).toEqual({ ok: true, at: new Date('2026-11-24T08:00:00Z') });
  });

  it('says so when the channel has no slots', () => {
    expect(nextFreeSlot({ slots: [], timeZone: berlin, now })).toEqual({
      ok: false,
      reason: 'noSlots',
      message: QUEUE_MESSAGES.noSlots,
    });
  });

  it('refuses an unknown zone', () => {
    expect(nextFreeSlot({ slots: weekdays, timeZone: 'Mars/Olympus_Mons', now })).toMatchObject({
      ok: false,
      reason: 'unknownZone',
    });
  });

  it('says so when every slot within the schedule limit is taken', () => {
    const slots: PostingSlot[] = [{ days: [1], time: '09:00' }];
    const taken = queueUp(slots, berlin, now, 52);
    expect(nextFreeSlot({ slots, timeZone: berlin, now, taken })).toEqual({
      ok: false,
      reason: 'full',
      message: QUEUE_MESSAGES.full,
    });
  });
});

describe('toScheduling', () => {
  it('reads a stored map and drops what is malformed', () => {
    expect(
      toScheduling({
        timeZone: 'Asia/Kolkata',
        slots: {
          x: [
            { days: [3, 1, 1], time: '12:30' },
            { days: [], time: '09:00' },
            { days: [1], time: '25:00' },
            { days: [2], time: '08:00' },
          ],
          linkedin: 'nope',
          mastodon: [],
        },
      }),
    ).toEqual({
      timeZone: 'Asia/Kolkata',
      slots: {
        x: [
          { days: [2], time: '08:00' },
          { days: [1, 3], time: '12:30' },
        ],
      },
    });
  });

  it('falls back to no zone and no slots', () => {
    expect(toScheduling(undefined)).toEqual({ timeZone: null, slots: {} });
    expect(toScheduling({ timeZone: 'Mars/Olympus_Mons' })).toEqual({ timeZone: null, slots: {} });
  });
});

describe('labels', () => {
  it('describes slots', () => {
    expect(describeSlot({ days: [1, 2, 3, 4, 5], time: '09:00' })).toBe('Weekdays 09:00');
    expect(describeSlot({ days: [1, 3], time: '12:30' })).toBe('Mon, Wed 12:30');
    expect(describeSlot({ days: EVERY_DAY, time: '18:00' })).toBe('Every day 18:00');
  });

  it('formats a queued time in the zone', () => {
    const now = new Date('2026-11-23T09:00:00Z');
    expect(formatSlot(new Date('2026-11-24T11:30:00Z'), 'Europe/Berlin', now)).toBe('Tue 12:30');
    expect(formatSlot(new Date('2026-11-24T11:30:00Z'), 'Asia/Kolkata', now)).toBe('Tue 17:00');
    expect(formatSlot(new Date('2026-12-08T11:30:00Z'), 'Europe/Berlin', now)).toBe(
      'Tue, Dec 8, 12:30',
    );
  });
});

describe("a channel's own zone", () => {
  it('is read beside the workspace zone, dropping unknown zones and channels', () => {
    const read = toScheduling({
      timeZone: 'America/Los_Angeles',
      slots: {},
      zones: { x: 'Asia/Kolkata', reddit: 'Mars/Olympus_Mons', mastodon: 'UTC', youtube: 5 },
    });
    expect(read).toEqual({
      timeZone: 'America/Los_Angeles',
      slots: {},
      zones: { x: 'Asia/Kolkata' },
    });
    expect(toScheduling({ timeZone: 'UTC', slots: {}, zones: 'Asia/Kolkata' })).toEqual({
      timeZone: 'UTC',
      slots: {},
    });
  });

  it("is the zone a channel's slots are read in; a channel without one follows the workspace", () => {
    const scheduling = toScheduling({ zones: { linkedin: 'Australia/Lord_Howe' } });
    expect(channelZone(scheduling, 'linkedin', 'America/Los_Angeles')).toBe('Australia/Lord_Howe');
    expect(channelZone(scheduling, 'x', 'America/Los_Angeles')).toBe('America/Los_Angeles');
  });
});
