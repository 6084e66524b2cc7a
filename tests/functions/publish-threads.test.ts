import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { publishPostSchema, type PublishPostInput } from '@core/social-posts';
import { runJob, type RunnerDeps } from '../../functions/src/jobs/runner';
import { sweepStaleJobs } from '../../functions/src/jobs/sweep-stale-jobs/sweep-stale-jobs';
import { storeSocialCredentials } from '../../functions/src/integrations/secret-store';
import { systemClock } from '../../functions/src/lib/clock';
import { postRef, publishJobId } from '../../functions/src/social/posts';
import { publishPost } from '../../functions/src/social/publish-post/publish-post';
import type { PublishDeps } from '../../functions/src/social/publish-run';
import type { PublishTiming } from '../../functions/src/social/publish-timing';
import { REDDIT_ACCOUNT } from '../sandbox/providers/reddit';
import { sandboxUrl } from './integrations-support';
import { directProject, publishRunnerDeps } from './publish-support';
import { closeAdmin } from './support';

// A thread and its first comment are published as steps, each with its own platform id recorded on the post
// before the next step starts. Here the worker dies at every step, once just before the step's request leaves
// and once after it was sent but before its answer (and id) could be recorded; the sweep takes the post over
// and the new run goes on: every post of the thread and the comment exist exactly once on the platform, each
// sent exactly once, chained in order. Jobs run in-process in a project of their own (no trigger runs them).

vi.setConfig({ testTimeout: 60_000 });
const project = directProject('threads');
const { db, keyring, bucket } = project;
const store = { db, keyring, clock: systemClock };
afterAll(closeAdmin);

const TIMING: PublishTiming = {
  requestTimeoutMs: 1000,
  uploadTimeoutMs: 1000,
  settleMs: { x: 1000, linkedin: 1000, reddit: 1000, youtube: 1000 },
  lookupEveryMs: 200,
  backoffMs: [0],
};
const SWEEP_INTERVAL_MS = 60_000;
type Kill = 'before send' | 'after send';

/** The worker is gone: nothing renews its lease. */
const dead: Partial<PublishDeps> = { every: () => () => undefined };

const deps = (
  publish: Partial<PublishDeps> = {},
  wrapFetch?: (send: typeof fetch) => typeof fetch,
): RunnerDeps => publishRunnerDeps(project, { timing: TIMING, wrapFetch, publish });

/**
 * Lets requests through until the `at`-th create request (0-based, as `isCreate` tells), then dies there:
 * before it leaves, or after it was sent, never returning its answer. `reached` resolves when it dies.
 */
function killAt(at: number, kill: Kill, isCreate: (method: string, url: string) => boolean) {
  let creates = 0;
  let died!: () => void;
  const reached = new Promise<void>((resolve) => (died = resolve));
  const wrap =
    (send: typeof fetch): typeof fetch =>
    async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!isCreate((init?.method ?? 'GET').toUpperCase(), url)) return send(input, init);
      if (creates++ !== at) return send(input, init);
      if (kill === 'after send') await send(input, init);
      died();
      return new Promise<Response>(() => undefined);
    };
  return { wrap, reached };
}

/** The sweep's own clock a sweep interval from now, as its next run would see it. */
const sweepLater = () =>
  sweepStaleJobs({
    db,
    clock: { now: () => new Date(Date.now() + SWEEP_INTERVAL_MS) },
    handlers: deps().handlers,
  });

/** Publishes `input` with a worker that dies at `kill`, lets the sweep take the post over, and runs the new job. */
async function publishKilled(
  uid: string,
  input: Omit<PublishPostInput, 'requestId'>,
  killer: ReturnType<typeof killAt>,
) {
  const { postId } = await publishPost(
    uid,
    publishPostSchema.parse({ requestId: randomUUID(), ...input }),
    store,
  );
  void runJob({ uid, jobId: publishJobId(postId) }, deps(dead, killer.wrap));
  await killer.reached;
  const ref = postRef(db, uid, postId);
  const swept = await sweepLater();
  expect(swept.restarted).toContain(`users/${uid}/jobs/${publishJobId(postId)}`);
  const next = (await ref.get()).data()!;
  expect(next).toMatchObject({ status: 'queued', restarts: 1, error: null });
  expect(await runJob({ uid, jobId: next.jobId as string }, deps())).toMatchObject({
    outcome: 'published',
  });
  return (await ref.get()).data()!;
}

async function json<T>(url: string): Promise<T> {
  return (await (await fetch(url)).json()) as T;
}

async function requestsOf(
  provider: 'x' | 'linkedin' | 'reddit' | 'google',
  token: string,
): Promise<{ method: string; path: string }[]> {
  return (
    await json<{ requests: { method: string; path: string }[] }>(
      `${sandboxUrl(provider)}/__sandbox/requests?authorizationIncludes=${encodeURIComponent(token)}`,
    )
  ).requests;
}

describe('an X thread of 4 with a first comment, its worker killed at each step', () => {
  const steps = ['the post', 'post 2', 'post 3', 'post 4', 'the first comment'];
  const cases = steps.flatMap((step, at) =>
    (['before send', 'after send'] as const).map((kill) => ({ step, at, kill })),
  );

  it.each(cases)(
    'killed at $step, $kill: resumes with every post and the comment made once',
    async ({ at, kill }) => {
      const uid = `u${randomUUID().slice(0, 12)}`;
      const account = String(100_000_000 + Math.floor(Math.random() * 800_000_000));
      const token = `${account}-token`;
      const saved = await storeSocialCredentials(store, uid, 'x', {
        consumerKey: 'muse-app',
        consumerSecret: 'muse-app-secret',
        accessToken: token,
        accessTokenSecret: `${token}-secret`,
      });
      if (!saved.ok) throw new Error('credentials not stored');
      const mark = randomUUID().slice(0, 8);
      const texts = [1, 2, 3, 4].map((n) => `Thread ${mark} part ${n}/4`);
      const [first, ...rest] = texts as [string, ...string[]];
      const comment = `First comment ${mark}`;

      const killer = killAt(
        at,
        kill,
        (method, url) => method === 'POST' && new URL(url).pathname === '/2/tweets',
      );
      const post = await publishKilled(
        uid,
        {
          platform: 'x',
          text: first,
          thread: rest.map((text) => ({ text })),
          firstComment: comment,
        },
        killer,
      );

      // On X: the four posts, each replying to the one before, and the comment replying to the first, each once.
      const { tweets } = await json<{
        tweets: { id: string; text: string; authorId: string; inReplyTo: string | null }[];
      }>(`${sandboxUrl('x')}/__sandbox/x/tweets`);
      const mine = tweets.filter((t) => t.authorId === account);
      expect(mine.map((t) => t.text).sort()).toEqual([...texts, comment].sort());
      const byText = (text: string) => mine.find((t) => t.text === text)!;
      expect(byText(first).inReplyTo).toBeNull();
      texts
        .slice(1)
        .forEach((text, i) => expect(byText(text).inReplyTo).toBe(byText(texts[i]!).id));
      expect(byText(comment).inReplyTo).toBe(byText(first).id);
      // One create request per post and one for the comment: nothing was sent twice.
      expect(
        (await requestsOf('x', token)).filter((r) => r.method === 'POST' && r.path === '/2/tweets'),
      ).toHaveLength(5);

      // The post records each step's id and link.
      expect(post).toMatchObject({
        status: 'published',
        error: null,
        checkingUntil: null,
        platformPostId: byText(first).id,
      });
      expect(
        (post.thread as { platformPostId: string; url: string }[]).map(
          (item) => item.platformPostId,
        ),
      ).toEqual(rest.map((t) => byText(t).id));
      expect(post.firstComment).toMatchObject({
        text: comment,
        platformPostId: byText(comment).id,
        url: `https://x.com/i/status/${byText(comment).id}`,
      });
    },
  );
});

describe('a LinkedIn post with a first comment, its worker killed at each step', () => {
  const cases = ['the post', 'the first comment'].flatMap((step, at) =>
    (['before send', 'after send'] as const).map((kill) => ({ step, at, kill })),
  );

  it.each(cases)(
    'killed at $step, $kill: resumes with the post and the comment made once',
    async ({ at, kill }) => {
      const uid = `u${randomUUID().slice(0, 12)}`;
      const token = `li-${uid}`;
      const saved = await storeSocialCredentials(store, uid, 'linkedin', { accessToken: token });
      if (!saved.ok) throw new Error('credentials not stored');
      const mark = randomUUID().slice(0, 8);
      const text = `LinkedIn with a comment ${mark}`;
      const comment = `Link in the comments ${mark}`;
      const isComment = (path: string) => /^\/rest\/socialActions\/[^/]+\/comments$/.test(path);

      const killer = killAt(
        at,
        kill,
        (method, url) =>
          method === 'POST' &&
          (new URL(url).pathname === '/rest/posts' || isComment(new URL(url).pathname)),
      );
      const post = await publishKilled(
        uid,
        { platform: 'linkedin', text, author: 'urn:li:person:sbxMember01', firstComment: comment },
        killer,
      );

      const { posts } = await json<{ posts: { id: string; text: string }[] }>(
        `${sandboxUrl('linkedin')}/__sandbox/linkedin/posts`,
      );
      const made = posts.filter((p) => p.text === text);
      expect(made).toHaveLength(1);
      const { comments } = await json<{
        comments: { commentUrn: string; object: string; actor: string; text: string }[];
      }>(`${sandboxUrl('linkedin')}/__sandbox/linkedin/comments`);
      const on = comments.filter((m) => m.object === made[0]!.id);
      expect(on).toEqual([
        expect.objectContaining({ text: comment, actor: 'urn:li:person:sbxMember01' }),
      ]);
      const sent = (await requestsOf('linkedin', token)).filter((r) => r.method === 'POST');
      expect(sent.filter((r) => r.path === '/rest/posts')).toHaveLength(1);
      expect(sent.filter((r) => isComment(r.path))).toHaveLength(1);

      expect(post).toMatchObject({ status: 'published', error: null, platformPostId: made[0]!.id });
      expect(post.firstComment).toMatchObject({ text: comment, platformPostId: on[0]!.commentUrn });
    },
  );
});

describe('a Reddit post with a first comment, its worker killed at each step', () => {
  const cases = ['the post', 'the first comment'].flatMap((step, at) =>
    (['before send', 'after send'] as const).map((kill) => ({ step, at, kill })),
  );

  it.each(cases)(
    'killed at $step, $kill: resumes with the post and the comment made once',
    async ({ at, kill }) => {
      const uid = `u${randomUUID().slice(0, 12)}`;
      const token = `rd-${uid}`;
      const saved = await storeSocialCredentials(store, uid, 'reddit', {
        clientId: 'reddit-client',
        clientSecret: 'reddit-secret-0001',
        userAgent: `web:muse-studio:1.0 (by /u/${REDDIT_ACCOUNT.name})`,
        accessToken: token,
        refreshToken: `rd-refresh-${uid}`,
        accessTokenExpiresAt: String(Date.now() + 3600_000),
      });
      if (!saved.ok) throw new Error('credentials not stored');
      const mark = randomUUID().slice(0, 8);
      const title = `Reddit with a comment ${mark}`;
      const comment = `Source and details in this comment ${mark}`;
      const creates = ['/api/submit', '/api/comment'];

      const killer = killAt(
        at,
        kill,
        (method, url) => method === 'POST' && creates.includes(new URL(url).pathname),
      );
      const post = await publishKilled(
        uid,
        {
          platform: 'reddit',
          text: `Body ${mark}`,
          reddit: { subreddit: 'MuseSandbox', title },
          firstComment: comment,
        },
        killer,
      );

      const { posts } = await json<{ posts: { name: string; title: string }[] }>(
        `${sandboxUrl('reddit')}/__sandbox/reddit/posts`,
      );
      const made = posts.filter((p) => p.title === title);
      expect(made).toHaveLength(1);
      const { comments } = await json<{
        comments: { name: string; body: string; parent_id: string; permalink: string }[];
      }>(
        `${sandboxUrl('reddit')}/__sandbox/reddit/comments?link_id=${encodeURIComponent(made[0]!.name)}`,
      );
      expect(comments).toEqual([
        expect.objectContaining({ body: comment, parent_id: made[0]!.name }),
      ]);
      const sent = (await requestsOf('reddit', token)).filter((r) => r.method === 'POST');
      expect(sent.filter((r) => r.path === '/api/submit')).toHaveLength(1);
      expect(sent.filter((r) => r.path === '/api/comment')).toHaveLength(1);

      expect(post).toMatchObject({
        status: 'published',
        error: null,
        platformPostId: made[0]!.name,
      });
      expect(post.firstComment).toMatchObject({
        text: comment,
        platformPostId: comments[0]!.name,
        url: `https://www.reddit.com${comments[0]!.permalink}`,
      });
    },
  );
});

describe('a YouTube video with a first comment, its worker killed at each step', () => {
  const cases = ['the video', 'the first comment'].flatMap((step, at) =>
    (['before send', 'after send'] as const).map((kill) => ({ step, at, kill })),
  );

  it.each(cases)(
    'killed at $step, $kill: resumes with the video and the comment made once',
    async ({ at, kill }) => {
      const uid = `u${randomUUID().slice(0, 12)}`;
      const token = `ya29.sandbox-${randomUUID().slice(0, 8)}`;
      const saved = await storeSocialCredentials(store, uid, 'youtube', {
        clientId: 'sandbox-youtube-client',
        clientSecret: 'sandbox-youtube-secret',
        accessToken: token,
        refreshToken: 'sandbox-refresh',
        accessTokenExpiresAt: String(Date.now() + 3600_000),
      });
      if (!saved.ok) throw new Error('credentials not stored');
      // A small library video: one PUT uploads it whole.
      const generationId = randomUUID();
      const path = `${uid}/generations/${generationId}.mp4`;
      const size = 200_000;
      await bucket
        .file(path)
        .save(randomBytes(size), { resumable: false, contentType: 'video/mp4' });
      await db.doc(`users/${uid}/generations/${generationId}`).set({
        type: 'video',
        title: 'A lighthouse',
        prompt: 'a lighthouse',
        storagePath: path,
        contentType: 'video/mp4',
        sizeBytes: size,
        createdAt: new Date(),
        metadata: {},
      });
      const mark = randomUUID().slice(0, 8);
      const title = `YouTube with a comment ${mark}`;
      const comment = `Chapters and links ${mark}`;
      // The video is made by the upload's PUT (the last byte), the comment by commentThreads.insert.
      const isCreate = (method: string, url: string) =>
        (method === 'PUT' && new URL(url).pathname === '/upload/youtube/v3/videos') ||
        (method === 'POST' && new URL(url).pathname === '/youtube/v3/commentThreads');

      const killer = killAt(at, kill, isCreate);
      const post = await publishKilled(
        uid,
        {
          platform: 'youtube',
          text: `Description ${mark}`,
          media: [{ generationId }],
          youtube: { title },
          firstComment: comment,
        },
        killer,
      );

      const { videos } = await json<{ videos: { id: string; title: string }[] }>(
        `${sandboxUrl('google')}/__sandbox/youtube/videos`,
      );
      const made = videos.filter((v) => v.title === title);
      expect(made).toHaveLength(1);
      const { comments } = await json<{ comments: { id: string; textOriginal: string }[] }>(
        `${sandboxUrl('google')}/__sandbox/youtube/comments?videoId=${encodeURIComponent(made[0]!.id)}`,
      );
      expect(comments).toEqual([expect.objectContaining({ textOriginal: comment })]);
      const sent = await requestsOf('google', token);
      expect(
        sent.filter((r) => r.method === 'POST' && r.path === '/youtube/v3/commentThreads'),
      ).toHaveLength(1);

      expect(post).toMatchObject({ status: 'published', error: null, platformPostId: made[0]!.id });
      expect(post.firstComment).toMatchObject({
        text: comment,
        platformPostId: comments[0]!.id,
        url: `https://www.youtube.com/watch?v=${made[0]!.id}&lc=${comments[0]!.id}`,
      });
    },
  );
});
