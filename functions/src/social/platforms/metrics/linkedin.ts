import { LINKEDIN_VERSION, RESTLI_PROTOCOL_VERSION } from '../../../providers/social/linkedin';
import type { MetricsContext, MetricsReading, PublishedPostRef } from '../adapter';
import { count, getJson, refusal } from './read';
import { jsonObject } from '@core/json';

export const LINKEDIN_METRICS_SOURCE = 'LinkedIn socialActions';
export const LINKEDIN_PAGE_METRICS_SOURCE =
  'LinkedIn socialActions and organizationalEntityShareStatistics';

/**
 * GET /rest/socialActions/{urn}: reactions and comments of the post. A page's post also gets its lifetime
 * statistics (GET /rest/organizationalEntityShareStatistics, impressions, clicks, reposts), which LinkedIn gives
 * a page ADMINISTRATOR only: without them the reactions and comments are kept.
 */
export async function readLinkedInMetrics(
  ctx: MetricsContext,
  post: PublishedPostRef,
): Promise<MetricsReading> {
  const headers = {
    authorization: `Bearer ${ctx.stored.accessToken ?? ''}`,
    'linkedin-version': LINKEDIN_VERSION,
    'x-restli-protocol-version': RESTLI_PROTOCOL_VERSION,
  };
  const urn = post.platformPostId;
  const actions = await getJson(
    ctx.fetch,
    `${ctx.baseUrl}/rest/socialActions/${encodeURIComponent(urn)}`,
    headers,
  );
  if (actions.status !== 200 || !actions.json)
    return { ok: false, failure: refusal('LinkedIn', actions.status) };
  const counts = {
    ...count('likes', jsonObject(actions.json.likesSummary)?.totalLikes),
    ...count('comments', jsonObject(actions.json.commentsSummary)?.aggregatedTotalComments),
  };
  const page = post.author && /^urn:li:organization:\d+$/.test(post.author) ? post.author : null;
  const list = urn.startsWith('urn:li:ugcPost:') ? 'ugcPosts' : 'shares';
  if (!page) return { ok: true, counts, source: LINKEDIN_METRICS_SOURCE };
  const stats = await getJson(
    ctx.fetch,
    `${ctx.baseUrl}/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent(page)}&${list}=List(${encodeURIComponent(urn)})`,
    headers,
  );
  const elements = Array.isArray(stats.json?.elements)
    ? (stats.json.elements as unknown[]).map(jsonObject)
    : [];
  const total = jsonObject(
    elements.find((e) => e?.share === urn || e?.ugcPost === urn)?.totalShareStatistics,
  );
  if (stats.status !== 200 || !total) return { ok: true, counts, source: LINKEDIN_METRICS_SOURCE };
  return {
    ok: true,
    source: LINKEDIN_PAGE_METRICS_SOURCE,
    counts: {
      ...counts,
      ...count('impressions', total.impressionCount),
      ...count('clicks', total.clickCount),
      ...count('shares', total.shareCount),
    },
  };
}
