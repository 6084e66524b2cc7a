import { describe, expect, it } from 'vitest';
import { adapterOf } from '..';
import { LINKEDIN_METRICS_SOURCE } from './linkedin';

// Each adapter's metrics call reads its platform's documented answer; the sandbox runs are in
// tests/functions/post-metrics.test.ts. Here: the answers the sandbox does not give.

function answering(routes: Record<string, { status: number; body?: unknown }>): {
  fetch: typeof fetch;
  asked: string[];
} {
  const asked: string[] = [];
  const fetcher = (async (input: string | URL | Request) => {
    const url = String(input);
    asked.push(url);
    const route = Object.entries(routes).find(([prefix]) => url.includes(prefix))?.[1] ?? {
      status: 404,
    };
    return new Response(route.body === undefined ? '' : JSON.stringify(route.body), {
      status: route.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetch: fetcher, asked };
}

const ctx = (f: typeof fetch) => ({
  stored: { accessToken: 't', userAgent: 'web:muse:1 (by /u/me)' },
  baseUrl: 'http://platform.test',
  fetch: f,
  now: () => 0,
});

describe('adapter metrics', () => {
  it('LinkedIn: a page post whose statistics are refused (not an ADMINISTRATOR) keeps its reactions and comments', async () => {
    const { fetch: f, asked } = answering({
      '/rest/socialActions/': {
        status: 200,
        body: { likesSummary: { totalLikes: 12 }, commentsSummary: { aggregatedTotalComments: 3 } },
      },
      '/rest/organizationalEntityShareStatistics': {
        status: 403,
        body: { status: 403, code: 'ACCESS_DENIED' },
      },
    });
    const reading = await adapterOf('linkedin').metrics(ctx(f), {
      platformPostId: 'urn:li:ugcPost:9',
      author: 'urn:li:organization:1000002',
    });
    expect(reading).toEqual({
      ok: true,
      source: LINKEDIN_METRICS_SOURCE,
      counts: { likes: 12, comments: 3 },
    });
    expect(asked[1]).toContain(`ugcPosts=List(${encodeURIComponent('urn:li:ugcPost:9')})`);
  });

  it.each([
    [401, 'auth_expired'],
    [404, 'not_found'],
    [429, 'rate_limited'],
    [503, 'unavailable'],
  ] as const)('YouTube: HTTP %i is %s, and no figures are made up', async (status, code) => {
    const { fetch: f } = answering({
      '/youtube/v3/videos': { status, body: { error: { code: status } } },
    });
    const reading = await adapterOf('youtube').metrics(ctx(f), { platformPostId: 'vid1' });
    expect(reading.ok ? null : reading.failure.code).toBe(code);
  });

  it('YouTube: digit-string counts become numbers, a hidden like count is left out', async () => {
    const { fetch: f } = answering({
      '/youtube/v3/videos': {
        status: 200,
        body: { items: [{ id: 'vid1', statistics: { viewCount: '1200', commentCount: '7' } }] },
      },
    });
    expect(await adapterOf('youtube').metrics(ctx(f), { platformPostId: 'vid1' })).toMatchObject({
      ok: true,
      counts: { impressions: 1200, comments: 7 },
    });
  });

  it('Reddit: a post /api/info leaves out is not found; a negative score is kept', async () => {
    const gone = answering({
      '/api/info': { status: 200, body: { kind: 'Listing', data: { children: [] } } },
    });
    expect(
      await adapterOf('reddit').metrics(ctx(gone.fetch), { platformPostId: 't3_abc' }),
    ).toMatchObject({ ok: false, failure: { code: 'not_found' } });
    const down = answering({
      '/api/info': {
        status: 200,
        body: {
          kind: 'Listing',
          data: {
            children: [
              {
                kind: 't3',
                data: { name: 't3_abc', score: -3, upvote_ratio: 0.31, num_comments: 2 },
              },
            ],
          },
        },
      },
    });
    expect(
      await adapterOf('reddit').metrics(ctx(down.fetch), { platformPostId: 't3_abc' }),
    ).toMatchObject({ ok: true, counts: { score: -3, upvoteRatio: 0.31, comments: 2 } });
  });
});
