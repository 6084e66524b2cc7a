import { randomUUID } from 'node:crypto';
import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import { collections } from '@core/firestore-paths';
import type { AbandonedEnding, JobHandler } from '../jobs/lease';
import { newPublishJob, postConverter, postRef } from './posts';
import { lookupFailedMessage, publishBegin, runPublishJob, type PublishDeps } from './publish-run';
import { MAX_PUBLISH_RESTARTS, PUBLISH_LEASE_MS, PUBLISH_START_TIMEOUT_MS } from './publish-timing';

// Publishing as a kind of job: its handler, registered in functions/src/job-handlers.ts. The lease, the
// sweep and cancelJob (functions/src/jobs/) know nothing of posts; what a publish job does with its post
// when it runs, is abandoned or is cancelled is here.

/** The 'publish' kind's handler: its run (./publish-run.ts), its short lease, and its post's end with the job's. */
export function publishJobHandler(deps: PublishDeps): JobHandler {
  return {
    // A publish run renews a shorter lease of its own (./publish-timing.ts PUBLISH_LEASE_MS).
    leaseMs: deps.leaseMs ?? PUBLISH_LEASE_MS,
    // Its trigger starts it within seconds: one still queued after a minute was lost, and is started again.
    queuedTimeoutMs: PUBLISH_START_TIMEOUT_MS,
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
        },
        deps,
      ),
    onAbandoned: (tx, job, now) => abandonPublishJob(tx, job.ref, job.input, now),
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

/**
 * The post of a publish job that nobody runs any more. While it may be started again (restarts left), a new
 * job takes it over at once: one that never reached the platform simply runs, one that may have (an attempt
 * recorded) looks the post up first and waits out the last request's lifetime, so nothing is sent twice and
 * the user sees no failure. Otherwise it fails, keeping its attempt when one was recorded (Retry looks it up
 * first). Undefined when the job has no such post (the job then ends as any other).
 */
async function abandonPublishJob(
  tx: Transaction,
  job: DocumentReference,
  input: unknown,
  now: Date,
): Promise<AbandonedEnding | undefined> {
  const postId = (input as { postId?: unknown } | undefined)?.postId;
  const userRef = job.parent.parent;
  if (typeof postId !== 'string' || !userRef) return undefined;
  const ref = userRef.collection(collections.socialPosts).doc(postId);
  const post = (await tx.get(ref.withConverter(postConverter))).data();
  if (!post || post.jobId !== job.id || (post.status !== 'queued' && post.status !== 'publishing'))
    return undefined;
  const error = post.attemptStartedAt
    ? { code: 'unknown_outcome', message: lookupFailedMessage(post.platform), retryAt: null }
    : { code: 'timeout', message: 'Publishing timed out. Please try again.', retryAt: null };
  const fail = () =>
    tx.update(ref, { status: 'failed', error, checkingUntil: null, progress: 0, updatedAt: now });
  const restarts = post.restarts;
  if (restarts >= MAX_PUBLISH_RESTARTS) return { restarted: false, write: fail };
  const restart = () => {
    const next = job.parent.doc(randomUUID());
    tx.create(next, newPublishJob(postId, now));
    tx.update(ref, {
      status: 'queued',
      jobId: next.id,
      restarts: restarts + 1,
      progress: 0,
      updatedAt: now,
    });
  };
  return { error: restartedJobError, restarted: true, write: restart };
}
