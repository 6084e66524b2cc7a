import { Temporal } from 'temporal-polyfill';
import { engagementsOf, latestSnapshot, type PostMetrics } from './post-metrics';

// "Best times to post" from the user's own results on one channel: its measured posts grouped by the
// weekday and hour they went out, read in the workspace's time zone (Temporal's zone rules, as in
// core/schedule.ts, never offset math), each slot scored by the median engagement per view of its posts,
// every post counted by its newest snapshot (7 days, else 1 day, else 1 hour; see latestSnapshot).

/** Posts with views measured before any slot is suggested. */
export const BEST_TIMES_MIN_POSTS = 10;
/** Posts a slot needs before it may be suggested, so one lucky post is not a "best time". */
export const BEST_TIMES_MIN_SLOT_POSTS = 2;
/** How many slots are suggested. */
export const BEST_TIMES_TOP = 3;

export interface BestTimeSlot {
  /** ISO weekday in the workspace zone: 1 is Monday, 7 is Sunday. */
  weekday: number;
  /** Wall-clock hour in the workspace zone, 0-23. */
  hour: number;
  /** Median engagements per view of the slot's posts (0.041 is 4.1%). */
  engagementRate: number;
  posts: number;
}

export type BestTimes =
  | { status: 'ready'; slots: BestTimeSlot[]; measured: number }
  | {
      status: 'needMore';
      /** More measured posts needed: enough to reach the minimum, or at least one where no slot has two yet. */
      needed: number;
      measured: number;
    };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The best slots of a channel's published posts. A post counts as measured when it has a publishedAt and its
 * newest snapshot has views (impressions) above zero; others (no snapshot yet, a platform that gives no views)
 * are left out, as engagement per view says nothing without views. A time that happens twice on a fall-back
 * day counts under its wall-clock hour both times. Ties go to more posts, then the earlier weekday and hour.
 */
export function bestTimesToPost(
  posts: readonly { publishedAt: Date | null; metrics: PostMetrics }[],
  timeZone: string,
): BestTimes {
  const slots = new Map<number, { weekday: number; hour: number; rates: number[] }>();
  let measured = 0;
  for (const post of posts) {
    const latest = latestSnapshot(post.metrics);
    const views = latest?.snapshot.counts.impressions ?? 0;
    if (!post.publishedAt || !latest || views <= 0) continue;
    const wall = Temporal.Instant.fromEpochMilliseconds(
      post.publishedAt.getTime(),
    ).toZonedDateTimeISO(timeZone);
    const key = wall.dayOfWeek * 24 + wall.hour;
    const slot = slots.get(key) ?? { weekday: wall.dayOfWeek, hour: wall.hour, rates: [] };
    slot.rates.push(engagementsOf(latest.snapshot.counts) / views);
    slots.set(key, slot);
    measured += 1;
  }
  const ranked = [...slots.values()]
    .filter((s) => s.rates.length >= BEST_TIMES_MIN_SLOT_POSTS)
    .map((s): BestTimeSlot => ({
      weekday: s.weekday,
      hour: s.hour,
      engagementRate: median(s.rates),
      posts: s.rates.length,
    }))
    .sort(
      (a, b) =>
        b.engagementRate - a.engagementRate ||
        b.posts - a.posts ||
        a.weekday - b.weekday ||
        a.hour - b.hour,
    );
  if (measured < BEST_TIMES_MIN_POSTS || ranked.length === 0) {
    return {
      status: 'needMore',
      needed: Math.max(BEST_TIMES_MIN_POSTS - measured, ranked.length === 0 ? 1 : 0),
      measured,
    };
  }
  return { status: 'ready', slots: ranked.slice(0, BEST_TIMES_TOP), measured };
}

const weekdayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** 'Tue 09:00-10:00' (the last hour of a day ends at 24:00). */
export function bestTimeSlotLabel(slot: Pick<BestTimeSlot, 'weekday' | 'hour'>): string {
  return `${weekdayNames[slot.weekday - 1]} ${hh(slot.hour)}-${hh(slot.hour + 1)}`;
}
