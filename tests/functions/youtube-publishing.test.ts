import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { CallableInput } from '@core/callables';
import type { PublishPlatform } from '@core/social-posts';
import { publishPostSchema, retryPostSchema } from '@core/social-posts';
import { runJob, type RunnerDeps } from '../../functions/src/jobs/runner';
import { publishJobHandler } from '../../functions/src/social/publish-job';
import {
  readSocialCredentials,
  storeSocialCredentials,
} from '../../functions/src/integrations/secret-store';
import { systemClock, type Clock } from '../../functions/src/lib/clock';
import type { SocialPublisher } from '../../functions/src/providers/social/social-publisher';
import { youtubeMessages } from '../../functions/src/providers/social/youtube';
import { platformPublisher, publishProviders } from '../../functions/src/social/deps';
import { retryPost } from '../../functions/src/social/manage-posts/manage-posts';
import {
  postRef,
  publishJobId,
  retryJobId,
  youtubeNotConnectedMessage,
  youtubeScheduleMessage,
} from '../../functions/src/social/posts';
import { publishPost } from '../../functions/src/social/publish-post/publish-post';
import type { PublishTiming } from '../../functions/src/social/publish-timing';
import { getPlatformProfile } from '../../functions/src/social/get-platform-profile/get-platform-profile';
import { YOUTUBE_TOKENS } from '../sandbox/providers/youtube';
import { localKeyring, sandboxHosts, sandboxUrl } from './integrations-support';
import { adminDb, closeAdmin, projectId } from './support';

// YouTube publish jobs run in-process against the provider sandbox (as tests/functions/social-publishing.test.ts
// runs X and LinkedIn), in a project of their own where no trigger runs the jobs behind the test's back.
// Chunks are 256 KiB so a 1.3 MB library video takes six PUTs.

vi.setConfig({ testTimeout: 60_000 });
adminDb();
const DIRECT = `${projectId}-youtube`;
const app = initializeApp(
  { projectId: DIRECT, storageBucket: `${DIRECT}.appspot.com` },
  'youtube-direct',
);
const db = getFirestore(app);
const bucket = getStorage(app).bucket();
const keyring = localKeyring();
const google = sandboxUrl('google');
const CHUNK = 256 * 1024;
const SIZE = 5 * CHUNK + 4321;
afterAll(closeAdmin);
afterEach(async () => {
  await fetch(`${google}/__sandbox/faults`, { method: 'DELETE' });
  await fetch(`${google}/__sandbox/youtube/interruptions`, { method: 'DELETE' });
});

function fixedClock(at: Date): Clock & { set(d: Date): void } {
  let now = at;
  return { now: () => now, set: (d) => (now = d) };
}

const realPublisher = (
  platform: PublishPlatform,
  stored: Record<string, string>,
  fetchImpl: typeof fetch = globalThis.fetch,
) =>
  platformPublisher(platform, stored, {
    baseUrl: sandboxUrl(publishProviders[platform]),
    fetch: fetchImpl,
    chunkBytes: CHUNK,
    sleep: async () => undefined,
  });

/** Publishing's windows, shortened (functions/src/social/publish-timing.ts has production's). */
const timing: PublishTiming = {
  requestTimeoutMs: 10_000,
  uploadTimeoutMs: 10_000,
  settleMs: { x: 2500, linkedin: 2500, reddit: 2500, youtube: 2500 },
  lookupEveryMs: 200,
  backoffMs: [0],
};

function deps(
  clock: Clock = systemClock,
  publisherFor: (
    platform: PublishPlatform,
    stored: Record<string, string>,
    send: typeof fetch,
  ) => SocialPublisher = (platform, stored, send) => realPublisher(platform, stored, send),
): RunnerDeps {
  return {
    db,
    clock,
    handlers: {
      publish: publishJobHandler({
        bucket,
        readCredentials: (uid, platform) => readSocialCredentials({ db, keyring }, uid, platform),
        publisherFor,
        timing,
      }),
    },
  };
}

const store = (clock: Clock = systemClock) => ({ db, keyring, clock });

/** A user whose YouTube account was connected: client credentials plus the tokens Connect stores. */
async function youtubeUser(
  accessToken = `ya29.sandbox-${randomUUID().slice(0, 8)}`,
): Promise<string> {
  const uid = `u${randomUUID().slice(0, 12)}`;
  const saved = await storeSocialCredentials(store(), uid, 'youtube', {
    clientId: 'sandbox-youtube-client',
    clientSecret: 'sandbox-youtube-secret',
    accessToken,
    refreshToken: 'sandbox-refresh',
    accessTokenExpiresAt: String(Date.now() + 3600_000),
    scope:
      'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
  });
  if (!saved.ok) throw new Error('credentials not stored');
  return uid;
}

/** A library video: random bytes in Storage and its record. */
async function libraryVideo(uid: string, size = SIZE): Promise<{ id: string; sha256: string }> {
  const id = randomUUID();
  const path = `${uid}/generations/${id}.mp4`;
  const bytes = randomBytes(size);
  await bucket.file(path).save(bytes, { resumable: false, contentType: 'video/mp4' });
  await db.doc(`users/${uid}/generations/${id}`).set({
    type: 'video',
    title: 'A lighthouse',
    prompt: 'a lighthouse',
    storagePath: path,
    contentType: 'video/mp4',
    sizeBytes: size,
    createdAt: new Date(),
    metadata: {},
  });
  return { id, sha256: createHash('sha256').update(bytes).digest('hex') };
}

const marker = () => `m${randomUUID().slice(0, 8)}`;

async function upload(
  uid: string,
  input: Omit<CallableInput<'publishPost'>, 'requestId' | 'platform'>,
  clock: Clock = systemClock,
) {
  return publishPost(
    uid,
    publishPostSchema.parse({ requestId: randomUUID(), platform: 'youtube', ...input }),
    store(clock),
  );
}

async function readPost(uid: string, postId: string) {
  return (await postRef(db, uid, postId).get()).data()!;
}

async function videosTitled(
  title: string,
): Promise<{ id: string; bytes: number; sha256: string; tags: string[]; privacyStatus: string }[]> {
  const { videos } = (await (await fetch(`${google}/__sandbox/youtube/videos`)).json()) as {
    videos: {
      id: string;
      title: string;
      bytes: number;
      sha256: string;
      tags: string[];
      privacyStatus: string;
    }[];
  };
  return videos.filter((v) => v.title === title);
}

async function sessionsTitled(
  title: string,
): Promise<
  { id: string; received: number; chunks: { first: number; last: number; kept: number }[] }[]
> {
  const { sessions } = (await (await fetch(`${google}/__sandbox/youtube/sessions`)).json()) as {
    sessions: {
      id: string;
      title: string;
      received: number;
      chunks: { first: number; last: number; kept: number }[];
    }[];
  };
  return sessions.filter((s) => s.title === title);
}

describe('Upload to YouTube', () => {
  it('uploads a library video with its tags and visibility, and records its link', async () => {
    const uid = await youtubeUser();
    const video = await libraryVideo(uid);
    const title = `Lighthouse ${marker()}`;
    const { postId, status } = await upload(uid, {
      text: 'Made with Muse.',
      media: [{ generationId: video.id }],
      youtube: { title, tags: ['muse', 'short film'], privacyStatus: 'unlisted' },
    });
    expect(status).toBe('queued');
    expect(await runJob({ uid, jobId: publishJobId(postId) }, deps())).toMatchObject({
      outcome: 'published',
    });

    const [made, ...more] = await videosTitled(title);
    expect(more).toHaveLength(0);
    expect(made).toMatchObject({
      bytes: SIZE,
      sha256: video.sha256,
      tags: ['muse', 'short film'],
      privacyStatus: 'unlisted',
    });
    expect(await readPost(uid, postId)).toMatchObject({
      status: 'published',
      platformPostId: made!.id,
      url: `https://www.youtube.com/watch?v=${made!.id}`,
      progress: 100,
      uploadSession: null,
      notice: null,
    });
  });

  it.each([
    [
      'a title over 100 characters',
      { title: 'x'.repeat(101) },
      'YouTube titles can be at most 100 characters (this one is 101)',
    ],
    ['a < in the title', { title: 'A <b> title' }, 'YouTube titles cannot contain < or >'],
    [
      'a publish time on a public video',
      {
        title: 'T',
        privacyStatus: 'public',
        publishAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
      'A publish time needs Private visibility',
    ],
    [
      'a publish time in the past',
      { title: 'T', publishAt: new Date(Date.now() - 60_000).toISOString() },
      'Please choose a time in the future',
    ],
  ])('refuses %s with nothing written', async (_case, youtube, message) => {
    const uid = await youtubeUser();
    const video = await libraryVideo(uid, 1000);
    const call = () =>
      upload(uid, {
        text: 'Description',
        media: [{ generationId: video.id }],
        youtube: youtube as never,
      });
    await expect(call()).rejects.toThrow(message);
    expect((await db.collection(`users/${uid}/socialPosts`).get()).size).toBe(0);
    expect((await db.collection(`users/${uid}/jobs`).get()).size).toBe(0);
  });

  it('refuses a Schedule Date (YouTube schedules with its publish time) and an account that never connected', async () => {
    const uid = await youtubeUser();
    const video = await libraryVideo(uid, 1000);
    await expect(
      upload(uid, {
        text: 'D',
        media: [{ generationId: video.id }],
        youtube: { title: 'T' },
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    ).rejects.toThrow(youtubeScheduleMessage);

    const unconnected = `u${randomUUID().slice(0, 12)}`;
    await storeSocialCredentials(store(), unconnected, 'youtube', {
      clientId: 'c',
      clientSecret: 'client-secret-1',
    });
    await expect(
      upload(unconnected, { text: 'D', media: [], youtube: { title: 'T' } }),
    ).rejects.toMatchObject({
      message: youtubeNotConnectedMessage,
      details: { reason: 'needs-reconnect' },
    });
    expect((await db.collection(`users/${uid}/socialPosts`).get()).size).toBe(0);
  });
});

describe('an upload that survives', () => {
  it('a run that dies mid-upload is continued by the next run from the bytes YouTube holds, making one video', async () => {
    const uid = await youtubeUser();
    const video = await libraryVideo(uid);
    const title = `Crash mid-upload ${marker()}`;
    const clock = fixedClock(new Date());
    const { postId } = await upload(
      uid,
      { text: 'Survives a crash.', media: [{ generationId: video.id }], youtube: { title } },
      clock,
    );

    // The first run's process dies after two chunks: its next call never returns.
    let chunks = 0;
    const dying: typeof fetch = async (input, init) => {
      if (init?.method === 'PUT' && chunks++ >= 2) return new Promise(() => undefined);
      return globalThis.fetch(input, init);
    };
    void runJob(
      { uid, jobId: publishJobId(postId) },
      deps(clock, (platform, stored) => realPublisher(platform, stored, dying)),
    );
    // Waiting for the call that never returns: the run's last heartbeat is written by then.
    await vi.waitFor(() => expect(chunks).toBe(3), { timeout: 15_000 });
    expect((await sessionsTitled(title))[0]?.received).toBe(2 * CHUNK);
    const dead = await readPost(uid, postId);
    expect(dead).toMatchObject({
      status: 'publishing',
      uploadSession: { uri: expect.stringContaining('upload_id='), sizeBytes: SIZE },
    });
    expect(dead.progress).toBeGreaterThan(0);

    clock.set(new Date(clock.now().getTime() + 4 * 60_000));
    expect(await runJob({ uid, jobId: publishJobId(postId) }, deps(clock))).toMatchObject({
      outcome: 'published',
    });

    const [session, ...otherSessions] = await sessionsTitled(title);
    expect(otherSessions).toHaveLength(0);
    // The second run sent from byte 2 * CHUNK on: nothing was uploaded twice.
    expect(session!.chunks.map((c) => c.first)).toEqual([0, 1, 2, 3, 4, 5].map((i) => i * CHUNK));
    const [made, ...more] = await videosTitled(title);
    expect(more).toHaveLength(0);
    expect(made).toMatchObject({ bytes: SIZE, sha256: video.sha256 });
    expect(await readPost(uid, postId)).toMatchObject({
      status: 'published',
      platformPostId: made!.id,
      uploadSession: null,
    });
  });

  it('an upload interrupted twice mid-chunk still completes once', async () => {
    const uid = await youtubeUser();
    const video = await libraryVideo(uid);
    const title = `Interrupted twice ${marker()}`;
    await fetch(`${google}/__sandbox/youtube/interruptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ times: 2, keep: 'half', status: 503 }),
    });
    const { postId } = await upload(uid, {
      text: 'Interrupted.',
      media: [{ generationId: video.id }],
      youtube: { title },
    });
    await runJob({ uid, jobId: publishJobId(postId) }, deps());
    const [made, ...more] = await videosTitled(title);
    expect(more).toHaveLength(0);
    expect(made).toMatchObject({ sha256: video.sha256 });
    expect(await readPost(uid, postId)).toMatchObject({
      status: 'published',
      platformPostId: made!.id,
    });
  });

  it('a used-up quota fails the post with its explanation; Retry after the reset uploads it', async () => {
    const uid = await youtubeUser(YOUTUBE_TOKENS.quota);
    const video = await libraryVideo(uid);
    const title = `Quota ${marker()}`;
    const { postId } = await upload(uid, {
      text: 'Quota.',
      media: [{ generationId: video.id }],
      youtube: { title },
    });
    await runJob({ uid, jobId: publishJobId(postId) }, deps());
    const failed = await readPost(uid, postId);
    expect(failed).toMatchObject({
      status: 'failed',
      error: { code: 'rate_limited', message: youtubeMessages.quotaExceeded },
    });
    expect(failed.error.retryAt.toDate().getTime()).toBeGreaterThan(Date.now());
    expect(await videosTitled(title)).toHaveLength(0);

    // The quota reset: the same account's token works again.
    await storeSocialCredentials(store(), uid, 'youtube', {
      accessToken: `ya29.after-reset-${marker()}`,
    });
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
    });
    expect(await videosTitled(title)).toHaveLength(1);
  });

  it('Retry after the upload kept failing continues the kept session instead of starting over', async () => {
    const uid = await youtubeUser();
    const video = await libraryVideo(uid);
    const title = `Retry resumes ${marker()}`;
    const { postId } = await upload(uid, {
      text: 'Retry resumes.',
      media: [{ generationId: video.id }],
      youtube: { title },
    });
    let chunks = 0;
    const flaky: typeof fetch = async (input, init) => {
      if (init?.method === 'PUT' && chunks++ >= 3)
        throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      return globalThis.fetch(input, init);
    };
    await runJob(
      { uid, jobId: publishJobId(postId) },
      deps(systemClock, (platform, stored) => realPublisher(platform, stored, flaky)),
    );
    expect(await readPost(uid, postId)).toMatchObject({
      status: 'failed',
      error: { code: 'unavailable' },
      uploadSession: { sizeBytes: SIZE },
    });

    const requestId = randomUUID();
    await retryPost(uid, retryPostSchema.parse({ postId, requestId }), {
      db,
      keyring,
      clock: systemClock,
    });
    await runJob({ uid, jobId: retryJobId(requestId) }, deps());
    const [session, ...others] = await sessionsTitled(title);
    expect(others).toHaveLength(0);
    expect(session!.chunks.map((c) => c.first)).toEqual([0, 1, 2, 3, 4, 5].map((i) => i * CHUNK));
    expect((await videosTitled(title))[0]).toMatchObject({ sha256: video.sha256 });
    expect(await readPost(uid, postId)).toMatchObject({ status: 'published', uploadSession: null });
  });
});

describe('getPlatformProfile for YouTube', () => {
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
      youtube: google,
    },
  };

  it("reads the channel's name, subscribers and views for the stat cards", async () => {
    const uid = await youtubeUser();
    expect(await getPlatformProfile(uid, { platform: 'youtube' }, profileDeps)).toMatchObject({
      platform: 'youtube',
      name: 'Muse Sandbox Channel',
      followers: 4200,
      views: 123_456,
    });
  });

  it('answers needs-reconnect, and marks the account, when YouTube refuses the token', async () => {
    const uid = await youtubeUser(YOUTUBE_TOKENS.expired);
    await expect(
      getPlatformProfile(uid, { platform: 'youtube' }, profileDeps),
    ).rejects.toMatchObject({
      details: { reason: 'needs-reconnect' },
      message: youtubeMessages.authExpired,
    });
    expect((await db.doc(`users/${uid}/socialAccounts/youtube`).get()).get('needsReconnect')).toBe(
      true,
    );
  });
});
