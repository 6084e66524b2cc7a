import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { collections } from '@core/firestore-paths';
import type { Clock } from '../../lib/clock';
import { log } from '../../lib/log';
import { failedPatch, jobStateOf, QUEUED_TIMEOUT_MS, shouldSweep, staleJobError } from '../job-state';
import { lookupFailedMessage } from '../../social/publish-run';
import type { SocialPostDoc } from '../../social/posts';

export interface SweepDeps {
  db: Firestore;
  clock: Clock;
  /** Jobs looked at per query and run; the next run picks up the rest. */
  batchSize?: number;
}

/**
 * Ends jobs that nobody is running any more: 'running' with an expired lease (the run crashed or was
 * killed) and 'queued' for longer than QUEUED_TIMEOUT_MS (never picked up). Each is re-checked in a
 * transaction, so a job that a run renewed or finished meanwhile is left alone.
 */
export async function sweepStaleJobs(deps: SweepDeps): Promise<{ expired: string[] }> {
  const now = deps.clock.now();
  const limit = deps.batchSize ?? 200;
  const jobs = deps.db.collectionGroup(collections.jobs);
  const [running, queued] = await Promise.all([
    jobs.where('status', '==', 'running').where('leaseExpiresAt', '<=', now).limit(limit).get(),
    jobs
      .where('status', '==', 'queued')
      .where('createdAt', '<=', new Date(now.getTime() - QUEUED_TIMEOUT_MS))
      .limit(limit)
      .get(),
  ]);
  const expired: string[] = [];
  for (const doc of [...running.docs, ...queued.docs]) {
    if (doc.ref.parent.parent?.parent.id !== collections.users) continue;
    const ended = await deps.db.runTransaction(async (tx) => {
      const snap = await tx.get(doc.ref);
      if (!snap.exists || !shouldSweep(jobStateOf(snap.data()), now)) return false;
      // A publish job's post ends with it, read before any write (transactions read first).
      const post = snap.get('kind') === 'publish' ? await stalePostEnding(tx, doc.ref, snap.get('input'), now) : undefined;
      tx.update(doc.ref, failedPatch(now, staleJobError));
      post?.();
      return true;
    });
    if (ended) expired.push(doc.ref.path);
  }
  if (expired.length > 0) log.warn('Stale jobs ended', { count: expired.length, jobs: expired.slice(0, 20) });
  return { expired };
}

/**
 * The post of a publish job that nobody runs any more: failed, keeping its attempt when one was recorded
 * (the platform may have it; Retry looks it up first). Returns the write to apply after the job's.
 */
async function stalePostEnding(tx: Transaction, job: DocumentReference, input: unknown, now: Date): Promise<(() => void) | undefined> {
  const postId = (input as { postId?: unknown } | undefined)?.postId;
  const userRef = job.parent.parent;
  if (typeof postId !== 'string' || !userRef) return undefined;
  const ref = userRef.collection(collections.socialPosts).doc(postId);
  const post = (await tx.get(ref)).data() as SocialPostDoc | undefined;
  if (!post || post.jobId !== job.id || (post.status !== 'queued' && post.status !== 'publishing')) return undefined;
  const error = post.attemptStartedAt
    ? { code: 'unknown_outcome', message: lookupFailedMessage(post.platform), retryAt: null }
    : { code: 'timeout', message: 'Publishing timed out. Please try again.', retryAt: null };
  return () => tx.update(ref, { status: 'failed', error, progress: 0, updatedAt: now });
}
