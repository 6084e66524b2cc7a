import { storedJobSchema, type StoredJob } from '@core/data/job';
import { isJobActive, type JobDoc, type JobError, type JobKind } from '@core/jobs';
import { adminConverter } from '../lib/converter';

// The job state machine as pure decisions and patches: the runner, the sweep and
// cancelJob apply them inside Firestore transactions.
//
//   queued --claim--> running --succeed--> succeeded
//     |                 |  \--fail------> failed
//     |                 |---cancelJob---> cancelled
//     \--(sweep: never claimed)--> failed (timeout)     running --(sweep: lease expired)--> failed (timeout)
//
// A running job holds a lease that its run renews while it works. A delivery that finds a live lease runs
// nothing (duplicate delivery); one that finds an expired lease takes the job over (the earlier run
// crashed) and resumes it; a run that lost its lease writes nothing more.

/** How long a run may go without a heartbeat before the job counts as abandoned. */
export const JOB_LEASE_MS = 3 * 60_000;
/** Claims before a job that keeps crashing its run is failed instead of run again. */
export const MAX_JOB_ATTEMPTS = 3;
/** A job still queued this long after it was created was never picked up. */
export const QUEUED_TIMEOUT_MS = 5 * 60_000;

export const staleJobError: JobError = {
  code: 'timeout',
  message: 'Generation timed out. Please try again.',
};
export const abandonedJobError: JobError = {
  code: 'internal',
  message: 'Generation was interrupted too many times. Please try again.',
};
export const cancelledJobError: JobError = { code: 'cancelled', message: 'Generation cancelled.' };

/** Reads a job through its core schema (core/data/job.ts): `(await tx.get(ref.withConverter(jobConverter))).data()`. */
export const jobConverter = adminConverter(storedJobSchema);

/** The fields of a job document the decisions read (timestamps as Dates). */
export type JobState = Pick<
  StoredJob,
  'status' | 'attempts' | 'leaseExpiresAt' | 'runId' | 'createdAt'
>;

/** How one run of a job ended: generation and publish handlers both answer with it. */
export type RunResult =
  | { outcome: 'succeeded'; generationId: string | null; resumed: boolean }
  | { outcome: 'published'; postId: string; platformPostId: string; url: string }
  | { outcome: 'failed'; error: JobError }
  | { outcome: 'skipped'; reason: 'missing' | 'finished' | 'busy' }
  | { outcome: 'stopped'; reason: 'cancelled' | 'finished' | 'lost' };

export type ClaimDecision =
  | { action: 'claim'; resumed: boolean }
  | { action: 'skip'; reason: 'finished' | 'busy' }
  | { action: 'give_up' };

export function decideClaim(job: JobState, now: Date): ClaimDecision {
  if (!isJobActive(job.status)) return { action: 'skip', reason: 'finished' };
  if (job.status === 'running' && job.leaseExpiresAt && job.leaseExpiresAt > now)
    return { action: 'skip', reason: 'busy' };
  if (job.attempts >= MAX_JOB_ATTEMPTS) return { action: 'give_up' };
  return { action: 'claim', resumed: job.status === 'running' };
}

export type Ownership =
  { owned: true } | { owned: false; reason: 'cancelled' | 'finished' | 'lost' };

/** Whether the run `runId` may still write to the job (a job that is gone is finished). */
export function checkOwnership(job: JobState | undefined, runId: string): Ownership {
  if (!job) return { owned: false, reason: 'finished' };
  if (job.status === 'cancelled') return { owned: false, reason: 'cancelled' };
  if (job.status !== 'running') return { owned: false, reason: 'finished' };
  if (job.runId !== runId) return { owned: false, reason: 'lost' };
  return { owned: true };
}

/** Whether nobody runs the job any more: its lease expired, or it was never claimed within `queuedTimeoutMs` (its kind's, ./lease.ts). */
export function shouldSweep(
  job: JobState,
  now: Date,
  queuedTimeoutMs: number = QUEUED_TIMEOUT_MS,
): boolean {
  if (job.status === 'running') return !job.leaseExpiresAt || job.leaseExpiresAt <= now;
  if (job.status === 'queued')
    return !!job.createdAt && now.getTime() - job.createdAt.getTime() >= queuedTimeoutMs;
  return false;
}

export function claimPatch(
  job: JobState,
  runId: string,
  now: Date,
  leaseMs: number,
  resumed: boolean,
) {
  return {
    status: 'running' as const,
    attempts: job.attempts + 1,
    runId,
    leaseExpiresAt: new Date(now.getTime() + leaseMs),
    statusText: resumed ? 'Resuming' : 'Starting',
    updatedAt: now,
    ...(resumed ? {} : { startedAt: now }),
  };
}

export function heartbeatPatch(
  now: Date,
  leaseMs: number,
  report: { progress?: number; statusText?: string },
) {
  return {
    leaseExpiresAt: new Date(now.getTime() + leaseMs),
    updatedAt: now,
    ...(report.progress === undefined
      ? {}
      : { progress: Math.max(0, Math.min(100, Math.round(report.progress))) }),
    ...(report.statusText === undefined ? {} : { statusText: report.statusText }),
  };
}

/** A job that makes no library record (a transcription) has no generationId: its answer is `result`. */
export function succeededPatch(now: Date, generationId: string | null) {
  return {
    status: 'succeeded' as const,
    progress: 100,
    statusText: 'Done',
    generationId,
    error: null,
    leaseExpiresAt: null,
    finishedAt: now,
    updatedAt: now,
  };
}

export function failedPatch(now: Date, error: JobError) {
  return {
    status: 'failed' as const,
    statusText: 'Failed',
    error,
    leaseExpiresAt: null,
    finishedAt: now,
    updatedAt: now,
  };
}

export function cancelledPatch(now: Date) {
  return {
    status: 'cancelled' as const,
    statusText: 'Cancelled',
    error: cancelledJobError,
    leaseExpiresAt: null,
    finishedAt: now,
    updatedAt: now,
  };
}

/** A new job as startJob, publishPost and the scheduler create it: queued, unclaimed, with its input. */
export function queuedJob(kind: JobKind, input: Record<string, unknown>, now: Date): JobDoc<Date> {
  return {
    kind,
    status: 'queued',
    input,
    progress: 0,
    statusText: 'Queued',
    providerJobId: null,
    providerPollingUrl: null,
    submittedAt: null,
    generationId: null,
    error: null,
    attempts: 0,
    leaseExpiresAt: null,
    runId: null,
    startedAt: null,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
  };
}
