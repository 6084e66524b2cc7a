import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { publishPostSchema, retryPostSchema } from '@core/social-posts';
import { storeSocialCredentials } from '../../functions/src/integrations/secret-store';
import { jobRef } from '../../functions/src/jobs/lease';
import { systemClock } from '../../functions/src/lib/clock';
import { retryPost } from '../../functions/src/social/manage-posts/manage-posts';
import { postRef, publishJobId, retryJobId } from '../../functions/src/social/posts';
import { publishDuePosts } from '../../functions/src/social/publish-due-posts/publish-due-posts';
import { publishPost } from '../../functions/src/social/publish-post/publish-post';
import { fixedClock } from './due-posts-support';
import { localKeyring } from './integrations-support';
import { adminDb, closeAdmin, projectId } from './support';

// Job ids are namespaced by what makes them (functions/src/social/posts.ts, publishJobId): a requestId that
// names another job of the caller (a generation, a retry of another post) or another post cannot take that
// job's id, so a scheduled post is always claimed by the sweep; a doubled click still starts one job.

vi.setConfig({ testTimeout: 60_000 });
adminDb();
const DIRECT = `${projectId}-request-ids`;
const db = getFirestore(initializeApp({ projectId: DIRECT }, 'request-ids-direct'));
const keyring = localKeyring();
const deps = { db, keyring, clock: systemClock };
afterAll(closeAdmin);

async function xUser(): Promise<string> {
  const uid = `u${randomUUID().slice(0, 12)}`;
  const account = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  const saved = await storeSocialCredentials(deps, uid, 'x', {
    consumerKey: 'muse-app',
    consumerSecret: 'muse-app-secret',
    accessToken: `${account}-token`,
    accessTokenSecret: `${account}-token-secret`,
  });
  if (!saved.ok) throw new Error('credentials not stored');
  return uid;
}

/** Another job of the user, as startJob leaves it. */
async function existingJob(uid: string): Promise<{ id: string; data: unknown }> {
  const id = randomUUID();
  const data = {
    kind: 'image',
    status: 'queued',
    input: { prompt: 'a fox' },
    createdAt: new Date(),
  };
  await jobRef(db, uid, id).set(data);
  return { id, data: (await jobRef(db, uid, id).get()).data() };
}

const refused = { code: 'already-exists', message: 'This request id was already used' };

async function failedPost(uid: string): Promise<string> {
  const { postId } = await publishPost(
    uid,
    publishPostSchema.parse({ requestId: randomUUID(), platform: 'x', text: 'hello' }),
    deps,
  );
  await postRef(db, uid, postId).update({
    status: 'failed',
    error: { code: 'unavailable', message: 'X is down' },
  });
  return postId;
}

async function scheduledPost(uid: string, at: Date): Promise<string> {
  const { postId } = await publishPost(
    uid,
    publishPostSchema.parse({
      requestId: randomUUID(),
      platform: 'x',
      text: 'later',
      scheduledAt: at.toISOString(),
    }),
    deps,
  );
  return postId;
}

describe('a requestId that names another job', () => {
  it.each([
    ['Post Now', null],
    ['a Schedule Date', new Date(Date.now() + 3_600_000).toISOString()],
  ])(
    'makes publishPost (%s) a post with a job of its own, and leaves that job alone',
    async (_case, scheduledAt) => {
      const uid = await xUser();
      const job = await existingJob(uid);
      const made = await publishPost(
        uid,
        publishPostSchema.parse({ requestId: job.id, platform: 'x', text: 'hello', scheduledAt }),
        deps,
      );
      expect(made.postId).toBe(job.id);
      expect((await postRef(db, uid, job.id).get()).get('jobId')).toBe(
        scheduledAt ? null : publishJobId(job.id),
      );
      expect((await jobRef(db, uid, job.id).get()).data()).toEqual(job.data);
    },
  );

  it('makes retryPost start a job of its own, and leaves that job alone', async () => {
    const uid = await xUser();
    const postId = await failedPost(uid);
    const job = await existingJob(uid);
    await retryPost(uid, retryPostSchema.parse({ postId, requestId: job.id }), deps);
    expect((await postRef(db, uid, postId).get()).data()).toMatchObject({
      status: 'queued',
      jobId: retryJobId(job.id),
    });
    expect((await jobRef(db, uid, retryJobId(job.id)).get()).get('input')).toEqual({ postId });
    expect((await jobRef(db, uid, job.id).get()).data()).toEqual(job.data);
  });

  it('is refused by retryPost when it already retried another post, and that post stays failed', async () => {
    const uid = await xUser();
    const [first, second] = [await failedPost(uid), await failedPost(uid)];
    const requestId = randomUUID();
    await retryPost(uid, retryPostSchema.parse({ postId: first, requestId }), deps);
    await expect(
      retryPost(uid, retryPostSchema.parse({ postId: second, requestId }), deps),
    ).rejects.toMatchObject(refused);
    expect((await postRef(db, uid, second).get()).data()).toMatchObject({
      status: 'failed',
      jobId: publishJobId(second),
    });
  });

  it('starts one job when retryPost is sent twice with it', async () => {
    const uid = await xUser();
    const postId = await failedPost(uid);
    const requestId = randomUUID();
    const input = retryPostSchema.parse({ postId, requestId });
    expect(await retryPost(uid, input, deps)).toEqual({ postId, status: 'queued' });
    expect(await retryPost(uid, input, deps)).toEqual({ postId, status: 'queued' });
    const jobs = await db.collection(`users/${uid}/jobs`).get();
    expect(jobs.docs.map((d) => d.id).sort()).toEqual(
      [publishJobId(postId), retryJobId(requestId)].sort(),
    );
  });
});

describe("a requestId equal to a scheduled post's id", () => {
  // What startJob or a Retry made with that id before job ids were namespaced: the sweep found the post's
  // job id taken and skipped the post at every run.
  it.each([
    ['a generation (startJob)', 'startJob'],
    ['a Retry of another post', 'retryPost'],
  ] as const)('leaves the post to the sweep when %s uses it', async (_case, by) => {
    const uid = await xUser();
    const due = new Date(Date.now() + 3_600_000);
    const postId = await scheduledPost(uid, due);
    if (by === 'startJob') {
      await jobRef(db, uid, postId).set({
        kind: 'image',
        status: 'queued',
        input: { prompt: 'a fox' },
        createdAt: new Date(),
      });
    } else {
      const other = await failedPost(uid);
      await retryPost(uid, retryPostSchema.parse({ postId: other, requestId: postId }), deps);
    }
    const { claimed } = await publishDuePosts({ db, clock: fixedClock(due.getTime() + 60_000) });
    expect(claimed).toContain(postRef(db, uid, postId).path);
    expect((await postRef(db, uid, postId).get()).data()).toMatchObject({
      status: 'queued',
      jobId: publishJobId(postId),
    });
  });
});
