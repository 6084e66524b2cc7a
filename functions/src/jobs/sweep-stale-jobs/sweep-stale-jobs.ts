import { randomUUID } from 'node:crypto';
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { collections } from '@core/firestore-paths';
import type { Clock } from '../../lib/clock';
import { log } from '../../lib/log';
import { failedPatch, jobStateOf, QUEUED_TIMEOUT_MS, shouldSweep, staleJobError, type JobState } from '../job-state';
import { lookupFailedMessage } from '../../social/publish-run';
import { MAX_PUBLISH_RESTARTS, PUBLISH_START_TIMEOUT_MS } from '../../social/publish-timing';
import { newPublishJob, type SocialPostDoc } from '../../social/posts';

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
export async function sweepStaleJobs(deps: SweepDeps): Promise<{ expired: string[]; restarted: string[] }> {
  const now = deps.clock.now();
  const limit = deps.batchSize ?? 200;
  const jobs = deps.db.collectionGroup(collections.jobs);
  const [running, queued] = await Promise.all([
    jobs.where('status', '==', 'running').where('leaseExpiresAt', '<=', now).limit(limit).get(),
    jobs
      .where('status', '==', 'queued')
      .where('createdAt', '<=', new Date(now.getTime() - Math.min(QUEUED_TIMEOUT_MS, PUBLISH_START_TIMEOUT_MS)))
      .limit(limit)
      .get(),
  ]);
  const expired: string[] = [];
  const restarted: string[] = [];
  for (const doc of [...running.docs, ...queued.docs]) {
    if (doc.ref.parent.parent?.parent.id !== collections.users) continue;
    const ended = await deps.db.runTransaction(async (tx) => {
      const snap = await tx.get(doc.ref);
      if (!snap.exists) return undefined;
      const state = jobStateOf(snap.data());
      if (snap.get('kind') === 'publish') {
        if (!shouldSweepPublish(state, now)) return undefined;
        // A publish job's post is started again or ends with it, read before any write (transactions read first).
        const post = await stalePost(tx, doc.ref, snap.get('input'), now);
        if (post?.restart) {
          tx.update(doc.ref, failedPatch(now, restartedJobError));
          post.restart();
          return 'restarted' as const;
        }
        tx.update(doc.ref, failedPatch(now, staleJobError));
        post?.fail();
        return 'expired' as const;
      }
      if (!shouldSweep(state, now)) return undefined;
      tx.update(doc.ref, failedPatch(now, staleJobError));
      return 'expired' as const;
    });
    if (ended === 'expired') expired.push(doc.ref.path);
    if (ended === 'restarted') restarted.push(doc.ref.path);
  }
  if (expired.length > 0) log.warn('Stale jobs ended', { count: expired.length, jobs: expired.slice(0, 20) });
  if (restarted.length > 0) log.warn('Lost publish jobs started again', { count: restarted.length, jobs: restarted.slice(0, 20) });
  return { expired, restarted };
}

const restartedJobError = { code: 'restarted', message: 'This publish was started again after its worker was lost.' };

/** A publish job nobody runs: its lease expired, or its trigger never started it (queued a minute). */
export function shouldSweepPublish(job: JobState, now: Date): boolean {
  if (job.status === 'queued') return !!job.createdAt && now.getTime() - job.createdAt.getTime() >= PUBLISH_START_TIMEOUT_MS;
  return shouldSweep(job, now);
}

/**
 * The post of a publish job that nobody runs any more. While it may be started again (restarts left), a new
 * job takes it over at once: one that never reached the platform simply runs, one that may have (an attempt
 * recorded) looks the post up first and waits out the last request's lifetime, so nothing is sent twice and
 * the user sees no failure. Otherwise it fails, keeping its attempt when one was recorded (Retry looks it up
 * first). Returns the writes to apply after the job's.
 */
async function stalePost(tx: Transaction, job: DocumentReference, input: unknown, now: Date): Promise<{ restart?: () => void; fail: () => void } | undefined> {
  const postId = (input as { postId?: unknown } | undefined)?.postId;
  const userRef = job.parent.parent;
  if (typeof postId !== 'string' || !userRef) return undefined;
  const ref = userRef.collection(collections.socialPosts).doc(postId);
  const post = (await tx.get(ref)).data() as SocialPostDoc | undefined;
  if (!post || post.jobId !== job.id || (post.status !== 'queued' && post.status !== 'publishing')) return undefined;
  const error = post.attemptStartedAt
    ? { code: 'unknown_outcome', message: lookupFailedMessage(post.platform), retryAt: null }
    : { code: 'timeout', message: 'Publishing timed out. Please try again.', retryAt: null };
  const fail = () => tx.update(ref, { status: 'failed', error, checkingUntil: null, progress: 0, updatedAt: now });
  const restarts = typeof post.restarts === 'number' ? post.restarts : 0;
  if (restarts >= MAX_PUBLISH_RESTARTS) return { fail };
  const restart = () => {
    const next = job.parent.doc(randomUUID());
    tx.create(next, newPublishJob(postId, now));
    tx.update(ref, { status: 'queued', jobId: next.id, restarts: restarts + 1, progress: 0, updatedAt: now });
  };
  return { restart, fail };
}
