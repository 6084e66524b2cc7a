import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { userCollectionPath } from '@core/firestore-paths';
import { publishJobId } from '../../functions/src/social/posts';
import {
  publishDuePosts,
  unclaimableError,
} from '../../functions/src/social/publish-due-posts/publish-due-posts';
import { fixedClock, readPosts, seedScheduledXPosts } from './due-posts-support';
import { directProject } from './publish-support';
import { closeAdmin } from './support';

// The sweep's claims over several pages, in a project of the test's own (no other test's due posts, no
// trigger). A burst of posts due at one minute is claimed at the rate of `concurrency` transactions in
// flight only if a page's last claims do not hold up the next page: docs/architecture.md (Publishing) has
// the figures.

afterAll(closeAdmin);

/**
 * `db` whose transactions are counted and held until `target` are in flight at once, or until none has
 * started for a while (so a sweep that never reaches `target` still ends, and the count says so).
 */
function heldTransactions(
  db: Firestore,
  target: number,
): { db: Firestore; maxInFlight: () => number } {
  let inFlight = 0;
  let max = 0;
  let waiting: (() => void)[] = [];
  let idle: ReturnType<typeof setTimeout> | undefined;
  const release = () => {
    clearTimeout(idle);
    for (const go of waiting) go();
    waiting = [];
  };
  const held = new Proxy(db, {
    get(target_, key) {
      if (key === 'runTransaction') {
        return async (...args: Parameters<Firestore['runTransaction']>) => {
          inFlight++;
          max = Math.max(max, inFlight);
          const wait = new Promise<void>((go) => waiting.push(go));
          if (inFlight >= target) release();
          else {
            clearTimeout(idle);
            idle = setTimeout(release, 3000);
          }
          await wait;
          try {
            return await target_.runTransaction(...args);
          } finally {
            inFlight--;
          }
        };
      }
      const value = Reflect.get(target_, key, target_) as unknown;
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target_)
        : value;
    },
  });
  return { db: held, maxInFlight: () => max };
}

describe('the sweep over several pages', () => {
  it('keeps its claims in flight across pages: the next page is claimed while the last claims of one are running', async () => {
    const { db } = directProject(`claims-${randomUUID().slice(0, 6)}`);
    const uids = ['u-claims-a', 'u-claims-b'];
    const due = Date.now() - 60_000;
    await seedScheduledXPosts(db, uids, 12, 'claims', () => due);

    const held = heldTransactions(db, 6);
    const { claimed } = await publishDuePosts({
      db: held.db,
      clock: fixedClock(due + 1000),
      batchSize: 3,
      concurrency: 6,
    });

    // Pages of 3: claims of two pages were running at once.
    expect(held.maxInFlight()).toBe(6);
    expect(claimed).toHaveLength(12);
    expect(new Set(claimed).size).toBe(12);
    const posts = await readPosts(db, uids);
    expect(posts.map((p) => p.status)).toEqual(Array(12).fill('queued'));
    for (const p of posts) {
      expect(p.jobId).toBe(publishJobId(p.id));
      expect(
        (await db.doc(`${userCollectionPath(p.uid, 'jobs')}/${publishJobId(p.id)}`).get()).get(
          'status',
        ),
      ).toBe('queued');
    }
  }, 120_000);

  it('moves past a due post it cannot claim (its job id taken): failed with the reason, off the due query', async () => {
    const { db } = directProject(`claims-${randomUUID().slice(0, 6)}`);
    const uids = ['u-taken-a'];
    const due = Date.now() - 60_000;
    // The oldest due post's job id is already taken (a job made under that id by another call).
    await seedScheduledXPosts(db, uids, 3, 'taken', (i) => due + i);
    const [taken, ...others] = (await readPosts(db, uids)).sort(
      (a, b) => a.scheduledAt - b.scheduledAt,
    );
    await db
      .doc(`${userCollectionPath(taken!.uid, 'jobs')}/${publishJobId(taken!.id)}`)
      .set({ kind: 'image', status: 'running', input: {}, createdAt: new Date() });

    const first = await publishDuePosts({ db, clock: fixedClock(due + 1000), batchSize: 1 });
    expect(first.unclaimable).toEqual([taken!.path]);
    expect(first.claimed.sort()).toEqual(others.map((p) => p.path).sort());
    const failed = (await db.doc(taken!.path).get()).data()!;
    expect(failed).toMatchObject({ status: 'failed', error: unclaimableError });

    // The next sweep's due query no longer starts with it.
    const dueNow = await db
      .collectionGroup('socialPosts')
      .where('status', '==', 'scheduled')
      .where('scheduledAt', '<=', new Date(due + 1000))
      .get();
    expect(dueNow.docs.map((d) => d.ref.path)).not.toContain(taken!.path);
    expect(await publishDuePosts({ db, clock: fixedClock(due + 1000) })).toEqual({
      claimed: [],
      unclaimable: [],
    });
  });
});
