import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { CallableInput } from '@core/callables';
import type { FailureStep, FixAction } from '@core/platform-errors';
import { publishPostSchema, type PublishPlatform } from '@core/social-posts';
import { runJob } from '../../functions/src/jobs/runner';
import { systemClock } from '../../functions/src/lib/clock';
import { publishProviders } from '../../functions/src/social/deps';
import { postRef, publishJobId } from '../../functions/src/social/posts';
import { publishPost } from '../../functions/src/social/publish-post/publish-post';
import type { PublishTiming } from '../../functions/src/social/publish-timing';
import { gradientPng } from '../sandbox/providers/png';
import { addFault } from './integrations-support';
import {
  directProject,
  publishRunnerDeps,
  redditAccount,
  saveCredentials,
} from './publish-support';
import { closeAdmin } from './support';

// The platforms' own errors, each driven through the real publish path (publishPost, then the publish job
// against the provider sandbox): the sandbox answers with the platform's documented error, on its own (a
// subreddit that needs a flair) or through a fault scoped to the test's token, and the failed post records
// the step, the platform's code and the fix from core/platform-errors.ts. The errors the sandbox cannot
// produce (media processing, …) are in core/platform-errors.test.ts, through the pure mapper.

vi.setConfig({ testTimeout: 60_000 });
const project = directProject('errors');
const { db, bucket, keyring } = project;
const store = { db, keyring, clock: systemClock };
afterAll(closeAdmin);

const TIMING: PublishTiming = {
  requestTimeoutMs: 5000,
  uploadTimeoutMs: 5000,
  settleMs: { x: 1000, linkedin: 1000, reddit: 1000, youtube: 1000 },
  lookupEveryMs: 200,
  backoffMs: [0],
};
const deps = () =>
  publishRunnerDeps(project, {
    timing: TIMING,
    publisher: { chunkBytes: 256 * 1024, sleep: async () => undefined },
  });
const marker = () => `m${randomUUID().slice(0, 8)}`;

const saved = (uid: string, platform: PublishPlatform, fields: Record<string, string>) =>
  saveCredentials(store, uid, platform, fields);

async function libraryFile(uid: string, contentType: 'image/png' | 'video/mp4'): Promise<string> {
  const id = randomUUID();
  const path = `${uid}/generations/${id}.${contentType === 'image/png' ? 'png' : 'mp4'}`;
  const bytes = contentType === 'image/png' ? gradientPng(64, 48, id) : randomBytes(1000);
  await bucket.file(path).save(bytes, { resumable: false, contentType });
  await db.doc(`users/${uid}/generations/${id}`).set({
    type: contentType === 'image/png' ? 'image' : 'video',
    title: 'Clip',
    prompt: 'clip',
    storagePath: path,
    contentType,
    sizeBytes: bytes.length,
    createdAt: new Date(),
    metadata: {},
  });
  return id;
}

type Input = Omit<CallableInput<'publishPost'>, 'requestId'>;
interface Account {
  uid: string;
  token: string;
}

const accounts: Record<PublishPlatform, () => Promise<Account>> = {
  x: async () => {
    const uid = `u${randomUUID().slice(0, 12)}`;
    const n = 100_000_000 + Math.floor(Math.random() * 800_000_000);
    await saved(uid, 'x', {
      consumerKey: 'muse-app',
      consumerSecret: 'muse-app-secret',
      accessToken: `${n}-token`,
      accessTokenSecret: `${n}-token-secret`,
    });
    return { uid, token: `${n}-token` };
  },
  linkedin: async () => {
    const uid = `u${randomUUID().slice(0, 12)}`;
    await saved(uid, 'linkedin', { accessToken: `li-${uid}` });
    return { uid, token: `li-${uid}` };
  },
  reddit: () => redditAccount(store),
  youtube: async () => {
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
    return { uid, token };
  },
};

const xPost = (): Input => ({ platform: 'x', text: `Explained ${marker()}` });
const xImagePost = async (uid: string): Promise<Input> => ({
  platform: 'x',
  text: `Explained ${marker()}`,
  media: [{ generationId: await libraryFile(uid, 'image/png') }],
});
const linkedinPost = (): Input => ({
  platform: 'linkedin',
  text: `Explained ${marker()}`,
  author: 'urn:li:person:sbxMember01',
});
const linkedinImagePost = async (uid: string): Promise<Input> => ({
  ...linkedinPost(),
  media: [{ generationId: await libraryFile(uid, 'image/png') }],
});
const redditPost = (subreddit = 'MuseSandbox', flairId?: string): Input => ({
  platform: 'reddit',
  text: `Body ${marker()}`,
  reddit: { subreddit, title: `Explained ${marker()}`, ...(flairId ? { flairId } : {}) },
});
const youtubePost = async (uid: string): Promise<Input> => ({
  platform: 'youtube',
  text: 'Made with Muse.',
  media: [{ generationId: await libraryFile(uid, 'video/mp4') }],
  youtube: { title: `Explained ${marker()}`, tags: [], privacyStatus: 'private' },
});

const xProblem = (status: number, title: string, detail: string, type = 'about:blank') => ({
  status,
  body: { title, detail, type, status },
});
const liError = (status: number, code: string, message: string) => ({
  status,
  body: { status, serviceErrorCode: 100, code, message },
});
const redditErrors = (
  code: string,
  message: string,
  field: string,
  extra: Record<string, unknown> = {},
) => ({ status: 200, body: { json: { errors: [[code, message, field]], ...extra } } });
const googleError = (status: number, reason: string, message: string) => ({
  status,
  body: {
    error: { code: status, message, errors: [{ domain: 'youtube.video', reason, message }] },
  },
});

interface Case {
  name: string;
  platform: PublishPlatform;
  post: (uid: string) => Input | Promise<Input>;
  /** The platform's answer, played by the sandbox for the test's token; absent when the sandbox refuses by itself. */
  fault?: {
    path: string;
    method?: string;
    times?: number;
    status: number;
    body?: unknown;
    headers?: Record<string, string>;
  };
  reason: string;
  step: FailureStep;
  platformCode: string | null;
  fix: FixAction;
  /** Whether the run marks the account as needing reconnect (only answers that say the sign-in is dead). */
  accountMarked?: boolean;
}

const X_TWEETS = { path: '/2/tweets', method: 'POST' };
const LI_POSTS = { path: '/rest/posts', method: 'POST' };
const RD_SUBMIT = { path: '/api/submit', method: 'POST' };
const YT_START = { path: '/upload/youtube/v3/videos', method: 'POST' };
const resetIn15 = () => ({ 'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 15 * 60) });

const cases: Case[] = [
  // X
  {
    name: 'X 401 on media upload',
    platform: 'x',
    post: xImagePost,
    fault: {
      path: '/2/media/upload/initialize',
      method: 'POST',
      ...xProblem(401, 'Unauthorized', 'Unauthorized'),
    },
    reason: 'x.unauthorized',
    step: 'upload',
    platformCode: 'Unauthorized',
    fix: 'reconnect',
  },
  {
    name: 'X 401 on the post',
    platform: 'x',
    post: xPost,
    fault: { ...X_TWEETS, ...xProblem(401, 'Unauthorized', 'Unauthorized') },
    reason: 'x.unauthorized',
    step: 'create',
    platformCode: 'Unauthorized',
    fix: 'reconnect',
    accountMarked: true,
  },
  {
    name: 'X 403 duplicate content',
    platform: 'x',
    post: xPost,
    fault: {
      ...X_TWEETS,
      ...xProblem(
        403,
        'Forbidden',
        'You are not allowed to create a Tweet with duplicate content.',
      ),
    },
    reason: 'x.duplicate-content',
    step: 'create',
    platformCode: 'Forbidden',
    fix: 'edit',
  },
  {
    // A refusal of this request, not of the sign-in: a Retry can pass, and the account stays connected.
    name: 'X plain 403',
    platform: 'x',
    post: xPost,
    fault: {
      ...X_TWEETS,
      ...xProblem(403, 'Forbidden', 'You are not permitted to perform this action.'),
    },
    reason: 'x.forbidden',
    step: 'create',
    platformCode: 'Forbidden',
    fix: 'retry',
    accountMarked: false,
  },
  {
    name: 'X 403 app without Read and Write permission',
    platform: 'x',
    post: xPost,
    fault: {
      ...X_TWEETS,
      ...xProblem(
        403,
        'Forbidden',
        'Your client app is not configured with the appropriate oauth1 app permissions for this endpoint.',
        'https://api.twitter.com/2/problems/oauth1-permissions',
      ),
    },
    reason: 'x.app-read-only',
    step: 'create',
    platformCode: 'oauth1-permissions',
    fix: 'reconnect',
    accountMarked: false,
  },
  {
    name: 'X 402 credits depleted',
    platform: 'x',
    post: xPost,
    fault: {
      ...X_TWEETS,
      ...xProblem(
        402,
        'CreditsDepleted',
        'Your enrolled account does not have any credits to fulfill this request.',
        'https://api.twitter.com/2/problems/credits',
      ),
    },
    reason: 'x.credits-depleted',
    step: 'create',
    platformCode: 'CreditsDepleted',
    fix: 'retry',
  },
  {
    name: 'X 429 rate limit',
    platform: 'x',
    post: xPost,
    fault: {
      ...X_TWEETS,
      ...xProblem(429, 'Too Many Requests', 'Too Many Requests'),
      headers: resetIn15(),
    },
    reason: 'x.rate-limited',
    step: 'create',
    platformCode: 'Too Many Requests',
    fix: 'wait',
  },
  {
    name: 'X 429 monthly usage cap',
    platform: 'x',
    post: xPost,
    fault: {
      ...X_TWEETS,
      ...xProblem(
        429,
        'UsageCapExceeded',
        'Usage cap exceeded: Monthly product cap',
        'https://api.twitter.com/2/problems/usage-capped',
      ),
      headers: resetIn15(),
    },
    reason: 'x.usage-capped',
    step: 'create',
    platformCode: 'UsageCapExceeded',
    fix: 'wait',
  },
  {
    name: 'X 413 media too large',
    platform: 'x',
    post: xImagePost,
    fault: {
      path: '/2/media/upload/initialize',
      method: 'POST',
      ...xProblem(413, 'Payload Too Large', 'File size exceeds the limit'),
    },
    reason: 'x.media-too-large',
    step: 'upload',
    platformCode: 'Payload Too Large',
    fix: 'edit',
  },
  {
    name: 'X 503 every time',
    platform: 'x',
    post: xPost,
    fault: {
      ...X_TWEETS,
      times: 2,
      ...xProblem(503, 'Service Unavailable', 'Service Unavailable'),
    },
    reason: 'x.unavailable',
    step: 'create',
    platformCode: 'Service Unavailable',
    fix: 'retry',
  },
  // LinkedIn
  {
    name: 'LinkedIn 426 retired version',
    platform: 'linkedin',
    post: linkedinPost,
    fault: {
      ...LI_POSTS,
      times: 2,
      ...liError(426, 'NONEXISTENT_VERSION', 'Requested version 20240101 is not active'),
    },
    reason: 'linkedin.version-retired',
    step: 'create',
    platformCode: 'NONEXISTENT_VERSION',
    fix: 'wait',
  },
  {
    name: 'LinkedIn 401 expired token',
    platform: 'linkedin',
    post: linkedinPost,
    fault: {
      ...LI_POSTS,
      ...liError(401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired'),
    },
    reason: 'linkedin.token-expired',
    step: 'sign-in',
    platformCode: 'EXPIRED_ACCESS_TOKEN',
    fix: 'reconnect',
  },
  {
    name: 'LinkedIn 401 revoked token',
    platform: 'linkedin',
    post: linkedinPost,
    fault: {
      ...LI_POSTS,
      ...liError(
        401,
        'REVOKED_ACCESS_TOKEN',
        'The token used in the request has been revoked by the user',
      ),
    },
    reason: 'linkedin.token-revoked',
    step: 'sign-in',
    platformCode: 'REVOKED_ACCESS_TOKEN',
    fix: 'reconnect',
  },
  {
    name: 'LinkedIn 403 missing scope',
    platform: 'linkedin',
    post: linkedinPost,
    fault: {
      ...LI_POSTS,
      ...liError(
        403,
        'ACCESS_DENIED',
        'Not enough permissions to access: partnerApiPostsExternal.CREATE',
      ),
    },
    reason: 'linkedin.missing-permission',
    step: 'create',
    platformCode: 'ACCESS_DENIED',
    fix: 'reconnect',
  },
  {
    name: 'LinkedIn 422 duplicate',
    platform: 'linkedin',
    post: linkedinPost,
    fault: {
      ...LI_POSTS,
      status: 422,
      body: {
        status: 422,
        message: 'Content is a duplicate of urn:li:share:7000000000000000001',
        errorDetails: {
          inputErrors: [{ code: 'DUPLICATE_POST', description: 'Content is a duplicate' }],
        },
      },
    },
    reason: 'linkedin.duplicate',
    step: 'create',
    platformCode: 'DUPLICATE_POST',
    fix: 'edit',
  },
  {
    name: 'LinkedIn 429 daily limit',
    platform: 'linkedin',
    post: linkedinPost,
    fault: { ...LI_POSTS, ...liError(429, 'TOO_MANY_REQUESTS', 'Resource level throttle limit') },
    reason: 'linkedin.rate-limited',
    step: 'create',
    platformCode: 'TOO_MANY_REQUESTS',
    fix: 'wait',
  },
  {
    name: 'LinkedIn 413 image too large',
    platform: 'linkedin',
    post: linkedinImagePost,
    fault: {
      path: '/rest/images',
      method: 'POST',
      ...liError(413, 'REQUEST_TOO_LARGE', 'Image too large'),
    },
    reason: 'linkedin.media-too-large',
    step: 'upload',
    platformCode: 'REQUEST_TOO_LARGE',
    fix: 'edit',
  },
  // Reddit: the sandbox's own subreddits refuse by themselves; the rest are Reddit's json.errors played back.
  {
    name: 'Reddit SUBMIT_VALIDATION_FLAIR_REQUIRED',
    platform: 'reddit',
    post: () => redditPost('FlairRequired'),
    reason: 'reddit.flair-required',
    step: 'create',
    platformCode: 'SUBMIT_VALIDATION_FLAIR_REQUIRED',
    fix: 'choose-flair',
  },
  {
    name: 'Reddit BAD_FLAIR_TEMPLATE_ID',
    platform: 'reddit',
    post: () => redditPost('MuseSandbox', 'gone-flair-0001'),
    reason: 'reddit.flair-gone',
    step: 'create',
    platformCode: 'BAD_FLAIR_TEMPLATE_ID',
    fix: 'choose-flair',
  },
  {
    name: 'Reddit SUBREDDIT_NOTALLOWED',
    platform: 'reddit',
    post: () => redditPost('PrivateClub'),
    reason: 'reddit.not-allowed',
    step: 'create',
    platformCode: 'SUBREDDIT_NOTALLOWED',
    fix: 'edit',
  },
  {
    name: 'Reddit SUBREDDIT_NOEXIST',
    platform: 'reddit',
    post: () => redditPost(),
    fault: {
      ...RD_SUBMIT,
      ...redditErrors('SUBREDDIT_NOEXIST', "that subreddit doesn't exist", 'sr'),
    },
    reason: 'reddit.no-such-subreddit',
    step: 'create',
    platformCode: 'SUBREDDIT_NOEXIST',
    fix: 'edit',
  },
  {
    name: 'Reddit ALREADY_SUB',
    platform: 'reddit',
    post: () => redditPost(),
    fault: {
      ...RD_SUBMIT,
      ...redditErrors('ALREADY_SUB', 'that link has already been submitted', 'url'),
    },
    reason: 'reddit.already-submitted',
    step: 'create',
    platformCode: 'ALREADY_SUB',
    fix: 'edit',
  },
  {
    name: 'Reddit RATELIMIT',
    platform: 'reddit',
    post: () => redditPost(),
    fault: {
      ...RD_SUBMIT,
      ...redditErrors(
        'RATELIMIT',
        'Looks like you have been doing that a lot. Take a break for 9 minutes before trying again.',
        'ratelimit',
      ),
    },
    reason: 'reddit.rate-limited',
    step: 'create',
    platformCode: 'RATELIMIT',
    fix: 'wait',
  },
  {
    name: 'Reddit NO_SELFS',
    platform: 'reddit',
    post: () => redditPost(),
    fault: {
      ...RD_SUBMIT,
      ...redditErrors('NO_SELFS', "This community doesn't allow text posts.", 'sr'),
    },
    reason: 'reddit.no-text-posts',
    step: 'create',
    platformCode: 'NO_SELFS',
    fix: 'edit',
  },
  {
    name: 'Reddit NO_LINKS',
    platform: 'reddit',
    post: () => redditPost(),
    fault: {
      ...RD_SUBMIT,
      ...redditErrors('NO_LINKS', "This community doesn't allow links.", 'sr'),
    },
    reason: 'reddit.no-link-posts',
    step: 'create',
    platformCode: 'NO_LINKS',
    fix: 'edit',
  },
  {
    name: 'Reddit 401',
    platform: 'reddit',
    post: () => redditPost(),
    fault: { ...RD_SUBMIT, status: 401, body: { message: 'Unauthorized', error: 401 } },
    reason: 'reddit.unauthorized',
    step: 'create',
    platformCode: null,
    fix: 'reconnect',
  },
  // YouTube: videos.insert's session start carries the video's details and answers for the channel and the quota.
  {
    name: 'YouTube uploadLimitExceeded',
    platform: 'youtube',
    post: youtubePost,
    fault: {
      ...YT_START,
      ...googleError(
        400,
        'uploadLimitExceeded',
        'The user has exceeded the number of videos they may upload.',
      ),
    },
    reason: 'youtube.upload-limit',
    step: 'upload',
    platformCode: 'uploadLimitExceeded',
    fix: 'wait',
  },
  {
    name: 'YouTube quotaExceeded',
    platform: 'youtube',
    post: youtubePost,
    fault: {
      ...YT_START,
      ...googleError(
        403,
        'quotaExceeded',
        'The request cannot be completed because you have exceeded your quota.',
      ),
    },
    reason: 'youtube.quota-exceeded',
    step: 'upload',
    platformCode: 'quotaExceeded',
    fix: 'wait',
  },
  {
    name: 'YouTube forbidden',
    platform: 'youtube',
    post: youtubePost,
    fault: { ...YT_START, ...googleError(403, 'forbidden', 'Forbidden') },
    reason: 'youtube.forbidden',
    step: 'upload',
    platformCode: 'forbidden',
    fix: 'reconnect',
  },
  {
    name: 'YouTube invalidTitle',
    platform: 'youtube',
    post: youtubePost,
    fault: {
      ...YT_START,
      ...googleError(
        400,
        'invalidTitle',
        'The request metadata specifies an invalid or empty video title.',
      ),
    },
    reason: 'youtube.invalid-title',
    step: 'create',
    platformCode: 'invalidTitle',
    fix: 'edit',
  },
  {
    name: 'YouTube invalidDescription',
    platform: 'youtube',
    post: youtubePost,
    fault: {
      ...YT_START,
      ...googleError(
        400,
        'invalidDescription',
        'The request metadata specifies an invalid video description.',
      ),
    },
    reason: 'youtube.invalid-description',
    step: 'create',
    platformCode: 'invalidDescription',
    fix: 'edit',
  },
];

describe('a platform error, through the publish path', () => {
  it('covers at least 25 canonical errors', () => {
    expect(new Set(cases.map((c) => c.reason)).size).toBeGreaterThanOrEqual(25);
  });

  it.each(cases)('$name: failed at $step with the platform code and the fix $fix', async (c) => {
    const { uid, token } = await accounts[c.platform]();
    const input = await c.post(uid);
    const { postId } = await publishPost(
      uid,
      publishPostSchema.parse({ requestId: randomUUID(), ...input }),
      store,
    );
    if (c.fault)
      await addFault(publishProviders[c.platform], { ...c.fault, authorizationIncludes: token });
    await runJob({ uid, jobId: publishJobId(postId) }, deps());

    const post = (await postRef(db, uid, postId).get()).data()!;
    expect(post.status).toBe('failed');
    expect(post.error).toMatchObject({
      reason: c.reason,
      step: c.step,
      platformCode: c.platformCode,
      fix: { action: c.fix, label: expect.any(String) },
      summary: expect.any(String),
    });
    expect(post.error.message).toEqual(expect.any(String));
    if (c.accountMarked !== undefined) {
      const account = (await db.doc(`users/${uid}/socialAccounts/${c.platform}`).get()).data();
      expect(account?.needsReconnect === true).toBe(c.accountMarked);
    }
  });
});
