import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { queuedJob } from '../../functions/src/jobs/job-state';
import { storeSocialCredentials } from '../../functions/src/integrations/secret-store';
import { systemClock } from '../../functions/src/lib/clock';
import { localKeyring, sandboxUrl } from './integrations-support';
import { queuedXPost } from './publish-support';
import { adminDb, closeAdmin, runScheduleNow } from './support';

// A worker killed while it started a publish job leaves the job claimed (running, its lease live) and the
// post queued with no attempt recorded, and no trigger will run it again. The sweep, driven by the test
// stack's schedule driver at a clock past that lease, starts the post's job again at once: the emulated
// functions publish it, with no failure shown.

afterAll(closeAdmin);

describe('a publish job whose worker was killed while starting', () => {
  it('is started again by one sweep and published, with no failure', async () => {
    const db = adminDb();
    const uid = `u${randomUUID().slice(0, 12)}`;
    const account = 100_000_000 + Math.floor(Math.random() * 800_000_000);
    const saved = await storeSocialCredentials(
      { db, keyring: localKeyring(), clock: systemClock },
      uid,
      'x',
      {
        consumerKey: 'muse-app',
        consumerSecret: 'muse-app-secret',
        accessToken: `${account}-token`,
        accessTokenSecret: `${account}-token-secret`,
      },
    );
    if (!saved.ok) throw new Error('credentials not stored');
    const text = `Lost start ${randomUUID().slice(0, 8)}`;
    const jobId = randomUUID();
    const now = new Date();
    const postRef = db.doc(`users/${uid}/socialPosts/${jobId}`);
    await postRef.set(queuedXPost(jobId, text, now));
    // Claimed by a run that died before it recorded an attempt: its trigger finds the lease live and runs nothing.
    const job = {
      ...queuedJob('publish', { postId: jobId }, now),
      status: 'running',
      attempts: 1,
      runId: 'killed-while-starting',
      leaseExpiresAt: new Date(now.getTime() + 20_000),
      statusText: 'Starting',
    };
    await db.doc(`users/${uid}/jobs/${jobId}`).set(job);

    const run = await runScheduleNow('sweepStaleJobs', new Date(now.getTime() + 60_000));
    expect(run).toMatchObject({ name: 'sweepStaleJobs', ok: true });

    await vi.waitFor(async () => expect((await postRef.get()).get('status')).toBe('published'), {
      timeout: 45_000,
      interval: 250,
    });
    const post = (await postRef.get()).data()!;
    expect(post).toMatchObject({ error: null, restarts: 1 });
    expect(post.jobId).not.toBe(jobId);
    expect((await db.doc(`users/${uid}/jobs/${jobId}`).get()).data()).toMatchObject({
      status: 'failed',
      error: { code: 'restarted' },
    });
    const { tweets } = (await (await fetch(`${sandboxUrl('x')}/__sandbox/x/tweets`)).json()) as {
      tweets: { text: string }[];
    };
    expect(tweets.filter((t) => t.text === text)).toHaveLength(1);
  }, 60_000);
});
