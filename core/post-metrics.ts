import { z } from 'zod';
import { timestamp, text } from './data/fields';
import type { PublishPlatform } from './platforms/facts';

// How a published post did: snapshots of the platform's own figures about 1 hour, 1 day and 7 days after it
// went out, taken by the scheduled takePostMetrics (functions/src/social/metrics/) and kept on the post
// (users/{uid}/socialPosts/{postId}, field `metrics`, written only by functions), each with its source and time.

export const metricWindows = ['1h', '1d', '7d'] as const;
export type MetricWindow = (typeof metricWindows)[number];

const HOUR = 60 * 60_000;
/** How long after the post went out each snapshot is due. */
export const METRIC_WINDOW_MS: Record<MetricWindow, number> = {
  '1h': HOUR,
  '1d': 24 * HOUR,
  '7d': 7 * 24 * HOUR,
};
/** How long past its time a snapshot may still be taken (a platform down, functions down); then it is skipped. */
export const METRIC_WINDOW_GRACE_MS: Record<MetricWindow, number> = {
  '1h': 6 * HOUR,
  '1d': 24 * HOUR,
  '7d': 48 * HOUR,
};
/**
 * When a post's next snapshot is due, from `from` on (epoch ms): the start of the first window it has no
 * snapshot of whose grace has not ended by `from` (`from` itself when that window has begun), or null when no
 * window is left. Kept on a published post as `metricsDueAt` (publish-run.ts sets the first, each snapshot moves
 * it on), so the scheduled run queries only the posts that still need one.
 */
export function nextMetricsDue(
  publishedAt: number,
  taken: Partial<Record<MetricWindow, unknown>>,
  from: number,
): number | null {
  for (const w of metricWindows) {
    if (taken[w]) continue;
    const start = publishedAt + METRIC_WINDOW_MS[w];
    if (start + METRIC_WINDOW_GRACE_MS[w] < from) continue;
    return Math.max(start, from);
  }
  return null;
}

export const metricWindowLabels: Record<MetricWindow, string> = {
  '1h': '1 hour',
  '1d': '1 day',
  '7d': '7 days',
};

/** The figures a snapshot may hold; each platform gives some of them. */
export const postMetricKeys = [
  'impressions',
  'likes',
  'comments',
  'shares',
  'quotes',
  'bookmarks',
  'clicks',
  'score',
  'upvoteRatio',
] as const;
export type PostMetricKey = (typeof postMetricKeys)[number];
export type PostMetricCounts = Partial<Record<PostMetricKey, number>>;

const genericLabels: Record<PostMetricKey, string> = {
  impressions: 'Views',
  likes: 'Likes',
  comments: 'Comments',
  shares: 'Shares',
  quotes: 'Quotes',
  bookmarks: 'Bookmarks',
  clicks: 'Clicks',
  score: 'Score',
  upvoteRatio: 'Upvote ratio',
};
const platformLabels: Partial<Record<PublishPlatform, Partial<Record<PostMetricKey, string>>>> = {
  x: { impressions: 'Impressions', shares: 'Reposts' },
  linkedin: { impressions: 'Impressions', likes: 'Reactions', shares: 'Reposts' },
  reddit: { likes: 'Upvotes' },
};

/** A figure's name as the platform calls it (X reposts, LinkedIn reactions). */
export function metricLabel(platform: PublishPlatform, key: PostMetricKey): string {
  return platformLabels[platform]?.[key] ?? genericLabels[key];
}

/** People acting on a post: likes, comments, shares and quotes (Reddit, which has no likes: its score and comments). */
export function engagementsOf(counts: PostMetricCounts): number {
  return (
    (counts.likes ?? Math.max(0, counts.score ?? 0)) +
    (counts.comments ?? 0) +
    (counts.shares ?? 0) +
    (counts.quotes ?? 0)
  );
}

const countsSchema = z
  .record(z.string(), z.unknown())
  .catch(() => ({}))
  .transform((raw) => {
    const out: PostMetricCounts = {};
    for (const key of postMetricKeys) {
      const v = raw[key];
      if (typeof v === 'number' && Number.isFinite(v) && (v >= 0 || key === 'score')) out[key] = v;
    }
    return out;
  });

export const metricSnapshotSchema = z.object({
  takenAt: timestamp(),
  /** Which call answered it, in the platform's words (e.g. 'X API v2 GET /2/tweets public_metrics'). */
  source: text(),
  counts: countsSchema,
});
export type MetricSnapshot = z.output<typeof metricSnapshotSchema>;

/** The post's `metrics` field, read leniently: only well-formed snapshots of known windows. */
export const postMetricsSchema = z
  .record(z.string(), z.unknown())
  .nullable()
  .optional()
  .catch(null)
  .transform((raw) => {
    const out: Partial<Record<MetricWindow, MetricSnapshot>> = {};
    for (const w of metricWindows) {
      const value = raw?.[w];
      if (typeof value !== 'object' || value === null) continue;
      const snapshot = metricSnapshotSchema.parse(value);
      if (snapshot.takenAt) out[w] = snapshot;
    }
    return out;
  });
export type PostMetrics = z.output<typeof postMetricsSchema>;

/** The newest snapshot a post has (7 days, else 1 day, else 1 hour), with its window. */
export function latestSnapshot(
  metrics: PostMetrics,
): { window: MetricWindow; snapshot: MetricSnapshot } | null {
  for (const window of [...metricWindows].reverse()) {
    const snapshot = metrics[window];
    if (snapshot) return { window, snapshot };
  }
  return null;
}

/** The figures a channel's posts add up to, each post counted by its newest snapshot. */
export interface ResultsTotals {
  /** Posts with at least one snapshot. */
  posts: number;
  /** Impressions or views, where the platform gives them. */
  views: number;
  /** Whether any post's snapshot had impressions or views at all (Reddit reports none): 0 is a figure only then. */
  viewsReported: boolean;
  engagements: number;
}

export function resultsTotals(posts: readonly { metrics: PostMetrics }[]): ResultsTotals {
  const totals: ResultsTotals = { posts: 0, views: 0, viewsReported: false, engagements: 0 };
  for (const post of posts) {
    const latest = latestSnapshot(post.metrics);
    if (!latest) continue;
    totals.posts += 1;
    totals.views += latest.snapshot.counts.impressions ?? 0;
    if (latest.snapshot.counts.impressions !== undefined) totals.viewsReported = true;
    totals.engagements += engagementsOf(latest.snapshot.counts);
  }
  return totals;
}

/** The model a library item was made with, as its job recorded it (images, video, music: `model`; voiceovers: `modelId`). */
export function modelOf(metadata: Record<string, unknown>): string | null {
  const model = metadata.model ?? metadata.modelId;
  return typeof model === 'string' && model.trim() ? model.trim() : null;
}

export interface ModelResults {
  model: string;
  posts: number;
  /** Engagements per post, by each post's newest snapshot. */
  engagementsPerPost: number;
  viewsPerPost: number;
}

/** Which model's media does best: posts measured, grouped by the model of the first library item each carried. */
export function resultsByModel(
  posts: readonly { metrics: PostMetrics; model: string | null }[],
): ModelResults[] {
  const groups = new Map<string, { posts: number; engagements: number; views: number }>();
  for (const post of posts) {
    const latest = latestSnapshot(post.metrics);
    if (!latest) continue;
    const key = post.model ?? 'No library media';
    const g = groups.get(key) ?? { posts: 0, engagements: 0, views: 0 };
    g.posts += 1;
    g.engagements += engagementsOf(latest.snapshot.counts);
    g.views += latest.snapshot.counts.impressions ?? 0;
    groups.set(key, g);
  }
  return [...groups.entries()]
    .map(([model, g]) => ({
      model,
      posts: g.posts,
      engagementsPerPost: g.engagements / g.posts,
      viewsPerPost: g.views / g.posts,
    }))
    .sort((a, b) => b.engagementsPerPost - a.engagementsPerPost || a.model.localeCompare(b.model));
}

/** What a screen says where there are no snapshots yet. */
export const NO_RESULTS_YET = 'No results yet: the first arrive an hour after a post goes out.';

/** Engagements per impression, in percent (one decimal), over the posts whose platform counts impressions; null without any. */
export function engagementRate(posts: readonly { metrics: PostMetrics }[]): number | null {
  let impressions = 0;
  let engagements = 0;
  for (const post of posts) {
    const latest = latestSnapshot(post.metrics);
    const seen = latest?.snapshot.counts.impressions;
    if (!latest || !seen) continue;
    impressions += seen;
    engagements += engagementsOf(latest.snapshot.counts);
  }
  return impressions > 0 ? Math.round((engagements / impressions) * 1000) / 10 : null;
}
