import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { publishPlatforms, type PublishPlatform } from './platforms/facts';
import { isKnownTimeZone, scheduleLimit } from './schedule';
import { SCHEDULE_MAX_AHEAD_DAYS } from './constants';

// Posting slots: each channel's weekly times ("weekdays 09:00, 12:30") in the channel's own zone where
// one is set, else the workspace's. "Add to
// queue" schedules a post at the channel's next free slot. A slot is wall-clock time, read in the zone
// day by day with Temporal and the same rule as core/schedule.ts (a time the clocks skip moves later by
// the gap, a repeated time is its first occurrence), so a slot never drifts across a clock change.

/** ISO weekdays, as Temporal counts them: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: 'Mon',
  2: 'Tue',
  3: 'Wed',
  4: 'Thu',
  5: 'Fri',
  6: 'Sat',
  7: 'Sun',
};

/** The most slots one channel keeps (firestore.rules holds the same figure). */
export const MAX_SLOTS_PER_CHANNEL = 28;
/** A slot closer to now than this is skipped: the post must still be in the future when the server checks it. */
export const QUEUE_MIN_LEAD_MS = 60_000;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const postingSlotSchema = z.strictObject({
  days: z
    .array(z.union(WEEKDAYS.map((d) => z.literal(d))))
    .min(1, 'Pick at least one day')
    .max(7)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  time: z.string().regex(HHMM, 'Use a time like 09:00'),
});
export type PostingSlot = z.output<typeof postingSlotSchema>;

export type PostingSlots = Partial<Record<PublishPlatform, PostingSlot[]>>;
/** A channel's own IANA zone, where it has one: its slots are wall times there, and its queued posts are planned in it. */
export type ChannelZones = Partial<Record<PublishPlatform, string>>;

/** users/{uid}.scheduling as the app reads it: malformed parts are dropped one by one, never the whole. */
export interface Scheduling {
  /** The workspace's IANA zone; null until the user picks one (the browser's zone applies). */
  timeZone: string | null;
  slots: PostingSlots;
  /** The channels with a zone of their own; absent when none has one. */
  zones?: ChannelZones;
}

/** The zone a channel's slots are read in: its own, else the workspace's (`workspaceZone`). */
export function channelZone(
  scheduling: Pick<Scheduling, 'zones'>,
  platform: PublishPlatform,
  workspaceZone: string,
): string {
  return scheduling.zones?.[platform] ?? workspaceZone;
}

/** The stored `scheduling` map, read leniently: an unknown zone is null, a bad slot is dropped. */
export function toScheduling(data: unknown): Scheduling {
  const map = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const zone =
    typeof map.timeZone === 'string' && isKnownTimeZone(map.timeZone) ? map.timeZone : null;
  const rawSlots =
    typeof map.slots === 'object' && map.slots !== null
      ? (map.slots as Record<string, unknown>)
      : {};
  const slots: PostingSlots = {};
  for (const platform of publishPlatforms) {
    const list = rawSlots[platform];
    if (!Array.isArray(list)) continue;
    slots[platform] = sortSlots(
      list.flatMap((s) => {
        const parsed = postingSlotSchema.safeParse(s);
        return parsed.success ? [parsed.data] : [];
      }),
    ).slice(0, MAX_SLOTS_PER_CHANNEL);
  }
  const rawZones =
    typeof map.zones === 'object' && map.zones !== null
      ? (map.zones as Record<string, unknown>)
      : {};
  const zones: ChannelZones = {};
  for (const platform of publishPlatforms) {
    const z = rawZones[platform];
    if (typeof z === 'string' && isKnownTimeZone(z)) zones[platform] = z;
  }
  return Object.keys(zones).length > 0
    ? { timeZone: zone, slots, zones }
    : { timeZone: zone, slots };
}

/** Slots in time-of-day order, then by first day. */
export function sortSlots(slots: readonly PostingSlot[]): PostingSlot[] {
  return [...slots].sort(
    (a, b) => a.time.localeCompare(b.time) || (a.days[0] ?? 0) - (b.days[0] ?? 0),
  );
}

/** 'Weekdays 09:00', 'Mon, Wed 12:30', 'Every day 18:00'. */
export function describeSlot(slot: PostingSlot): string {
  const days = slot.days.join(',');
  const label =
    days === '1,2,3,4,5,6,7'
      ? 'Every day'
      : days === '1,2,3,4,5'
        ? 'Weekdays'
        : days === '6,7'
          ? 'Weekends'
          : slot.days.map((d) => WEEKDAY_NAMES[d]).join(', ');
  return `${label} ${slot.time}`;
}

export const QUEUE_MESSAGES = {
  noSlots: 'This channel has no posting slots yet. Add some in Settings, under Posting slots.',
  unknownZone: 'Unknown time zone',
  full: `Every posting slot in the next ${SCHEDULE_MAX_AHEAD_DAYS} days is taken.`,
} as const;

export type NextSlot =
  { ok: true; at: Date } | { ok: false; reason: keyof typeof QUEUE_MESSAGES; message: string };

/** The minute an instant falls in: a post scheduled at 09:00:30 takes the 09:00 slot. */
const minuteOf = (ms: number) => Math.floor(ms / 60_000);

/**
 * The channel's next free slot after `now`: the earliest slot instant at least QUEUE_MIN_LEAD_MS ahead,
 * within SCHEDULE_MAX_AHEAD_DAYS, whose minute no instant in `taken` (the channel's scheduled posts) falls in.
 */
export function nextFreeSlot({
  slots,
  timeZone,
  now,
  taken = [],
}: {
  slots: readonly PostingSlot[];
  timeZone: string;
  now: Date;
  taken?: readonly Date[];
}): NextSlot {
  if (slots.length === 0) return { ok: false, reason: 'noSlots', message: QUEUE_MESSAGES.noSlots };
  if (!isKnownTimeZone(timeZone))
    return { ok: false, reason: 'unknownZone', message: QUEUE_MESSAGES.unknownZone };
  const busy = new Set(taken.map((t) => minuteOf(t.getTime())));
  const earliest = now.getTime() + QUEUE_MIN_LEAD_MS;
  const times = slots.map((s) => ({
    days: new Set<number>(s.days),
    time: Temporal.PlainTime.from(s.time),
  }));
  let day = Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDate();
  for (let i = 0; i <= SCHEDULE_MAX_AHEAD_DAYS + 1; i++, day = day.add({ days: 1 })) {
    const candidates = times
      .filter((t) => t.days.has(day.dayOfWeek))
      .map(
        (t) =>
          day.toPlainDateTime(t.time).toZonedDateTime(timeZone, { disambiguation: 'compatible' })
            .epochMilliseconds,
      )
      .sort((a, b) => a - b);
    for (const ms of candidates) {
      if (ms < earliest || busy.has(minuteOf(ms))) continue;
      const at = new Date(ms);
      if (scheduleLimit(at, now) === 'tooFar')
        return { ok: false, reason: 'full', message: QUEUE_MESSAGES.full };
      return { ok: true, at };
    }
  }
  return { ok: false, reason: 'full', message: QUEUE_MESSAGES.full };
}

/** 'Tue 12:30' for a slot within the coming week, 'Tue, Dec 8, 12:30' beyond it; in `timeZone`, 24-hour. */
export function formatSlot(at: Date, timeZone: string, now: Date): string {
  const soon = at.getTime() - now.getTime() < 6 * 86_400_000;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    ...(soon ? {} : { month: 'short', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const time = `${get('hour')}:${get('minute')}`;
  return soon
    ? `${get('weekday')} ${time}`
    : `${get('weekday')}, ${get('month')} ${get('day')}, ${time}`;
}
