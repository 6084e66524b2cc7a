import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { CallableInput } from '@core/callables';
import type { PublishPlatform } from '@core/social-posts';
import { publishPostSchema, retryPostSchema, updateScheduledPostSchema } from '@core/social-posts';
import { cancelJob } from '../../functions/src/jobs/cancel-job/cancel-job';
import { jobRef } from '../../functions/src/jobs/lease';
import { runJob, type RunnerDeps } from '../../functions/src/jobs/runner';
import { publishJobHandler } from '../../functions/src/social/publish-job';
import {
  readSocialCredentials,
  storeSocialCredentials,
} from '../../functions/src/integrations/secret-store';
import { systemClock, type Clock } from '../../functions/src/lib/clock';
import { linkedinMessages } from '../../functions/src/providers/social/linkedin';
import type { SocialPublisher } from '../../functions/src/providers/social/social-publisher';
import { xMessages } from '../../functions/src/providers/social/x';
import { platformPublisher, publishProviders } from '../../functions/src/social/deps';
import { getPlatformProfile } from '../../functions/src/social/get-platform-profile/get-platform-profile';
import {
  cancelPost,
  retryPost,
  updateScheduledPost,
} from '../../functions/src/social/manage-posts/manage-posts';
import { postRef, publishJobId, retryJobId } from '../../functions/src/social/posts';
import { publishDuePosts } from '../../functions/src/social/publish-due-posts/publish-due-posts';
import { publishPost } from '../../functions/src/social/publish-post/publish-post';
import { lookupFailedMessage } from '../../functions/src/social/publish-run';
import type { PublishTiming } from '../../functions/src/social/publish-timing';
import { gradientPng } from '../sandbox/providers/png';
import {
  addFault,
  clearSandbox,
  localKeyring,
  sandboxHosts,
  sandboxRequests,
  sandboxUrl,
} from './integrations-support';
import { libraryFile } from './publish-support';
import { adminDb, closeAdmin, projectId } from './support';

// Publishing run in-process against the provider sandbox, as the job trigger and the scheduler would run
// it, so the tests can replay what the emulator cannot: two sweeps at once, a run that dies right after
// the platform made the post, a clock hours past a post's time. These posts live in a project of their
// own on the same emulators, where no trigger runs their jobs behind the test's back.

vi.setConfig({ testTimeout: 60_000 });
adminDb();
const DIRECT = `${projectId}-social`;
const app = initializeApp(
  { projectId: DIRECT, storageBucket: `${DIRECT}.appspot.com` },
  'social-direct',
);
const db = getFirestore(app);
const bucket = getStorage(app).bucket();
const keyring = localKeyring();
afterAll(closeAdmin);
afterEach(async () => {
  await clearSandbox('x');
  await clearSandbox('linkedin');
});

function fixedClock(at: Date): Clock & { set(d: Date): void } {
  let now = at;
  return { now: () => now, set: (d) => (now = d) };
}

/** Publishing's windows, shortened: a late answer is waited out for 2.5 s, a provable non-send sent again at once. */
const timing = (requestTimeoutMs: number): PublishTiming => ({
  requestTimeoutMs,
  uploadTimeoutMs: requestTimeoutMs,
  settleMs: { x: 2500, linkedin: 2500, reddit: 2500, youtube: 2500 },
  lookupEveryMs: 200,
  backoffMs: [0],
});

function deps(
  clock: Clock = systemClock,
  publisherFor?: (
    platform: PublishPlatform,
    stored: Record<string, string>,
    send: typeof fetch,
  ) => SocialPublisher,
  requestTimeoutMs = 10_000,
): RunnerDeps {
  return {
    db,
    clock,
    handlers: {
      publish: publishJobHandler({
        bucket,
        readCredentials: (uid, platform) => readSocialCredentials({ db, keyring }, uid, platform),
        publisherFor:
          publisherFor ??
          ((platform, stored, send) =>
            platformPublisher(platform, stored, {
              baseUrl: sandboxUrl(publishProviders[platform]),
              fetch: send ?? globalThis.fetch,
              requestTimeoutMs,
            })),
        timing: timing(requestTimeoutMs),
      }),
    },
  };
}

const store = (clock: Clock = systemClock) => ({ db, keyring, clock });

/** A user of the direct project with credentials for a sandbox X account of their own. */
async function xUser(): Promise<string> {
  const uid = `u${randomUUID().slice(0, 12)}`;
  const account = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  const saved = await storeSocialCredentials(store(), uid, 'x', {
    consumerKey: 'muse-app',
    consumerSecret: 'muse-app-secret',
    accessToken: `${account}-token`,
    accessTokenSecret: `${account}-token-secret`,
  });
  if (!saved.ok) throw new Error('credentials not stored');
  return uid;
}

async function linkedinUser(extra: Record<string, string> = {}): Promise<string> {
  const uid = `u${randomUUID().slice(0, 12)}`;
  const saved = await storeSocialCredentials(store(), uid, 'linkedin', {
    accessToken: `li-${uid}`,
    ...extra,
  });
  if (!saved.ok) throw new Error('credentials not stored');
  return uid;
}

/** A library image as a finished generation leaves it: the file in Storage and its record. */
const libraryImage = (uid: string): Promise<string> =>
  libraryFile({ db, bucket }, uid, 'image/png', gradientPng(320, 200, randomUUID()), '.png');

const marker = () => `m${randomUUID().slice(0, 8)}`;

async function post(
  uid: string,
  input: Omit<CallableInput<'publishPost'>, 'requestId'> & { requestId?: string },
  clock: Clock = systemClock,
) {
  return publishPost(
    uid,
    publishPostSchema.parse({ requestId: randomUUID(), ...input }),
    store(clock),
  );
}

async function readPost(uid: string, postId: string) {
  return (await postRef(db, uid, postId).get()).data()!;
}

async function tweetsWith(text: string): Promise<{ id: string; text: string }[]> {
  const { tweets } = (await (await fetch(`${sandboxUrl('x')}/__sandbox/x/tweets`)).json()) as {
    tweets: { id: string; text: string }[];
  };
  return tweets.filter((t) => t.text.includes(text));
}

async function linkedinPostsWith(
  text: string,
): Promise<{ id: string; author: string; text: string; content?: Record<string, unknown> }[]> {
  const { posts } = (await (
    await fetch(`${sandboxUrl('linkedin')}/__sandbox/linkedin/posts`)
  ).json()) as {
    posts: { id: string; author: string; text: string; content?: Record<string, unknown> }[];
  };
  return posts.filter((p) => p.text.includes(text));
}

describe('Post Now', () => {
  it('publishes a text post to X once and records its link', async () => {
    const uid = await xUser();
    const text = `Hello from Muse ${marker()}`;
    const { postId, status } = await post(uid, { platform: 'x', text });
    expect(status).toBe('queued');
    expect(await runJob({ uid, jobId: publishJobId(postId) }, deps())).toMatchObject({
      outcome: 'published',
    });

    const [tweet, ...more] = await tweetsWith(text);
    expect(more).toHaveLength(0);
    const stored = await readPost(uid, postId);
    expect(stored).toMatchObject({
      status: 'published',
      platformPostId: tweet!.id,
      url: `https://x.com/i/status/${tweet!.id}`,
      error: null,
    });
    expect(stored.publishedAt).toBeTruthy();
    expect((await jobRef(db, uid, publishJobId(postId)).get()).data()).toMatchObject({
      kind: 'publish',
      status: 'succeeded',
      input: { postId },
    });
  });

  it('runs nothing twice: the same request id and a second delivery of the job make one post', async () => {
    const uid = await xUser();
    const text = `Only once ${marker()}`;
    const requestId = randomUUID();
    const first = await post(uid, { requestId, platform: 'x', text });
    expect(await post(uid, { requestId, platform: 'x', text })).toEqual(first);
    await Promise.all([
      runJob({ uid, jobId: publishJobId(requestId) }, deps()),
      runJob({ uid, jobId: publishJobId(requestId) }, deps()),
    ]);
    await runJob({ uid, jobId: publishJobId(requestId) }, deps());
    expect(await tweetsWith(text)).toHaveLength(1);
  });

  it('publishes to LinkedIn as the member and as an approved page, with an image', async () => {
    const uid = await linkedinUser();
    const image = await libraryImage(uid);
    const asMember = `Member post ${marker()}`;
    const asPage = `Page post ${marker()}`;
    const member = await post(uid, {
      platform: 'linkedin',
      text: asMember,
      author: 'urn:li:person:sbxMember01',
      media: [{ generationId: image }],
    });
    const page = await post(uid, {
      platform: 'linkedin',
      text: asPage,
      author: 'urn:li:organization:1000001',
      media: [{ generationId: image }],
    });
    await runJob({ uid, jobId: publishJobId(member.postId) }, deps());
    await runJob({ uid, jobId: publishJobId(page.postId) }, deps());

    const [made] = await linkedinPostsWith(asMember);
    expect(made).toMatchObject({ author: 'urn:li:person:sbxMember01' });
    expect(JSON.stringify(made!.content)).toContain('urn:li:image:');
    expect(await linkedinPostsWith(asPage)).toEqual([
      expect.objectContaining({ author: 'urn:li:organization:1000001' }),
    ]);
    expect(await readPost(uid, member.postId)).toMatchObject({
      status: 'published',
      platformPostId: made!.id,
    });
    expect(await readPost(uid, page.postId)).toMatchObject({
      status: 'published',
      media: [expect.objectContaining({ generationId: image, contentType: 'image/png' })],
    });
  });
});

describe('cancelJob on a publish job', () => {
  it('before its run starts cancels the post too, and nothing is posted', async () => {
    const uid = await xUser();
    const text = `Cancelled before start ${marker()}`;
    const { postId } = await post(uid, { platform: 'x', text });
    expect(
      await cancelJob(
        uid,
        { jobId: publishJobId(postId) },
        { db, clock: systemClock, handlers: deps().handlers },
      ),
    ).toEqual({ status: 'cancelled' });
    expect(await runJob({ uid, jobId: publishJobId(postId) }, deps())).toEqual({
      outcome: 'skipped',
      reason: 'finished',
    });
    expect(await readPost(uid, postId)).toMatchObject({ status: 'cancelled' });
    expect(await tweetsWith(text)).toHaveLength(0);
  });
});

describe('exactly once when a run dies', () => {
  let answered = 0;
  /** A publisher that makes the post, then never answers: the run dies between the platform and our record. */
  function dyingAfterPublish(
    platform: PublishPlatform,
    stored: Record<string, string>,
  ): SocialPublisher {
    const real = platformPublisher(platform, stored, {
      baseUrl: sandboxUrl(publishProviders[platform]),
      fetch: globalThis.fetch,
    });
    return {
      findExisting: real.findExisting,
      publish: async (request) => {
        await real.publish({ ...request, onProgress: undefined });
        answered++;
        return new Promise(() => undefined);
      },
    };
  }

  it('a re-run after the lease expired finds the post the dead run made and records it, posting nothing', async () => {
    const uid = await xUser();
    const text = `Crash after publish ${marker()}`;
    const clock = fixedClock(new Date());
    const { postId } = await post(uid, { platform: 'x', text }, clock);
    const before = answered;
    void runJob({ uid, jobId: publishJobId(postId) }, deps(clock, dyingAfterPublish));
    await vi.waitFor(() => expect(answered).toBe(before + 1), { timeout: 10_000 });
    expect(await tweetsWith(text)).toHaveLength(1);
    expect(await readPost(uid, postId)).toMatchObject({ status: 'publishing' });

    clock.set(new Date(clock.now().getTime() + 4 * 60_000));
    expect(await runJob({ uid, jobId: publishJobId(postId) }, deps(clock))).toMatchObject({
      outcome: 'published',
    });
    const [tweet, ...more] = await tweetsWith(text);
    expect(more).toHaveLength(0);
    expect(await readPost(uid, postId)).toMatchObject({
      status: 'published',
      platformPostId: tweet!.id,
    });
  });

  it('when the platform cannot be asked after such a crash, the post fails as unknown rather than going out twice', async () => {
    const uid = await xUser();
    const text = `Crash then lookup down ${marker()}`;
    const clock = fixedClock(new Date());
    const { postId } = await post(uid, { platform: 'x', text }, clock);
    const before = answered;
    void runJob({ uid, jobId: publishJobId(postId) }, deps(clock, dyingAfterPublish));
    await vi.waitFor(() => expect(answered).toBe(before + 1), { timeout: 10_000 });
    expect(await tweetsWith(text)).toHaveLength(1);

    await addFault('x', { path: '/2/users/', method: 'GET', status: 500, times: 10 });
    clock.set(new Date(clock.now().getTime() + 4 * 60_000));
    await runJob({ uid, jobId: publishJobId(postId) }, deps(clock));
    expect(await readPost(uid, postId)).toMatchObject({
      status: 'failed',
      error: { code: 'unknown_outcome', message: lookupFailedMessage('x') },
    });
    expect(await tweetsWith(text)).toHaveLength(1);

    // Retry looks it up first: it finds the post instead of making another.
    await clearSandbox('x');
    const retried = await retryPost(
      uid,
      retryPostSchema.parse({ postId, requestId: randomUUID() }),
      { db, keyring, clock },
    );
    await runJob({ uid, jobId: (await readPost(uid, postId)).jobId }, deps(clock));
    expect(retried.status).toBe('queued');
    expect(await readPost(uid, postId)).toMatchObject({
      status: 'published',
      platformPostId: (await tweetsWith(text))[0]!.id,
    });
    expect(await tweetsWith(text)).toHaveLength(1);
  });
});

describe('platform faults end as failed posts that Retry publishes', () => {
  const rateReset = () => String(Math.floor(Date.now() / 1000) + 15 * 60);
  it.each([
    {
      fault: '401',
      add: () => ({ status: 401 }),
      code: 'auth_expired',
      message: xMessages.authExpired,
    },
    {
      fault: '403 duplicate',
      add: () => ({
        status: 403,
        body: {
          title: 'Forbidden',
          type: 'about:blank',
          status: 403,
          detail: 'You are not allowed to create a Tweet with duplicate content.',
        },
      }),
      code: 'duplicate',
      message: xMessages.duplicate,
    },
    {
      fault: '429 with reset',
      add: () => ({ status: 429, headers: { 'x-rate-limit-reset': rateReset() } }),
      code: 'rate_limited',
      message: xMessages.rateLimited(15),
    },
    {
      fault: '503 every time',
      add: () => ({ status: 503, times: 2 }),
      code: 'unavailable',
      message: xMessages.unavailable,
    },
  ])(
    'X $fault: failed with its message, then published once by Retry',
    async ({ add, code, message }) => {
      const uid = await xUser();
      await db.doc(`users/${uid}/socialAccounts/x`).update({ needsReconnect: false });
      const text = `Fault ${code} ${marker()}`;
      const { postId } = await post(uid, { platform: 'x', text });
      await addFault('x', { path: '/2/tweets', method: 'POST', ...add() });
      await runJob({ uid, jobId: publishJobId(postId) }, deps());

      const failed = await readPost(uid, postId);
      expect(failed).toMatchObject({
        status: 'failed',
        error: { code, message },
        attemptStartedAt: null,
      });
      if (code === 'rate_limited')
        expect(failed.error.retryAt.toDate().getTime()).toBeGreaterThan(Date.now());
      expect((await db.doc(`users/${uid}/socialAccounts/x`).get()).get('needsReconnect')).toBe(
        code === 'auth_expired',
      );
      expect(await tweetsWith(text)).toHaveLength(0);

      await clearSandbox('x');
      const requestId = randomUUID();
      expect(
        await retryPost(uid, retryPostSchema.parse({ postId, requestId }), {
          db,
          keyring,
          clock: systemClock,
        }),
      ).toEqual({ postId, status: 'queued' });
      await runJob({ uid, jobId: retryJobId(requestId) }, deps());
      expect(await readPost(uid, postId)).toMatchObject({
        status: 'published',
        jobId: retryJobId(requestId),
        error: null,
      });
      expect(await tweetsWith(text)).toHaveLength(1);
      expect((await db.doc(`users/${uid}/socialAccounts/x`).get()).get('needsReconnect')).toBe(
        false,
      );
    },
  );

  it('X hang: the job waits out the late answer and records the post X made, sending it once', async () => {
    const uid = await xUser();
    const text = `Hang ${marker()}`;
    const { postId } = await post(uid, { platform: 'x', text });
    await addFault('x', { path: '/2/tweets', method: 'POST', delayMs: 1500 });
    expect(
      await runJob({ uid, jobId: publishJobId(postId) }, deps(systemClock, undefined, 300)),
    ).toMatchObject({
      outcome: 'published',
    });
    const [tweet, ...more] = await tweetsWith(text);
    expect(more).toHaveLength(0);
    expect(await readPost(uid, postId)).toMatchObject({
      status: 'published',
      platformPostId: tweet!.id,
      checkingUntil: null,
    });
    expect(await sandboxRequests('x', '/2/tweets')).toHaveLength(1);
  });

  it('X 503 once: sent again by the job itself, published with no failure', async () => {
    const uid = await xUser();
    const text = `One 503 ${marker()}`;
    const { postId } = await post(uid, { platform: 'x', text });
    await addFault('x', { path: '/2/tweets', method: 'POST', status: 503 });
    expect(await runJob({ uid, jobId: publishJobId(postId) }, deps())).toMatchObject({
      outcome: 'published',
    });
    expect(await tweetsWith(text)).toHaveLength(1);
    const stored = await readPost(uid, postId);
    expect(stored).toMatchObject({ status: 'published', error: null });
    expect(
      stored.publishLog.map((e: { step: string; outcome: string }) => `${e.step}: ${e.outcome}`),
    ).toEqual(['Create post: HTTP 503', 'Create post: HTTP 201']);
  });

  it('X hang with no post made: after the window the job finds nothing and sends again, once', async () => {
    const uid = await xUser();
    const text = `Lost request ${marker()}`;
    const { postId } = await post(uid, { platform: 'x', text });
    // X answers 500 late: the request made nothing, but the job cannot know until the window has passed.
    // The timeout leaves the second request, which X answers at once, time to do so on a busy machine.
    await addFault('x', { path: '/2/tweets', method: 'POST', delayMs: 3000, status: 500 });
    expect(
      await runJob({ uid, jobId: publishJobId(postId) }, deps(systemClock, undefined, 1500)),
    ).toMatchObject({
      outcome: 'published',
    });
    expect(await tweetsWith(text)).toHaveLength(1);
    const steps = (await readPost(uid, postId)).publishLog.map(
      (e: { step: string; outcome: string }) => `${e.step}: ${e.outcome}`,
    );
    expect(steps[0]).toBe('Create post: No answer (timed out)');
    expect(steps.filter((s: string) => s.startsWith('Create post'))).toEqual([
      'Create post: No answer (timed out)',
      'Create post: HTTP 201',
    ]);
    expect(steps.at(-2)).toBe('Look up: Not there yet');
  });

  it('LinkedIn 401: failed with its message, the account marked to reconnect', async () => {
    const uid = await linkedinUser();
    const text = `LinkedIn refused ${marker()}`;
    const { postId } = await post(uid, {
      platform: 'linkedin',
      text,
      author: 'urn:li:person:sbxMember01',
    });
    await addFault('linkedin', {
      path: '/rest/posts',
      method: 'POST',
      status: 401,
      body: {
        status: 401,
        serviceErrorCode: 65601,
        code: 'EXPIRED_ACCESS_TOKEN',
        message: 'The token used in the request has expired',
      },
    });
    await runJob({ uid, jobId: publishJobId(postId) }, deps());
    expect(await readPost(uid, postId)).toMatchObject({
      status: 'failed',
      error: { code: 'auth_expired', message: linkedinMessages.expired },
    });
    expect((await db.doc(`users/${uid}/socialAccounts/linkedin`).get()).get('needsReconnect')).toBe(
      true,
    );
    expect(await linkedinPostsWith(text)).toHaveLength(0);
  });

  const liError = (status: number, code: string, message: string) => ({
    status,
    body: { status, serviceErrorCode: 100, code, message },
  });
  it.each([
    {
      fault: '403',
      add: () =>
        liError(
          403,
          'ACCESS_DENIED',
          'Not enough permissions to access: partnerApiPostsExternal.CREATE.20250101',
        ),
      code: 'forbidden',
      message:
        'LinkedIn refused to post for you: the app needs the w_member_social permission. Reconnect LinkedIn with it in the Integrations page.',
    },
    {
      fault: '422 duplicate',
      add: () => ({
        status: 422,
        body: {
          status: 422,
          message: 'Content is a duplicate of urn:li:share:7000000000000000001',
          errorDetails: {
            inputErrors: [{ code: 'DUPLICATE_POST', description: 'Content is a duplicate' }],
          },
        },
      }),
      code: 'duplicate',
      message: linkedinMessages.duplicate,
    },
    {
      fault: '422 invalid content',
      add: () =>
        liError(422, 'UNPROCESSABLE_ENTITY', 'ERROR :: /commentary :: commentary is too long'),
      code: 'invalid_content',
      message: 'LinkedIn refused the post: ERROR :: /commentary :: commentary is too long',
    },
    {
      fault: '400 bad request',
      add: () => liError(400, 'BAD_REQUEST', 'Invalid author'),
      code: 'invalid_content',
      message: 'LinkedIn refused the post: Invalid author',
    },
    {
      fault: '429 with Retry-After',
      add: () => ({
        ...liError(429, 'TOO_MANY_REQUESTS', 'Resource level throttle limit reached'),
        retryAfterSeconds: 600,
      }),
      code: 'rate_limited',
      message: linkedinMessages.rateLimited,
    },
    {
      fault: '503 every time',
      add: () => ({ ...liError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable'), times: 2 }),
      code: 'unavailable',
      message: linkedinMessages.serverError,
    },
  ])(
    'LinkedIn $fault: failed with its message, then published once by Retry',
    async ({ add, code, message }) => {
      const uid = await linkedinUser();
      const text = `LinkedIn fault ${code} ${marker()}`;
      const { postId } = await post(uid, {
        platform: 'linkedin',
        text,
        author: 'urn:li:person:sbxMember01',
      });
      await addFault('linkedin', { path: '/rest/posts', method: 'POST', ...add() });
      await runJob({ uid, jobId: publishJobId(postId) }, deps());

      const failed = await readPost(uid, postId);
      expect(failed).toMatchObject({
        status: 'failed',
        error: { code, message },
        attemptStartedAt: null,
      });
      if (code === 'rate_limited')
        expect(failed.error.retryAt.toDate().getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
      expect(
        (await db.doc(`users/${uid}/socialAccounts/linkedin`).get()).get('needsReconnect'),
      ).not.toBe(true);
      expect(await linkedinPostsWith(text)).toHaveLength(0);

      await clearSandbox('linkedin');
      const requestId = randomUUID();
      await retryPost(uid, retryPostSchema.parse({ postId, requestId }), {
        db,
        keyring,
        clock: systemClock,
      });
      await runJob({ uid, jobId: retryJobId(requestId) }, deps());
      expect(await readPost(uid, postId)).toMatchObject({
        status: 'published',
        jobId: retryJobId(requestId),
        error: null,
      });
      expect(await linkedinPostsWith(text)).toHaveLength(1);
    },
  );

  it('LinkedIn hang: the job waits out the late answer and records the post LinkedIn made, sending it once', async () => {
    const uid = await linkedinUser();
    const text = `LinkedIn hang ${marker()}`;
    const { postId } = await post(uid, {
      platform: 'linkedin',
      text,
      author: 'urn:li:person:sbxMember01',
    });
    await addFault('linkedin', { path: '/rest/posts', method: 'POST', delayMs: 1500 });
    expect(
      await runJob({ uid, jobId: publishJobId(postId) }, deps(systemClock, undefined, 300)),
    ).toMatchObject({
      outcome: 'published',
    });
    expect(await readPost(uid, postId)).toMatchObject({
      status: 'published',
      platformPostId: (await linkedinPostsWith(text))[0]!.id,
    });
    expect(await linkedinPostsWith(text)).toHaveLength(1);
  });

  it('Retry refuses a post that did not fail', async () => {
    const uid = await xUser();
    const { postId } = await post(uid, { platform: 'x', text: `Not failed ${marker()}` });
    await expect(
      retryPost(uid, retryPostSchema.parse({ postId, requestId: randomUUID() }), {
        db,
        keyring,
        clock: systemClock,
      }),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      details: { reason: 'post-state' },
    });
  });
});

describe('scheduling', () => {
  it('two sweeps running at once publish each due post exactly once', async () => {
    const uid = await xUser();
    const clock = fixedClock(new Date());
    const texts = [1, 2, 3].map((i) => `Scheduled ${i} ${marker()}`);
    const due = new Date(clock.now().getTime() + 60_000).toISOString();
    const posts = await Promise.all(
      texts.map((text) => post(uid, { platform: 'x', text, scheduledAt: due }, clock)),
    );
    expect(posts.map((p) => p.status)).toEqual(['scheduled', 'scheduled', 'scheduled']);
    expect((await publishDuePosts({ db, clock })).claimed.filter((p) => p.includes(uid))).toEqual(
      [],
    );

    clock.set(new Date(clock.now().getTime() + 2 * 60_000));
    const sweeps = await Promise.all([
      publishDuePosts({ db, clock }),
      publishDuePosts({ db, clock }),
    ]);
    const claimed = sweeps.flatMap((s) => s.claimed).filter((p) => p.includes(uid));
    expect(claimed.sort()).toEqual(posts.map((p) => `users/${uid}/socialPosts/${p.postId}`).sort());

    await Promise.all(
      posts.flatMap((p) => [
        runJob({ uid, jobId: publishJobId(p.postId) }, deps(clock)),
        runJob({ uid, jobId: publishJobId(p.postId) }, deps(clock)),
      ]),
    );
    for (const text of texts) expect(await tweetsWith(text)).toHaveLength(1);
    for (const p of posts)
      expect(await readPost(uid, p.postId)).toMatchObject({ status: 'published' });
    // Two sweeps contend for the same documents. The emulator closes some of the contending transactions
    // (INVALID_ARGUMENT) where Firestore aborts them; functions/src/lib/transaction.ts runs both again.
  }, 60_000);

  it('one sweep claims every due post, page after page, and stops starting pages once its budget is spent', async () => {
    const uid = await xUser();
    const clock = fixedClock(new Date());
    const due = new Date(clock.now().getTime() + 60_000).toISOString();
    const posts = [];
    for (let i = 0; i < 5; i++)
      posts.push(
        await post(uid, { platform: 'x', text: `Burst ${i} ${marker()}`, scheduledAt: due }, clock),
      );
    clock.set(new Date(clock.now().getTime() + 2 * 60_000));
    const mine = (claimed: string[]) => claimed.filter((p) => p.includes(uid));

    const first = await publishDuePosts({ db, clock, batchSize: 1, budgetMs: 0, elapsed: () => 0 });
    expect(first.claimed).toHaveLength(1);
    const second = await publishDuePosts({ db, clock, batchSize: 2, concurrency: 2 });
    expect(mine([...first.claimed, ...second.claimed])).toHaveLength(5);
    for (const p of posts)
      expect(await readPost(uid, p.postId)).toMatchObject({
        status: 'queued',
        jobId: publishJobId(p.postId),
      });
  });

  it('a post that fell due while functions were down goes out once, late, at the next sweep', async () => {
    const uid = await xUser();
    const clock = fixedClock(new Date());
    const text = `Missed slot ${marker()}`;
    const scheduledAt = new Date(clock.now().getTime() + 60_000);
    const { postId } = await post(
      uid,
      { platform: 'x', text, scheduledAt: scheduledAt.toISOString() },
      clock,
    );

    clock.set(new Date(scheduledAt.getTime() + 3 * 60 * 60_000));
    expect((await publishDuePosts({ db, clock })).claimed).toContain(
      `users/${uid}/socialPosts/${postId}`,
    );
    expect((await publishDuePosts({ db, clock })).claimed).not.toContain(
      `users/${uid}/socialPosts/${postId}`,
    );
    await runJob({ uid, jobId: publishJobId(postId) }, deps(clock));
    expect(await tweetsWith(text)).toHaveLength(1);
    const published = await readPost(uid, postId);
    expect(published.status).toBe('published');
    expect(published.publishedAt.toDate().getTime()).toBeGreaterThan(scheduledAt.getTime());
  });

  it('a scheduled post can be edited and cancelled until it is claimed, then neither', async () => {
    const uid = await xUser();
    const clock = fixedClock(new Date());
    const later = (minutes: number) =>
      new Date(clock.now().getTime() + minutes * 60_000).toISOString();
    const kept = await post(
      uid,
      { platform: 'x', text: `Draft ${marker()}`, scheduledAt: later(5) },
      clock,
    );
    const dropped = await post(
      uid,
      { platform: 'x', text: `Dropped ${marker()}`, scheduledAt: later(5) },
      clock,
    );
    const edited = `Edited ${marker()}`;
    const update = (postId: string) =>
      updateScheduledPost(
        uid,
        updateScheduledPostSchema.parse({
          postId,
          text: edited,
          scheduledAt: later(10),
          timeZone: 'Europe/Berlin',
        }),
        { db, clock },
      );

    expect(await update(kept.postId)).toEqual({ postId: kept.postId, status: 'scheduled' });
    expect(await readPost(uid, kept.postId)).toMatchObject({
      text: edited,
      timeZone: 'Europe/Berlin',
    });
    expect(await cancelPost(uid, { postId: dropped.postId }, { db, clock })).toEqual({
      postId: dropped.postId,
      status: 'cancelled',
    });

    clock.set(new Date(clock.now().getTime() + 11 * 60_000));
    const { claimed } = await publishDuePosts({ db, clock });
    expect(claimed).toContain(`users/${uid}/socialPosts/${kept.postId}`);
    expect(claimed).not.toContain(`users/${uid}/socialPosts/${dropped.postId}`);
    await expect(update(kept.postId)).rejects.toMatchObject({
      code: 'failed-precondition',
      details: { reason: 'post-state' },
    });
    await expect(cancelPost(uid, { postId: kept.postId }, { db, clock })).rejects.toMatchObject({
      code: 'failed-precondition',
      details: { reason: 'post-state' },
    });
    await expect(cancelPost(uid, { postId: dropped.postId }, { db, clock })).rejects.toMatchObject({
      details: { reason: 'post-state' },
    });
  });
});

describe('getPlatformProfile', () => {
  const profileDeps = {
    db,
    keyring,
    clock: systemClock,
    fetch: globalThis.fetch,
    hosts: sandboxHosts(),
    baseUrls: {
      x: sandboxUrl('x'),
      linkedin: sandboxUrl('linkedin'),
      reddit: sandboxUrl('reddit'),
      youtube: sandboxUrl('google'),
    },
  };

  it("reads X's public figures", async () => {
    const uid = await xUser();
    expect(await getPlatformProfile(uid, { platform: 'x' }, profileDeps)).toMatchObject({
      platform: 'x',
      name: expect.stringMatching(/^@/),
      followers: 12_500,
      following: 321,
      authors: [],
    });
  });

  it('lists the LinkedIn member first, then only the approved pages, with the token expiry when saved', async () => {
    const uid = await linkedinUser({ accessTokenExpiresAt: '2027-01-20T10:00:00.000Z' });
    const profile = await getPlatformProfile(uid, { platform: 'linkedin' }, profileDeps);
    expect(profile.authors.map((a) => [a.urn, a.kind])).toEqual([
      ['urn:li:person:sbxMember01', 'person'],
      ['urn:li:organization:1000001', 'organization'],
      ['urn:li:organization:1000002', 'organization'],
    ]);
    expect(profile.tokenExpiresAt).toBe('2027-01-20T10:00:00.000Z');
    // The member is kept on the account, so Post From offers it at once next time.
    expect((await db.doc(`users/${uid}/socialAccounts/linkedin`).get()).get('member')).toEqual({
      urn: 'urn:li:person:sbxMember01',
      name: profile.name,
    });
  });

  it('answers needs-reconnect when the platform refuses the token', async () => {
    const uid = `u${randomUUID().slice(0, 12)}`;
    await storeSocialCredentials(store(), uid, 'linkedin', { accessToken: 'expired-token' });
    await expect(
      getPlatformProfile(uid, { platform: 'linkedin' }, profileDeps),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      details: { reason: 'needs-reconnect' },
      message: linkedinMessages.expired,
    });
  });
});
