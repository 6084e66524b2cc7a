import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import pLimit from 'p-limit';
import { collections } from '@core/firestore-paths';
import type { Clock } from '../../lib/clock';
import { log } from '../../lib/log';
import { jobRef } from '../../jobs/lease';
import { newPublishJob, postConverter, publishJobId } from '../posts';
import { readAll, runTransaction } from '../../lib/transaction';

export interface PublishDuePostsDeps {
  db: Firestore;
  clock: Clock;
  /** Posts read per query page. */
  batchSize?: number;
  /** Claim transactions in flight at once. */
  concurrency?: number;
  /** Stop starting new pages after this long (the next sweep takes the rest); keeps a run inside its timeout. */
  budgetMs?: number;
  /** Wall time for the budget (the clock may be moved by a test). */
  elapsed?: () => number;
}

/** A due post the sweep could not hand to its job: failed with this, so the due query moves past it. */
export const unclaimableError = {
  code: 'internal',
  message:
    'This post could not be handed to its publish job (its job id is already taken). Use Retry to publish it.',
  retryAt: null,
};

/**
 * Claims every scheduled post that is due (also one that fell due while functions were down): in one
 * transaction per post, still 'scheduled' becomes 'queued' and its publish job (id: publishJobId) is created,
 * which the job runner then runs. Sweeps running at once contend on the same documents, so each post is
 * claimed by exactly one of them. A due post whose job id is already taken cannot be claimed: it is failed
 * with its reason (Retry gives it a job of its own), so it leaves the due query instead of staying at its
 * front, oldest first, for every later sweep. Pages of due posts are claimed until none is left or the budget
 * is spent, with up to `concurrency` claims in flight whatever the page they come from (docs/architecture.md,
 * Publishing, has the figures behind the defaults).
 */
export async function publishDuePosts(
  deps: PublishDuePostsDeps,
): Promise<{ claimed: string[]; unclaimable: string[] }> {
  const now = deps.clock.now();
  const batchSize = deps.batchSize ?? 200;
  const budgetMs = deps.budgetMs ?? 60_000;
  const startedAt = Date.now();
  const elapsed = deps.elapsed ?? (() => Date.now() - startedAt);
  const claimed: string[] = [];
  const unclaimable: string[] = [];

  async function claim(doc: QueryDocumentSnapshot): Promise<void> {
    const userRef = doc.ref.parent.parent;
    if (!userRef || userRef.parent.id !== collections.users) return;
    const job = jobRef(deps.db, userRef.id, publishJobId(doc.id));
    const outcome = await runTransaction(deps.db, async (tx) => {
      // The post and its job-to-be in one round trip.
      const [post, existing] = await readAll(tx, doc.ref.withConverter(postConverter), job);
      const scheduledAt = post?.scheduledAt;
      if (post?.status !== 'scheduled' || !scheduledAt || scheduledAt > now) return 'skipped';
      if (existing) {
        tx.update(doc.ref, { status: 'failed', error: unclaimableError, updatedAt: now });
        return 'unclaimable';
      }
      tx.update(doc.ref, { status: 'queued', jobId: job.id, updatedAt: now });
      tx.create(job, newPublishJob(doc.id, now));
      return 'claimed';
    });
    if (outcome === 'claimed') claimed.push(doc.ref.path);
    if (outcome === 'unclaimable') unclaimable.push(doc.ref.path);
  }

  // Claims stay `concurrency` in flight across pages (p-limit): the next page is read while the current one is
  // being claimed (its cursor is the page's last post, known at once), and a claim starts as soon as one ends.
  const pageAfter = (cursor?: QueryDocumentSnapshot) => {
    let query = deps.db
      .collectionGroup(collections.socialPosts)
      .where('status', '==', 'scheduled')
      .where('scheduledAt', '<=', now)
      .orderBy('scheduledAt')
      .select('scheduledAt')
      .limit(batchSize);
    if (cursor) query = query.startAfter(cursor);
    return query.get();
  };
  const limit = pLimit(deps.concurrency ?? 100);
  const claims: Promise<void>[] = [];
  let failure: { error: unknown } | undefined;
  let page = await pageAfter();
  for (;;) {
    const more = page.docs.length === batchSize && elapsed() < budgetMs;
    const next = more ? pageAfter(page.docs.at(-1)) : undefined;
    // A failed read of the next page is the sweep's failure once this page is claimed, not an unhandled rejection.
    next?.catch(() => undefined);
    // The page's claims are queued in order; the next page is taken once the last of them has started, so
    // pages are read no faster than they are claimed (and the budget is checked between them).
    let lastStarted = Promise.resolve();
    for (const doc of page.docs) {
      let started!: () => void;
      lastStarted = new Promise<void>((resolve) => (started = resolve));
      claims.push(
        limit(async () => {
          started();
          // After a failure no more claims are made (the queued ones end at once).
          if (failure) return;
          await claim(doc).catch((error: unknown) => {
            failure ??= { error };
          });
        }),
      );
    }
    await lastStarted;
    if (!next || failure) break;
    page = await next;
  }
  await Promise.all(claims);
  // A claim that failed (its transaction gave up) fails the run, as before: the next sweep takes what is left.
  if (failure) throw failure.error;
  if (claimed.length > 0)
    log.info('Due posts queued', { count: claimed.length, posts: claimed.slice(0, 20) });
  if (unclaimable.length > 0)
    log.warn('Due posts failed: their job id is taken', {
      count: unclaimable.length,
      posts: unclaimable.slice(0, 20),
    });
  return { claimed, unclaimable };
}
