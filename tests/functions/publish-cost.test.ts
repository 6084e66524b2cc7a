import { randomUUID } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { jobRef } from '../../functions/src/jobs/lease';
import { runJob } from '../../functions/src/jobs/runner';
import { newPublishJob, postRef, publishJobId } from '../../functions/src/social/posts';
import { PUBLISH_TIMING } from '../../functions/src/social/publish-timing';
import { systemClock } from '../../functions/src/lib/clock';
import { publishDuePosts } from '../../functions/src/social/publish-due-posts/publish-due-posts';
import { fixedClock, xUsers } from './due-posts-support';
import { directProject, publishRunnerDeps, queuedXPost } from './publish-support';
import { sandboxUrl } from './integrations-support';
import { closeAdmin } from './support';

// What one publish run costs in Firestore transactions: in a burst of scheduled posts every post runs one, and
// their round trips are most of a post's CPU (docs/architecture.md, "A burst: 10,000 posts due in the same
// minute"). The run's start is made in the job's claim transaction, an answer's outcome goes on the post with
// the run's next write, and a progress report that moves nothing on is not written.

vi.setConfig({ testTimeout: 60_000 });
const project = directProject('publish-cost');
const { db } = project;
afterAll(closeAdmin);

/** `db` with its transactions counted, and their reads (round trips: a get or a getAll is one). */
function counting(target: Firestore): {
  db: Firestore;
  transactions: () => number;
  readTrips: () => number;
} {
  let calls = 0;
  let reads = 0;
  const countReads = (tx: Transaction) =>
    new Proxy(tx, {
      get(t, prop) {
        const value = Reflect.get(t, prop) as unknown;
        if (typeof value !== 'function') return value;
        if (prop === 'get' || prop === 'getAll') reads++;
        return (value as (...a: unknown[]) => unknown).bind(t);
      },
    });
  const wrapped = new Proxy(target, {
    get(t, prop) {
      if (prop === 'runTransaction') {
        return (fn: (tx: Transaction) => Promise<unknown>, options?: object) => {
          calls++;
          return t.runTransaction((tx) => fn(countReads(tx)), options);
        };
      }
      const value = Reflect.get(t, prop) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
  return { db: wrapped, transactions: () => calls, readTrips: () => reads };
}

async function tweetsWith(text: string): Promise<string[]> {
  const { tweets } = (await (await fetch(`${sandboxUrl('x')}/__sandbox/x/tweets`)).json()) as {
    tweets: { id: string; text: string }[];
  };
  return tweets.filter((t) => t.text === text).map((t) => t.id);
}

describe('the round trips of one scheduled X post', () => {
  it('its publish run takes three transactions (the claim with the start, the create logged before it leaves, the end with its answer) and four reads', async () => {
    const [uid] = await xUsers({ db, keyring: project.keyring, clock: systemClock }, 1);
    const postId = randomUUID();
    const text = `Cost ${randomUUID().slice(0, 8)}`;
    const at = new Date();
    await db.runTransaction(async (tx) => {
      tx.create(postRef(db, uid!, postId), queuedXPost(postId, text, at));
      tx.create(jobRef(db, uid!, postId), newPublishJob(postId, at));
    });
    const counted = counting(db);
    const deps = publishRunnerDeps(project, { timing: PUBLISH_TIMING });

    expect(await runJob({ uid: uid!, jobId: postId }, { ...deps, db: counted.db })).toMatchObject({
      outcome: 'published',
      postId,
    });

    expect(counted.transactions()).toBe(3);
    // The claim reads the job, then its post; the log line and the end each read the job and the post together.
    expect(counted.readTrips()).toBe(4);
    const [tweet, ...more] = await tweetsWith(text);
    expect(more).toEqual([]);
    const stored = (await postRef(db, uid!, postId).get()).data()!;
    expect(stored).toMatchObject({
      status: 'published',
      platformPostId: tweet,
      progress: 100,
      checkingUntil: null,
    });
    // The create's answer reached the post with the end.
    expect(
      stored.publishLog.map((e: { step: string; outcome: string }) => `${e.step}: ${e.outcome}`),
    ).toEqual(['Create post: HTTP 201']);
    expect((await jobRef(db, uid!, postId).get()).data()).toMatchObject({
      status: 'succeeded',
      progress: 100,
      statusText: 'Published',
      attempts: 1,
    });
  });

  it('its claim by the sweep is one transaction with one read: the post and its job-to-be together', async () => {
    const [uid] = await xUsers({ db, keyring: project.keyring, clock: systemClock }, 1);
    const postId = randomUUID();
    const due = new Date(Date.now() - 60_000);
    await postRef(db, uid!, postId).set(
      queuedXPost(null, `Due ${randomUUID().slice(0, 8)}`, due, {
        status: 'scheduled',
        scheduledAt: due,
      }),
    );
    const counted = counting(db);

    const { claimed } = await publishDuePosts({ db: counted.db, clock: fixedClock(Date.now()) });

    expect(claimed).toContain(postRef(db, uid!, postId).path);
    expect(counted.transactions()).toBe(claimed.length);
    expect(counted.readTrips()).toBe(claimed.length);
    expect((await postRef(db, uid!, postId).get()).data()).toMatchObject({
      status: 'queued',
      jobId: publishJobId(postId),
    });
    expect((await jobRef(db, uid!, publishJobId(postId)).get()).data()).toMatchObject({
      kind: 'publish',
      status: 'queued',
      input: { postId },
    });
  });
});
