import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import type { JobError } from '@core/jobs';
import type { Clock } from '../lib/clock';
import { log } from '../lib/log';
import { abandonedJobError, type RunResult } from './job-state';
import { claimJob, jobRef, JobLease, leaseMsOf, type JobHandlers } from './lease';

// Runs one job document to its end, for any kind. Safe to call more than once for the same job: a live
// lease means another run is on it, a finished job runs nothing, an expired lease is taken over and the job
// resumed by its kind's handler (./lease.ts JobHandler, registered in functions/src/job-handlers.ts).

export interface RunnerDeps {
  db: Firestore;
  clock: Clock;
  /** The kinds this runner can run, each with its run and its lease (functions/src/job-handlers.ts). */
  handlers: JobHandlers;
  newRunId?: () => string;
}

const UNAVAILABLE_KIND: JobError = {
  code: 'internal',
  message: 'This kind of generation is not available yet.',
};

export async function runJob(
  target: { uid: string; jobId: string },
  deps: RunnerDeps,
): Promise<RunResult> {
  const { uid, jobId } = target;
  const { db, clock, handlers } = deps;
  const ref = jobRef(db, uid, jobId);
  const runId = deps.newRunId?.() ?? randomUUID();
  const now = () => clock.now();

  const claim = await claimJob(
    db,
    ref,
    runId,
    now,
    (data) => leaseMsOf(handlers, data.kind),
    (tx, job) => handlers[job.data.kind]?.begin?.(tx, job) ?? Promise.resolve(undefined),
  );
  const context: Record<string, unknown> = { uid, jobId, runId };
  if (claim.action === 'skip') {
    log.info('Job not run', { ...context, reason: claim.reason });
    return { outcome: 'skipped', reason: claim.reason };
  }
  if (claim.action === 'give_up') {
    log.warn('Job failed after repeated interruptions', context);
    return { outcome: 'failed', error: abandonedJobError };
  }

  const kind = claim.data.kind;
  Object.assign(context, { kind, attempt: claim.attempt });
  const lease = new JobLease(db, ref, runId, claim.leaseMs, clock, context);
  const handler = handlers[kind];
  if (!handler) return lease.fail(UNAVAILABLE_KIND);
  return handler.run({
    db,
    clock,
    uid,
    jobId,
    runId,
    kind,
    data: claim.data,
    attempt: claim.attempt,
    lease,
    begun: claim.begun,
  });
}
