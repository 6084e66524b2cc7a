import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { CallableInput } from '@core/callables';
import type { PublishPlatform } from '@core/social-posts';
import { publishPostSchema, retryPostSchema } from '@core/social-posts';
import { runJob, type RunnerDeps } from '../../functions/src/jobs/runner';
import { systemClock } from '../../functions/src/lib/clock';
import { publishProviders } from '../../functions/src/social/deps';
import { retryPost } from '../../functions/src/social/manage-posts/manage-posts';
import { postRef, publishJobId, retryJobId } from '../../functions/src/social/posts';
import { publishPost } from '../../functions/src/social/publish-post/publish-post';
import type { PublishTiming } from '../../functions/src/social/publish-timing';
import { REDDIT_ACCOUNT } from '../sandbox/providers/reddit';
import { addFault, sandboxUrl } from './integrations-support';
import {
  directProject,
  publishRunnerDeps,
  redditAccount,
  saveCredentials,
} from './publish-support';
import { closeAdmin } from './support';

// Issue: a Retry soon after an unknown outcome sent the post again while the first request could still
// land. Here every platform's sandbox makes the post well after the client's timeout (the answer comes too
// late), and Retry is pressed early in the window, later in it, and after it: each platform gets exactly one
// post and exactly one create request. Windows are shortened (PublishTiming) so "+60 s" takes a few seconds:
// timeout 1 s, the platform makes the post at 2.5 s, the settle window ends 4 s after the timeout.
// Jobs run in-process in a project of their own, where no trigger runs them behind the test's back.

vi.setConfig({ testTimeout: 60_000 });
const project = directProject('outcomes');
const { db, bucket, keyring } = project;
afterAll(closeAdmin);

const TIMING: PublishTiming = {
  requestTimeoutMs: 1000,
  uploadTimeoutMs: 1000,
  settleMs: { x: 3000, linkedin: 3000, reddit: 3000, youtube: 3000 },
  lookupEveryMs: 250,
  backoffMs: [0],
};
const MAKES_POST_AFTER_MS = 2500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const deps = (): RunnerDeps =>
  publishRunnerDeps(project, {
    timing: TIMING,
    publisher: { chunkBytes: 256 * 1024, sleep: async () => undefined },
  });

const store = { db, keyring, clock: systemClock };
const marker = () => `m${randomUUID().slice(0, 8)}`;

const saved = (uid: string, platform: PublishPlatform, fields: Record<string, string>) =>
  saveCredentials(store, uid, platform, fields);

async function libraryVideo(uid: string): Promise<string> {
  const id = randomUUID();
  const path = `${uid}/generations/${id}.mp4`;
  const bytes = randomBytes(1000);
  await bucket.file(path).save(bytes, { resumable: false, contentType: 'video/mp4' });
  await db.doc(`users/${uid}/generations/${id}`).set({
    type: 'video',
    title: 'Clip',
    prompt: 'clip',
    storagePath: path,
    contentType: 'video/mp4',
    sizeBytes: bytes.length,
    createdAt: new Date(),
    metadata: {},
  });
  return id;
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  return (await (await fetch(url, init)).json()) as T;
}

interface Case {
  platform: PublishPlatform;
  /** A user with credentials whose token only this test uses; the post's input; the token. */
  setUp(text: string): Promise<{
    uid: string;
    token: string;
    input: Omit<CallableInput<'publishPost'>, 'requestId'>;
  }>;
  /** The request that makes the post (for YouTube, the upload whose last byte makes the video). */
  create: { method: string; path: string };
  /** The request the sandbox answers late, after making the post. */
  late: { method: string; path: string };
  /** Posts the platform holds with this text (or title). */
  made(text: string, token: string): Promise<number>;
}

const cases: Case[] = [
  {
    platform: 'x',
    async setUp(text) {
      const uid = `u${randomUUID().slice(0, 12)}`;
      const account = 100_000_000 + Math.floor(Math.random() * 800_000_000);
      const token = `${account}-token`;
      await saved(uid, 'x', {
        consumerKey: 'muse-app',
        consumerSecret: 'muse-app-secret',
        accessToken: token,
        accessTokenSecret: `${account}-token-secret`,
      });
      return { uid, token, input: { platform: 'x', text } };
    },
    create: { method: 'POST', path: '/2/tweets' },
    late: { method: 'POST', path: '/2/tweets' },
    made: async (text) =>
      (
        await json<{ tweets: { text: string }[] }>(`${sandboxUrl('x')}/__sandbox/x/tweets`)
      ).tweets.filter((t) => t.text.includes(text)).length,
  },
  {
    platform: 'linkedin',
    async setUp(text) {
      const uid = `u${randomUUID().slice(0, 12)}`;
      const token = `li-${uid}`;
      await saved(uid, 'linkedin', { accessToken: token });
      return {
        uid,
        token,
        input: { platform: 'linkedin', text, author: 'urn:li:person:sbxMember01' },
      };
    },
    create: { method: 'POST', path: '/rest/posts' },
    late: { method: 'POST', path: '/rest/posts' },
    made: async (text) =>
      (
        await json<{ posts: { text: string }[] }>(
          `${sandboxUrl('linkedin')}/__sandbox/linkedin/posts`,
        )
      ).posts.filter((p) => p.text.includes(text)).length,
  },
  {
    platform: 'reddit',
    async setUp(text) {
      const { uid, token } = await redditAccount(store);
      return {
        uid,
        token,
        input: {
          platform: 'reddit',
          text: `Body ${text}`,
          reddit: { subreddit: 'MuseSandbox', title: text },
        },
      };
    },
    create: { method: 'POST', path: '/api/submit' },
    late: { method: 'POST', path: '/api/submit' },
    made: async (text, token) => {
      const listing = await json<{ data: { children: { data: { title: string } }[] } }>(
        `${sandboxUrl('reddit')}/user/${REDDIT_ACCOUNT.name}/submitted?limit=100`,
        {
          headers: {
            authorization: `bearer ${token}`,
            'user-agent': 'web:muse-studio:1.0 (by /u/sandbox_creator)',
          },
        },
      );
      return listing.data.children.filter((c) => c.data.title === text).length;
    },
  },
  {
    platform: 'youtube',
    async setUp(text) {
      const uid = `u${randomUUID().slice(0, 12)}`;
      const token = `ya29.sandbox-${randomUUID().slice(0, 8)}`;
      await saved(uid, 'youtube', {
        clientId: 'sandbox-youtube-client',
        clientSecret: 'sandbox-youtube-secret',
        accessToken: token,
        refreshToken: 'sandbox-refresh',
        accessTokenExpiresAt: String(Date.now() + 3600_000),
        scope:
          'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
      });
      const video = await libraryVideo(uid);
      return {
        uid,
        token,
        input: {
          platform: 'youtube',
          text: 'Made with Muse.',
          media: [{ generationId: video }],
          youtube: { title: text, tags: [], privacyStatus: 'private' },
        },
      };
    },
    create: { method: 'POST', path: '/upload/youtube/v3/videos' },
    late: { method: 'PUT', path: '/upload/youtube/v3/videos' },
    made: async (text) =>
      (
        await json<{ videos: { title: string }[] }>(
          `${sandboxUrl('google')}/__sandbox/youtube/videos`,
        )
      ).videos.filter((v) => v.title === text).length,
  },
];

async function createRequests(c: Case, token: string): Promise<number> {
  const url = `${sandboxUrl(publishProviders[c.platform])}/__sandbox/requests?authorizationIncludes=${encodeURIComponent(token)}`;
  const { requests } = await json<{ requests: { method: string; path: string }[] }>(url);
  return requests.filter((r) => r.method === c.create.method && r.path === c.create.path).length;
}

describe('an answer that comes after the timeout', () => {
  it.each(cases)(
    '$platform: the job waits it out and Retry at +1 s, +15 s and +60 s sends nothing again',
    async (c) => {
      const text = `Late answer ${marker()}`;
      const { uid, token, input } = await c.setUp(text);
      const { postId } = await publishPost(
        uid,
        publishPostSchema.parse({ requestId: randomUUID(), ...input }),
        store,
      );
      await addFault(publishProviders[c.platform], {
        ...c.late,
        authorizationIncludes: token,
        delayMs: MAKES_POST_AFTER_MS,
      });
      const first = runJob({ uid, jobId: publishJobId(postId) }, deps());
      const jobs: Promise<unknown>[] = [first];
      const read = async () => (await postRef(db, uid, postId).get()).data()!;

      // The timeout has passed and the outcome is unknown: the post is being checked (before this change, it had
      // failed). A YouTube upload asks its session instead and may finish first: its last chunk can be sent again.
      await vi.waitFor(
        async () => {
          const now = await read();
          expect(now.checkingUntil || ['failed', 'published'].includes(now.status)).toBeTruthy();
        },
        { timeout: 10_000, interval: 20 },
      );
      const retry = async () => {
        const requestId = randomUUID();
        try {
          await retryPost(uid, retryPostSchema.parse({ postId, requestId }), {
            db,
            keyring,
            clock: systemClock,
          });
        } catch (error) {
          return (error as { details?: { reason?: string } }).details?.reason ?? String(error);
        }
        jobs.push(runJob({ uid, jobId: retryJobId(requestId) }, deps()));
        return 'queued';
      };
      // "+1 s": the platform has not made the post yet; Retry waits for the job's decision.
      expect(await retry()).toBe('post-state');
      expect(await read()).toMatchObject({ error: null });
      // "+15 s": the post exists now, the window is still open.
      await sleep(MAKES_POST_AFTER_MS);
      expect(await retry()).toBe('post-state');
      await Promise.all(jobs);
      // "+60 s": the window is over; the job found the post.
      expect(await retry()).toBe('post-state');
      await Promise.all(jobs);

      const post = await read();
      expect(post).toMatchObject({ status: 'published', error: null, checkingUntil: null });
      expect(await c.made(text, token)).toBe(1);
      expect(await createRequests(c, token)).toBe(1);
      // The post's publish log shows the create request and the look-ups that followed it. (On a loaded machine a
      // request may time out before it even reached the sandbox; the job then sent it again, which the log shows.)
      const log = post.publishLog as { step: string; outcome: string }[];
      const createStep = c.platform === 'youtube' ? 'Start upload' : 'Create post';
      expect(log.filter((e) => e.step === createStep).length).toBeGreaterThanOrEqual(1);
      if (c.platform !== 'youtube')
        expect(log).toContainEqual(expect.objectContaining({ step: 'Look up' }));
    },
  );
});
