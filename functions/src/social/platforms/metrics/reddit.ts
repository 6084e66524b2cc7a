import { createRedditClient } from '../../../providers/social/reddit';
import type { MetricsContext, MetricsReading, PublishedPostRef } from '../adapter';
import { count, refusal } from './read';
import { jsonObject } from '@core/json';

export const REDDIT_METRICS_SOURCE = 'Reddit API: GET /api/info';

/** GET /api/info?id=t3_...: the post's score, upvote ratio and comment count. */
export async function readRedditMetrics(
  ctx: MetricsContext,
  post: PublishedPostRef,
): Promise<MetricsReading> {
  // A metrics read never waits out a rate-limit window: the next run takes it.
  const client = createRedditClient({
    accessToken: ctx.stored.accessToken ?? '',
    userAgent: ctx.stored.userAgent ?? '',
    baseUrl: ctx.baseUrl,
    fetch: ctx.fetch,
    now: ctx.now,
    sleep: () => Promise.resolve(),
    maxRateWaitMs: 0,
  });
  const answer = await client.call(
    'GET',
    `/api/info?id=${encodeURIComponent(post.platformPostId)}&raw_json=1`,
  );
  if (!answer.ok || answer.status === undefined)
    return { ok: false, failure: client.failureOf(answer) };
  const children = Array.isArray(jsonObject(jsonObject(answer.json)?.data)?.children)
    ? (jsonObject(jsonObject(answer.json)!.data)!.children as unknown[])
    : [];
  const data = children
    .map((c) => jsonObject(jsonObject(c)?.data))
    .find((d) => d?.name === post.platformPostId);
  if (!data) return { ok: false, failure: refusal('Reddit', 404) };
  return {
    ok: true,
    source: REDDIT_METRICS_SOURCE,
    counts: {
      ...count('score', data.score),
      ...count('upvoteRatio', data.upvote_ratio),
      ...count('comments', data.num_comments),
    },
  };
}
