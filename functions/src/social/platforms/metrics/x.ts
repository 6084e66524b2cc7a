import { createXClient, type XCredentials } from '../../../providers/social/x';
import type { MetricsContext, MetricsReading, PublishedPostRef } from '../adapter';
import { count } from './read';
import { jsonObject } from '@core/json';

export const X_METRICS_SOURCE = 'X API v2: GET /2/tweets public_metrics';

/** GET /2/tweets?ids=<id>&tweet.fields=public_metrics: impressions, likes, replies, reposts, quotes, bookmarks. */
export async function readXMetrics(
  ctx: MetricsContext & { credentials: XCredentials },
  post: PublishedPostRef,
): Promise<MetricsReading> {
  const client = createXClient({
    credentials: ctx.credentials,
    baseUrl: ctx.baseUrl,
    fetch: ctx.fetch,
    now: ctx.now,
  });
  const answer = await client.request('GET', '/2/tweets', {
    query: { ids: post.platformPostId, 'tweet.fields': 'public_metrics' },
  });
  if (!answer.ok) return answer;
  const data = (
    Array.isArray(jsonObject(answer.body)?.data) ? (jsonObject(answer.body)!.data as unknown[]) : []
  )
    .map(jsonObject)
    .find((t) => t?.id === post.platformPostId);
  const m = jsonObject(data?.public_metrics);
  if (!m)
    return { ok: false, failure: { code: 'not_found', message: 'X no longer has this post.' } };
  return {
    ok: true,
    source: X_METRICS_SOURCE,
    counts: {
      ...count('impressions', m.impression_count),
      ...count('likes', m.like_count),
      ...count('comments', m.reply_count),
      ...count('shares', m.retweet_count),
      ...count('quotes', m.quote_count),
      ...count('bookmarks', m.bookmark_count),
    },
  };
}
