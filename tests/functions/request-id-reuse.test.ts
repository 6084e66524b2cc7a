import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { publishPostSchema, retryPostSchema } from '@core/social-posts';
import { storeSocialCredentials } from '../../functions/src/integrations/secret-store';
import { jobRef } from '../../functions/src/jobs/lease';
import { systemClock } from '../../functions/src/lib/clock';
import { retryPost } from '../../functions/src/social/manage-posts/manage-posts';
import { postRef } from '../../functions/src/social/posts';
import { publishPost } from '../../functions/src/social/publish-post/publish-post';
import { localKeyring } from './integrations-support';
import { adminDb, closeAdmin, projectId } from './support';

// publishPost and retryPost with a requestId that already names another job of the caller (a generation,
// an earlier retry): both refuse it the same way (already-exists), write nothing and leave that job alone.

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

describe('a requestId that names another job', () => {
  it.each([
    ['Post Now', null],
    ['a Schedule Date', new Date(Date.now() + 3_600_000).toISOString()],
  ])(
    'is refused by publishPost (%s) with already-exists, and no post is made',
    async (_case, scheduledAt) => {
      const uid = await xUser();
      const job = await existingJob(uid);
      await expect(
        publishPost(
          uid,
          publishPostSchema.parse({ requestId: job.id, platform: 'x', text: 'hello', scheduledAt }),
          deps,
        ),
      ).rejects.toMatchObject(refused);
      expect((await postRef(db, uid, job.id).get()).exists).toBe(false);
      expect((await jobRef(db, uid, job.id).get()).data()).toEqual(job.data);
    },
  );

  it('is refused by retryPost with already-exists, and the post stays failed', async () => {
    const uid = await xUser();
    const { postId } = await publishPost(
      uid,
      publishPostSchema.parse({ requestId: randomUUID(), platform: 'x', text: 'hello' }),
      deps,
    );
    await postRef(db, uid, postId).update({
      status: 'failed',
      error: { code: 'unavailable', message: 'X is down' },
    });
    const job = await existingJob(uid);
    await expect(
      retryPost(uid, retryPostSchema.parse({ postId, requestId: job.id }), deps),
    ).rejects.toMatchObject(refused);
    expect((await postRef(db, uid, postId).get()).data()).toMatchObject({
      status: 'failed',
      jobId: postId,
    });
    expect((await jobRef(db, uid, job.id).get()).data()).toEqual(job.data);
  });
});
