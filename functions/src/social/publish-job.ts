import { randomUUID } from 'node:crypto';
import type { Transaction } from 'firebase-admin/firestore';
import { collections } from '@core/firestore-paths';
import { queuedJob, type AbandonedEnding, type AbandonedJob, type JobHandler } from '../jobs/lease';
import { postConverter, postRef } from './posts';
import { LOOKUP_STEP } from './publish-log';
import { lookupFailedMessage, publishBegin, runPublishJob, type PublishDeps } from './publish-run';
import {
  MAX_PUBLISH_RESTARTS,
  MAX_PUBLISH_RESTARTS_AFTER_SEND,
  PUBLISH_LEASE_MS,
  PUBLISH_LOST_START_MS,
} from './publish-timing';

// Publishing as a kind of job: its handler, registered in functions/src/job-handlers.ts. The lease, the
// sweep and cancelJob (functions/src/jobs/) know nothing of posts; what a publish job does with its post
// when it runs, is abandoned or is cancelled is here.

/** The 'publish' kind's handler: its run (./publish-run.ts), its short lease, and its post's end with the job's. */
export function publishJobHandler(deps: PublishDeps): JobHandler {
  return {
    // A publish run renews a shorter lease of its own (./publish-timing.ts PUBLISH_LEASE_MS).
    leaseMs: deps.leaseMs ?? PUBLISH_LEASE_MS,
    // Its trigger starts it within seconds, or late in a burst: a wait in its queue is not a crash, so only a
    // job never claimed for PUBLISH_LOST_START_MS is taken as lost and given a new one.
    queuedTimeoutMs: PUBLISH_LOST_START_MS,
    // The run's start (the post marked publishing) is written in the job's claim transaction.
    begin: (tx, job) => publishBegin(tx, job, deps.timing),
    run: (run) =>
      runPublishJob(
        {
          db: run.db,
          bucket: deps.bucket,
          clock: run.clock,
          uid: run.uid,
          jobId: run.jobId,
          runId: run.runId,
          lease: run.lease,
          input: run.data.input,
          begun: run.begun,
          jobCreatedAt: run.data.createdAt,
        },
        deps,
      ),
    onAbandoned: (tx, job, now) => abandonPublishJob(tx, job, now),
    onCancelled: async (tx, job, now) => {
      // A publish job cancelled before its run reached the platform takes its post along.
      const postId = (job.input as { postId?: unknown } | undefined)?.postId;
      if (typeof postId !== 'string') return undefined;
      const post = postRef(job.db, job.uid, postId);
      const data = (await tx.get(post.withConverter(postConverter))).data();
      if (data?.status !== 'queued' || data.jobId !== job.jobId) return undefined;
      return () => tx.update(post, { status: 'cancelled', updatedAt: now });
    },
  };
}

const restartedJobError = {
  code: 'restarted',
  message: 'This publish was started again after its worker was lost.',
};

const notStartedJobError = {
  code: 'restarted',
  message: 'This publish was never started by its trigger: it was given a new job.',
};

/**
 * The post of a publish job that nobody runs any more. A job never claimed (its trigger event was lost:
 * PUBLISH_LOST_START_MS, ./publish-timing.ts) is not a failed attempt: the post gets a new job and spends no
 * restart. A job whose run died (its lease lapsed) is started again while restarts are left (a post with a send
 * in its log gets more: its next run looks it up before deciding): one that never reached the platform simply
 * runs, one that may have (an attempt recorded) looks the post up first and waits out the last request's
 * lifetime, so nothing is sent twice and the user sees no failure. Every new job carries the earliest time a
 * send of the post may have left (`lookUpSince`), so its run looks the post up before any send. Otherwise the
 * post fails, keeping its attempt when one was recorded (Retry looks it up first). Undefined when the job has
 * no such post (the job then ends as any other).
 */
async function abandonPublishJob(
  tx: Transaction,
  job: AbandonedJob,
  now: Date,
): Promise<AbandonedEnding | undefined> {
  const input = job.input as { postId?: unknown; lookUpSince?: unknown } | undefined;
  const postId = input?.postId;
  const userRef = job.ref.parent.parent;
  if (typeof postId !== 'string' || !userRef) return undefined;
  const ref = userRef.collection(collections.socialPosts).doc(postId);
  const post = (await tx.get(ref.withConverter(postConverter))).data();
  if (
    !post ||
    post.jobId !== job.ref.id ||
    (post.status !== 'queued' && post.status !== 'publishing')
  )
    return undefined;
  const restarts = post.restarts;
  const sent = post.publishLog.some((e) => e.step !== LOOKUP_STEP);
  const limit = sent ? MAX_PUBLISH_RESTARTS_AFTER_SEND : MAX_PUBLISH_RESTARTS;
  if (job.claimed && restarts >= limit) {
    const error = post.attemptStartedAt
      ? { code: 'unknown_outcome', message: lookupFailedMessage(post.platform), retryAt: null }
      : { code: 'timeout', message: 'Publishing timed out. Please try again.', retryAt: null };
    const fail = () =>
      tx.update(ref, { status: 'failed', error, checkingUntil: null, progress: 0, updatedAt: now });
    return { restarted: false, write: fail };
  }
  const earlierSince = typeof input?.lookUpSince === 'number' ? input.lookUpSince : undefined;
  const lookUpSince = Math.min(earlierSince ?? Infinity, job.createdAt?.getTime() ?? now.getTime());
  const restart = () => {
    const next = job.ref.parent.doc(randomUUID());
    tx.create(next, queuedJob('publish', { postId, lookUpSince }, now));
    tx.update(ref, {
      status: 'queued',
      jobId: next.id,
      restarts: job.claimed ? restarts + 1 : restarts,
      progress: 0,
      updatedAt: now,
    });
  };
  return {
    error: job.claimed ? restartedJobError : notStartedJobError,
    restarted: true,
    write: restart,
  };
}
