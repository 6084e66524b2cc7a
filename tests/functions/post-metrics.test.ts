import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  METRIC_WINDOW_MS,
  metricWindows,
  nextMetricsDue,
  type MetricWindow,
} from '@core/post-metrics';
import type { OAuthPlatform } from '@core/social-oauth';
import type { PublishPlatform } from '@core/social-posts';
import { storeSocialCredentials } from '../../functions/src/integrations/secret-store';
import type { Clock } from '../../functions/src/lib/clock';
import {
  LINKEDIN_VERSION,
  RESTLI_PROTOCOL_VERSION,
} from '../../functions/src/providers/social/linkedin';
import { createXClient } from '../../functions/src/providers/social/x';
import {
  takePostMetrics,
  type PostMetricsDeps,
} from '../../functions/src/social/metrics/post-metrics';
import {
  completeSocialOAuth,
  startSocialOAuth,
  type SocialOAuthDeps,
} from '../../functions/src/social/oauth/social-oauth';
import { sandboxEngagement } from '../sandbox/providers/metrics';
import { localKeyring, sandboxHosts, sandboxUrl } from './integrations-support';
import { countReads } from './read-count';
import { adminDb, closeAdmin, projectId } from './support';

// The scheduled snapshots of published posts' figures (functions/src/social/metrics/post-metrics.ts) against the
// sandbox, whose figures are a known function of a post's age (tests/sandbox/providers/metrics.ts): each post is
// aged at the sandbox to 1 hour, 1 day and 7 days, and the scan runs in-process with its clock given.

vi.setConfig({ testTimeout: 90_000 });
adminDb();
const app = initializeApp({ projectId: `${projectId}-post-metrics` }, 'post-metrics');
const db = getFirestore(app);
const keyring = localKeyring();
afterAll(closeAdmin);

const H = 60 * 60_000;
const M = 60_000;
const HOURS: Record<MetricWindow, number> = { '1h': 1, '1d': 24, '7d': 168 };
const clockAt = (at: number): Clock => ({ now: () => new Date(at) });
const store = (on: Firestore = db) => ({
  db: on,
  keyring,
  clock: { now: () => new Date() } as Clock,
});

function deps(at: number, on: Firestore = db): PostMetricsDeps {
  return {
    db: on,
    keyring,
    clock: clockAt(at),
    fetch: globalThis.fetch,
    baseUrls: {
      x: sandboxUrl('x'),
      linkedin: sandboxUrl('linkedin'),
      reddit: sandboxUrl('reddit'),
      youtube: sandboxUrl('google'),
    },
    hosts: sandboxHosts(),
  };
}

const newUid = () => `u${randomUUID().slice(0, 12)}`;

async function saved(
  uid: string,
  platform: PublishPlatform,
  fields: Record<string, string>,
  on: Firestore = db,
): Promise<void> {
  const result = await storeSocialCredentials(store(on), uid, platform, fields);
  if (!result.ok) throw new Error('credentials not stored');
}

/** Reddit and YouTube connect through the sandbox's OAuth consent, as the channel checks' tests do. */
async function connected(uid: string, platform: OAuthPlatform): Promise<void> {
  const clientId = `metrics-${randomUUID().slice(0, 8)}`;
  const fields: Record<string, string> =
    platform === 'reddit'
      ? {
          clientId,
          clientSecret: 'reddit-secret-0001',
          userAgent: 'web:muse-test:1.0 (by /u/tester)',
        }
      : {
          clientId: `${clientId}.apps.googleusercontent.com`,
          clientSecret: 'yt-secret-0001',
          channelId: 'UCsandbox',
        };
  await saved(uid, platform, fields);
  const oauth: SocialOAuthDeps = {
    db,
    keyring,
    clock: { now: () => new Date() },
    fetch: globalThis.fetch,
    hosts: sandboxHosts(),
    emulated: true,
    dashboardOrigins: [],
  };
  const { authorizeUrl } = await startSocialOAuth(
    uid,
    { platform },
    'http://127.0.0.1:5173',
    oauth,
  );
  const back = new URL(
    (await fetch(authorizeUrl, { redirect: 'manual' })).headers.get('location')!,
  );
  await completeSocialOAuth(
    uid,
    { platform, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! },
    oauth,
  );
}

const xAccount = () => `${100_000_000 + Math.floor(Math.random() * 800_000_000)}-token`;
const xFields = (token: string) => ({
  consumerKey: 'muse-app',
  consumerSecret: 'muse-app-secret',
  accessToken: token,
  accessTokenSecret: `${token}-secret`,
});

/** A post made at the platform (the sandbox), as a publish would have made it: its platform id. */
async function madeAt(platform: PublishPlatform, text: string, author?: string): Promise<string> {
  if (platform === 'x') {
    const token = xAccount();
    const client = createXClient({
      credentials: {
        consumerKey: 'muse-app',
        consumerSecret: 'muse-app-secret',
        accessToken: token,
        accessTokenSecret: `${token}-secret`,
      },
      baseUrl: sandboxUrl('x'),
      fetch,
      now: Date.now,
    });
    const answer = await client.request('POST', '/2/tweets', { json: { text } });
    if (!answer.ok) throw new Error(answer.failure.message);
    return (answer.body as { data: { id: string } }).data.id;
  }
  if (platform === 'linkedin') {
    const res = await fetch(`${sandboxUrl('linkedin')}/rest/posts`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer li-maker',
        'linkedin-version': LINKEDIN_VERSION,
        'x-restli-protocol-version': RESTLI_PROTOCOL_VERSION,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        author,
        commentary: text,
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED' },
        lifecycleState: 'PUBLISHED',
      }),
    });
    expect(res.status).toBe(201);
    return res.headers.get('x-restli-id')!;
  }
  if (platform === 'reddit') {
    const res = await fetch(`${sandboxUrl('reddit')}/api/submit`, {
      method: 'POST',
      headers: {
        authorization: 'bearer reddit-maker',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        api_type: 'json',
        sr: 'MuseSandbox',
        kind: 'self',
        title: text,
        text,
      }),
    });
    return ((await res.json()) as { json: { data: { name: string } } }).json.data.name;
  }
  const session = await fetch(
    `${sandboxUrl('google')}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
    {
      method: 'POST',
      headers: {
        authorization: 'Bearer yt-maker',
        'content-type': 'application/json; charset=UTF-8',
        'x-upload-content-length': '16',
        'x-upload-content-type': 'video/mp4',
      },
      body: JSON.stringify({ snippet: { title: text }, status: { privacyStatus: 'public' } }),
    },
  );
  const done = await fetch(session.headers.get('location')!, {
    method: 'PUT',
    headers: { authorization: 'Bearer yt-maker', 'content-range': 'bytes 0-15/16' },
    body: new Uint8Array(16),
  });
  return ((await done.json()) as { id: string }).id;
}

async function age(platform: PublishPlatform, id: string, hours: number): Promise<void> {
  const res = await fetch(
    `${sandboxUrl(platform === 'youtube' ? 'google' : platform)}/__sandbox/${platform}/posts/age`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, hours }),
    },
  );
  expect(res.status).toBe(204);
}

/** A post as a publish leaves it: with its first snapshot's due time (publish-run.ts), unless `old`. */
async function published(
  uid: string,
  platform: PublishPlatform,
  platformPostId: string,
  publishedAt: number,
  author?: string,
  { on = db, old = false, metrics }: { on?: Firestore; old?: boolean; metrics?: object } = {},
): Promise<string> {
  const postId = randomUUID();
  const taken = (metrics ?? {}) as Record<string, unknown>;
  const due = nextMetricsDue(publishedAt, taken, publishedAt);
  await on.doc(`users/${uid}/socialPosts/${postId}`).set({
    platform,
    status: 'published',
    text: 'Out',
    platformPostId,
    url: 'https://example.com/post',
    ...(author ? { author: { urn: author, name: 'Sandbox page' } } : {}),
    ...(metrics ? { metrics } : {}),
    ...(old || due === null ? {} : { metricsDueAt: Timestamp.fromMillis(due) }),
    publishedAt: Timestamp.fromMillis(publishedAt),
    createdAt: Timestamp.fromMillis(publishedAt),
    updatedAt: Timestamp.fromMillis(publishedAt),
  });
  return postId;
}

const metricsOf = async (uid: string, postId: string, on: Firestore = db) =>
  ((await on.doc(`users/${uid}/socialPosts/${postId}`).get()).get('metrics') ?? {}) as Record<
    string,
    { takenAt: Timestamp; source: string; counts: Record<string, number> }
  >;

/** What each platform's snapshot holds for a sandbox post of this age (its documented fields, renamed). */
function expected(
  platform: PublishPlatform,
  id: string,
  hours: number,
  page = false,
): Record<string, number> {
  const e = sandboxEngagement(id, hours * H);
  if (platform === 'x')
    return {
      impressions: e.impressions,
      likes: e.likes,
      comments: e.comments,
      shares: e.shares,
      quotes: e.quotes,
      bookmarks: e.bookmarks,
    };
  if (platform === 'linkedin')
    return page
      ? {
          likes: e.likes,
          comments: e.comments,
          impressions: e.impressions,
          clicks: e.clicks,
          shares: e.shares,
        }
      : { likes: e.likes, comments: e.comments };
  if (platform === 'youtube')
    return { impressions: e.impressions, likes: e.likes, comments: e.comments };
  const ups = e.likes + 1;
  return {
    score: ups - Math.round((ups * (1 - e.upvoteRatio)) / e.upvoteRatio),
    upvoteRatio: e.upvoteRatio,
    comments: e.comments,
  };
}

const SOURCES: Record<PublishPlatform, RegExp> = {
  x: /GET \/2\/tweets public_metrics/,
  linkedin: /socialActions/,
  reddit: /\/api\/info/,
  youtube: /videos\.list statistics/,
};

describe('post metrics snapshots', () => {
  it.each(['x', 'linkedin', 'reddit', 'youtube'] as const)(
    '%s: the 1 hour, 1 day and 7 days snapshots land with the platform’s figures, each once',
    async (platform) => {
      const uid = newUid();
      if (platform === 'x') await saved(uid, 'x', xFields(xAccount()));
      else if (platform === 'linkedin') await saved(uid, 'linkedin', { accessToken: `li-${uid}` });
      else await connected(uid, platform);
      const platformPostId = await madeAt(
        platform,
        `Metrics ${platform} ${randomUUID()}`,
        platform === 'linkedin' ? 'urn:li:person:sbxMember01' : undefined,
      );
      const t0 = Date.now();
      const postId = await published(uid, platform, platformPostId, t0);

      // Not yet an hour old: nothing is due.
      await takePostMetrics(deps(t0 + 59 * M));
      expect(await metricsOf(uid, postId)).toEqual({});

      for (const window of metricWindows) {
        await age(platform, platformPostId, HOURS[window]);
        const at = t0 + METRIC_WINDOW_MS[window] + 3 * M;
        const run = await takePostMetrics(deps(at));
        expect(run.taken.filter((t) => t.postId === postId).map((t) => t.window)).toEqual([window]);
        const snapshot = (await metricsOf(uid, postId))[window]!;
        expect(snapshot.counts).toEqual(expected(platform, platformPostId, HOURS[window]));
        expect(snapshot.source).toMatch(SOURCES[platform]);
        expect(snapshot.takenAt.toMillis()).toBe(at);

        // A rerun (the sandbox's figures have not changed, or have) stores nothing again.
        await age(platform, platformPostId, HOURS[window] + 1);
        const again = await takePostMetrics(deps(at + M));
        expect(again.taken.filter((t) => t.postId === postId)).toEqual([]);
        expect((await metricsOf(uid, postId))[window]).toEqual(snapshot);
      }
      expect(Object.keys(await metricsOf(uid, postId)).sort()).toEqual(['1d', '1h', '7d']);
    },
  );

  it('a LinkedIn page’s post gets its page statistics too (impressions, clicks, reposts)', async () => {
    const uid = newUid();
    await saved(uid, 'linkedin', { accessToken: `li-${uid}` });
    const page = 'urn:li:organization:1000001';
    const platformPostId = await madeAt('linkedin', `Page metrics ${randomUUID()}`, page);
    const t0 = Date.now();
    const postId = await published(uid, 'linkedin', platformPostId, t0, page);
    await age('linkedin', platformPostId, 1);
    await takePostMetrics(deps(t0 + H + 2 * M));
    const snapshot = (await metricsOf(uid, postId))['1h']!;
    expect(snapshot.counts).toEqual(expected('linkedin', platformPostId, 1, true));
    expect(snapshot.source).toMatch(/organizationalEntityShareStatistics/);
  });

  it('a post the platform no longer has, or a refused token, fails alone: the other posts’ snapshots land', async () => {
    const good = newUid();
    await saved(good, 'x', xFields(xAccount()));
    const refused = newUid();
    await saved(refused, 'linkedin', { accessToken: 'bad-key' });
    const tweet = await madeAt('x', `Isolated ${randomUUID()}`);
    const linkedinPost = await madeAt(
      'linkedin',
      `Isolated ${randomUUID()}`,
      'urn:li:person:sbxMember01',
    );
    const t0 = Date.now();
    const gone = await published(good, 'x', '1', t0);
    const kept = await published(good, 'x', tweet, t0);
    const denied = await published(refused, 'linkedin', linkedinPost, t0);
    await age('x', tweet, 1);

    const run = await takePostMetrics(deps(t0 + H + 2 * M));
    expect(
      run.failed.filter((f) => [gone, denied].includes(f.postId)).map((f) => [f.postId, f.code]),
    ).toEqual(
      expect.arrayContaining([
        [gone, 'not_found'],
        [denied, 'auth_expired'],
      ]),
    );
    expect((await metricsOf(good, kept))['1h']!.counts).toEqual(expected('x', tweet, 1));
    expect(await metricsOf(good, gone)).toEqual({});
    expect(await metricsOf(refused, denied)).toEqual({});
  });
});

describe('what a metrics run reads', () => {
  /** A project of its own (fresh each run): the run's queries see every user's posts, and these count them. */
  const own = (name: string) => {
    const id = `${projectId}-${name}-${randomUUID().slice(0, 6)}`;
    return getFirestore(initializeApp({ projectId: id }, id));
  };
  const snapshotAt = (at: number) => ({
    takenAt: Timestamp.fromMillis(at),
    source: 'X API v2 GET /2/tweets public_metrics',
    counts: { likes: 1 },
  });

  it('reads only the posts due: measured posts never come back, and one past a page of them is taken on time', async () => {
    const costDb = own('metrics-cost');
    const uid = newUid();
    await saved(uid, 'x', xFields(xAccount()), costDb);
    const t0 = Date.now();
    // The project's one-off backfill is done (it had no posts yet).
    await takePostMetrics(deps(t0 - H, costDb));
    // A page of posts already measured at 1 hour, older in the same window than one not measured yet.
    const batchSize = 20;
    const writer = costDb.bulkWriter();
    for (let i = 0; i < batchSize + 5; i++) {
      const at = t0 - i * M;
      const postId = randomUUID();
      void writer.set(costDb.doc(`users/${uid}/socialPosts/${postId}`), {
        platform: 'x',
        status: 'published',
        text: 'Measured',
        platformPostId: String(1_000_000 + i),
        url: 'https://example.com/post',
        metrics: { '1h': snapshotAt(at + H) },
        metricsDueAt: Timestamp.fromMillis(at + 24 * H),
        publishedAt: Timestamp.fromMillis(at),
        createdAt: Timestamp.fromMillis(at),
        updatedAt: Timestamp.fromMillis(at),
      });
    }
    await writer.close();
    const tweet = await madeAt('x', `Due ${randomUUID()}`);
    const late = await published(uid, 'x', tweet, t0 + 5 * M, undefined, { on: costDb });
    await age('x', tweet, 1);

    const reads = countReads();
    const run = await takePostMetrics({ ...deps(t0 + H + 6 * M, costDb), batchSize });
    reads.stop();
    expect(run.taken.map((t) => [t.postId, t.window])).toEqual([[late, '1h']]);
    expect((await metricsOf(uid, late, costDb))['1h']!.counts).toEqual(expected('x', tweet, 1));
    // The due post (its query and its transaction), the backfill's state and the account's credentials.
    expect(reads.byCollection().socialPosts).toBe(1);
    expect(reads.docs()).toBeLessThanOrEqual(6);

    // Measured, it is read again only at its next window.
    const again = countReads();
    await takePostMetrics({ ...deps(t0 + 2 * H, costDb), batchSize });
    again.stop();
    expect(again.byCollection().socialPosts ?? 0).toBeLessThanOrEqual(1);
    expect(again.docs()).toBeLessThanOrEqual(3);
  });

  it('posts published before the due time existed are measured: the run backfills it once', async () => {
    const oldDb = own('metrics-backfill');
    const uid = newUid();
    await saved(uid, 'x', xFields(xAccount()), oldDb);
    const tweet = await madeAt('x', `Old ${randomUUID()}`);
    const t0 = Date.now();
    const due = await published(uid, 'x', tweet, t0, undefined, { on: oldDb, old: true });
    const measured = await published(uid, 'x', '1', t0, undefined, {
      on: oldDb,
      old: true,
      metrics: { '1h': snapshotAt(t0 + H) },
    });
    const over = await published(uid, 'x', '2', t0 - 10 * 24 * H, undefined, {
      on: oldDb,
      old: true,
    });
    await age('x', tweet, 1);

    const run = await takePostMetrics(deps(t0 + H + 2 * M, oldDb));
    expect(run.taken.map((t) => [t.postId, t.window])).toEqual([[due, '1h']]);
    const dueAt = async (postId: string) =>
      (
        (await oldDb.doc(`users/${uid}/socialPosts/${postId}`).get()).get('metricsDueAt') as
          Timestamp | undefined
      )?.toMillis();
    expect(await dueAt(due)).toBe(t0 + 24 * H);
    expect(await dueAt(measured)).toBe(t0 + 24 * H);
    expect(await dueAt(over)).toBeUndefined();

    // Done once: the next run reads the backfill's state, not the posts.
    const reads = countReads();
    await takePostMetrics(deps(t0 + H + 12 * M, oldDb));
    reads.stop();
    expect(reads.byCollection().socialPosts ?? 0).toBeLessThanOrEqual(1);
  });
});
