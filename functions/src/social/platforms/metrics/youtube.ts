import type { MetricsContext, MetricsReading, PublishedPostRef } from '../adapter';
import { count, getJson, refusal } from './read';
import { jsonObject } from '@core/json';

export const YOUTUBE_METRICS_SOURCE = 'YouTube Data API: videos.list statistics';

/** videos.list?id=<id>&part=statistics: views, likes and comments (counts come as digit strings). */
export async function readYouTubeMetrics(
  ctx: MetricsContext,
  post: PublishedPostRef,
): Promise<MetricsReading> {
  const answer = await getJson(
    ctx.fetch,
    `${ctx.baseUrl}/youtube/v3/videos?id=${encodeURIComponent(post.platformPostId)}&part=statistics`,
    { authorization: `Bearer ${ctx.stored.accessToken ?? ''}` },
  );
  if (answer.status !== 200 || !answer.json)
    return { ok: false, failure: refusal('YouTube', answer.status) };
  const items = Array.isArray(answer.json.items)
    ? (answer.json.items as unknown[]).map(jsonObject)
    : [];
  const stats = jsonObject(items.find((i) => i?.id === post.platformPostId)?.statistics);
  if (!stats) return { ok: false, failure: refusal('YouTube', 404) };
  return {
    ok: true,
    source: YOUTUBE_METRICS_SOURCE,
    counts: {
      ...count('impressions', stats.viewCount),
      ...count('likes', stats.likeCount),
      ...count('comments', stats.commentCount),
    },
  };
}
