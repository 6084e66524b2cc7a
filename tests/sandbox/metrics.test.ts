import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINKEDIN_MEMBER_URN, LINKEDIN_VERSIONS } from './providers/linkedin';
import { sandboxEngagement } from './providers/metrics';
import { oauthBaseString, oauthEncode, oauthSignature, sandboxSecretOf } from './providers/x';
import { startSandbox, type Sandbox } from './server';

// Each platform's metrics routes serve the documented fields of the posts the sandbox made, growing with the
// post's age (providers/metrics.ts): a post aged N hours answers sandboxEngagement(id, N hours).

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const H = 3_600_000;

async function age(
  platform: 'x' | 'linkedin' | 'reddit' | 'youtube',
  id: string,
  hours: number,
): Promise<void> {
  const base = platform === 'youtube' ? sandbox.urls.google : sandbox.urls[platform];
  const res = await fetch(`${base}/__sandbox/${platform}/posts/age`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, hours }),
  });
  expect(res.status).toBe(204);
}

let nonce = 0;
async function x(method: string, path: string, json?: unknown) {
  const url = new URL(`${sandbox.urls.x}${path}`);
  const token = '901-metrics-token';
  const oauth: Record<string, string> = {
    oauth_consumer_key: 'app-key',
    oauth_nonce: `metrics${(nonce += 1)}`,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(Date.now() / 1000)),
    oauth_token: token,
    oauth_version: '1.0',
  };
  const signature = oauthSignature(
    oauthBaseString(method, `${url.origin}${url.pathname}`, [
      ...Object.entries(oauth),
      ...url.searchParams.entries(),
    ]),
    sandboxSecretOf('app-key'),
    sandboxSecretOf(token),
  );
  const authorization = `OAuth ${Object.entries({ ...oauth, oauth_signature: signature })
    .map(([k, v]) => `${k}="${oauthEncode(v)}"`)
    .join(', ')}`;
  const res = await fetch(url, {
    method,
    headers: { authorization, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const LINKEDIN_HEADERS = {
  authorization: 'Bearer li-token',
  'linkedin-version': Object.keys(LINKEDIN_VERSIONS).sort().at(-1)!,
  'x-restli-protocol-version': '2.0.0',
};
async function linkedin(path: string, body?: unknown) {
  const res = await fetch(`${sandbox.urls.linkedin}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...LINKEDIN_HEADERS, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: (text ? JSON.parse(text) : {}) as Record<string, any>,
  };
}
const linkedinPost = async (author: string, commentary: string): Promise<string> => {
  const res = await linkedin('/rest/posts', {
    author,
    commentary,
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED' },
    lifecycleState: 'PUBLISHED',
  });
  expect(res.status).toBe(201);
  return res.headers.get('x-restli-id')!;
};

describe('metrics of published posts', () => {
  it('X: GET /2/tweets?ids=&tweet.fields=public_metrics answers each post’s public metrics, growing with its age, and names unknown ids', async () => {
    const made = await x('POST', '/2/tweets', { text: `Metrics ${Date.now()}` });
    const id = made.body.data.id as string;
    await age('x', id, 1);
    const first = await x('GET', `/2/tweets?ids=${id},1&tweet.fields=public_metrics`);
    const e1 = sandboxEngagement(id, H);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([
      expect.objectContaining({
        id,
        public_metrics: {
          retweet_count: e1.shares,
          reply_count: e1.comments,
          like_count: e1.likes,
          quote_count: e1.quotes,
          bookmark_count: e1.bookmarks,
          impression_count: e1.impressions,
        },
      }),
    ]);
    expect(first.body.errors).toEqual([
      expect.objectContaining({
        resource_id: '1',
        title: 'Not Found Error',
        type: 'https://api.twitter.com/2/problems/resource-not-found',
      }),
    ]);
    await age('x', id, 24);
    const later = await x('GET', `/2/tweets?ids=${id}&tweet.fields=public_metrics`);
    expect(later.body.data[0].public_metrics.like_count).toBe(sandboxEngagement(id, 24 * H).likes);
    expect(sandboxEngagement(id, 24 * H).likes).toBeGreaterThan(e1.likes);
    expect((await x('GET', '/2/tweets?ids=abc')).status).toBe(400);
    // A first comment made through the sandbox (a reply) is one more reply.
    const reply = await x('POST', '/2/tweets', {
      text: `First comment ${Date.now()}`,
      reply: { in_reply_to_tweet_id: id },
    });
    expect(reply.status).toBe(201);
    const replied = await x('GET', `/2/tweets?ids=${id}&tweet.fields=public_metrics`);
    expect(replied.body.data[0].public_metrics.reply_count).toBe(
      sandboxEngagement(id, 24 * H).comments + 1,
    );
  });

  it('LinkedIn: socialActions gives likes and comments; page statistics only to a page ADMINISTRATOR', async () => {
    const mine = await linkedinPost(LINKEDIN_MEMBER_URN, `Member metrics ${Date.now()}`);
    await age('linkedin', mine, 24);
    const e = sandboxEngagement(mine, 24 * H);
    const actions = await linkedin(`/rest/socialActions/${encodeURIComponent(mine)}`);
    expect(actions).toMatchObject({
      status: 200,
      body: {
        target: mine,
        likesSummary: { totalLikes: e.likes, aggregatedTotalLikes: e.likes },
        commentsSummary: {
          totalFirstLevelComments: e.comments,
          aggregatedTotalComments: e.comments,
        },
      },
    });
    expect(
      (await linkedin(`/rest/socialActions/${encodeURIComponent('urn:li:share:1')}`)).status,
    ).toBe(404);
    // A first comment made through the Comments API counts.
    const comment = (urn: string, actor: string) =>
      linkedin(`/rest/socialActions/${encodeURIComponent(urn)}/comments`, {
        actor,
        object: urn,
        message: { text: `First comment ${Date.now()}` },
      });
    expect((await comment(mine, LINKEDIN_MEMBER_URN)).status).toBe(201);
    expect(
      (await linkedin(`/rest/socialActions/${encodeURIComponent(mine)}`)).body.commentsSummary,
    ).toMatchObject({
      totalFirstLevelComments: e.comments + 1,
      aggregatedTotalComments: e.comments + 1,
    });

    const page = await linkedinPost('urn:li:organization:1000001', `Page metrics ${Date.now()}`);
    await age('linkedin', page, 1);
    const p = sandboxEngagement(page, H);
    expect((await comment(page, 'urn:li:organization:1000001')).status).toBe(201);
    const stats = await linkedin(
      `/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent('urn:li:organization:1000001')}&shares=List(${encodeURIComponent(page)})`,
    );
    expect(stats.status).toBe(200);
    expect(stats.body.elements).toEqual([
      {
        organizationalEntity: 'urn:li:organization:1000001',
        share: page,
        totalShareStatistics: expect.objectContaining({
          impressionCount: p.impressions,
          clickCount: p.clicks,
          likeCount: p.likes,
          commentCount: p.comments + 1,
          shareCount: p.shares,
        }),
      },
    ]);
    // A content administrator may post for the page but not read its statistics.
    const refused = await linkedin(
      `/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent('urn:li:organization:1000002')}&shares=List()`,
    );
    expect(refused.status).toBe(403);
  });

  it('YouTube: videos.list part=statistics answers string counts that grow with the video’s age', async () => {
    const session = await fetch(
      `${sandbox.urls.google}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
      {
        method: 'POST',
        headers: {
          authorization: 'Bearer yt-token',
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-length': '16',
          'x-upload-content-type': 'video/mp4',
        },
        body: JSON.stringify({
          snippet: { title: 'Metrics' },
          status: { privacyStatus: 'public' },
        }),
      },
    );
    const done = await fetch(session.headers.get('location')!, {
      method: 'PUT',
      headers: { authorization: 'Bearer yt-token', 'content-range': 'bytes 0-15/16' },
      body: new Uint8Array(16),
    });
    const id = ((await done.json()) as { id: string }).id;
    await age('youtube', id, 168);
    const e = sandboxEngagement(id, 168 * H);
    // A first comment made through commentThreads.insert counts in commentCount.
    const thread = await fetch(`${sandbox.urls.google}/youtube/v3/commentThreads?part=snippet`, {
      method: 'POST',
      headers: { authorization: 'Bearer yt-token', 'content-type': 'application/json' },
      body: JSON.stringify({
        snippet: { videoId: id, topLevelComment: { snippet: { textOriginal: 'First comment' } } },
      }),
    });
    expect(thread.status).toBe(200);
    // part repeated, as googleapis sends an array (part=snippet&part=statistics): both parts answer.
    const res = await fetch(
      `${sandbox.urls.google}/youtube/v3/videos?id=${id}&part=snippet&part=statistics`,
      { headers: { authorization: 'Bearer yt-token' } },
    );
    expect(await res.json()).toMatchObject({
      items: [
        {
          id,
          snippet: { title: 'Metrics' },
          statistics: {
            viewCount: String(e.impressions),
            likeCount: String(e.likes),
            favoriteCount: '0',
            commentCount: String(e.comments + 1),
          },
        },
      ],
    });
  });

  it('Reddit: /api/info?id=t3_ answers score, upvote_ratio and num_comments, and leaves unknown names out', async () => {
    const submit = await fetch(`${sandbox.urls.reddit}/api/submit`, {
      method: 'POST',
      headers: {
        authorization: 'bearer reddit-sandbox-token',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        api_type: 'json',
        sr: 'MuseSandbox',
        kind: 'self',
        title: `Metrics ${Date.now()}`,
        text: 'Body',
      }),
    });
    const name = ((await submit.json()) as { json: { data: { name: string } } }).json.data.name;
    await age('reddit', name, 24);
    const e = sandboxEngagement(name, 24 * H);
    const res = await fetch(`${sandbox.urls.reddit}/api/info?id=${name},t3_zzzzzz`, {
      headers: { authorization: 'bearer reddit-sandbox-token' },
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const listing = (await res.json()) as any;
    expect(listing.data.children).toHaveLength(1);
    const { score, upvote_ratio, num_comments, ups } = listing.data.children[0].data;
    expect({ upvote_ratio, num_comments, ups }).toEqual({
      upvote_ratio: e.upvoteRatio,
      num_comments: e.comments,
      ups: e.likes + 1,
    });
    expect(score).toBeLessThanOrEqual(ups);
    // A first comment made through POST /api/comment counts in num_comments.
    const comment = await fetch(`${sandbox.urls.reddit}/api/comment`, {
      method: 'POST',
      headers: {
        authorization: 'bearer reddit-sandbox-token',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ api_type: 'json', thing_id: name, text: 'First comment' }),
    });
    expect(comment.status).toBe(200);
    const after = (await (
      await fetch(`${sandbox.urls.reddit}/api/info?id=${name}`, {
        headers: { authorization: 'bearer reddit-sandbox-token' },
      })
    ).json()) as { data: { children: { data: { num_comments: number } }[] } };
    expect(after.data.children[0]!.data.num_comments).toBe(e.comments + 1);
  });
});
