import type { Firestore } from 'firebase-admin/firestore';
import { collections } from '@core/firestore-paths';
import type { Clock } from '../../lib/clock';
import { log } from '../../lib/log';
import {
  failedPatch,
  jobConverter,
  QUEUED_TIMEOUT_MS,
  shouldSweep,
  staleJobError,
  type JobState,
} from '../job-state';
import type { JobHandler, JobHandlers } from '../lease';
import { runTransaction } from '../../lib/transaction';

export interface SweepDeps {
  db: Firestore;
  clock: Clock;
  /** The registered kinds (functions/src/job-handlers.ts): each may wait queued its own time and end its own way. */
  handlers: JobHandlers;
  /** Jobs looked at per query and run; the next run picks up the rest. */
  batchSize?: number;
}

/**
 * Ends jobs that nobody is running any more: 'running' with an expired lease (the run crashed or was
 * killed) and 'queued' for longer than their kind's queued timeout (never picked up). Each is re-checked in
 * a transaction, so a job that a run renewed or finished meanwhile is left alone. A kind with an
 * `onAbandoned` handler ends its own work with the job (publishing starts its post again under a new job).
 */
export async function sweepStaleJobs(
  deps: SweepDeps,
): Promise<{ expired: string[]; restarted: string[] }> {
  const now = deps.clock.now();
  const limit = deps.batchSize ?? 200;
  const queuedTimeouts = Object.values(deps.handlers).flatMap((h) =>
    h?.queuedTimeoutMs === undefined ? [] : [h.queuedTimeoutMs],
  );
  const jobs = deps.db.collectionGroup(collections.jobs);
  const [running, queued] = await Promise.all([
    jobs.where('status', '==', 'running').where('leaseExpiresAt', '<=', now).limit(limit).get(),
    jobs
      .where('status', '==', 'queued')
      .where(
        'createdAt',
        '<=',
        new Date(now.getTime() - Math.min(QUEUED_TIMEOUT_MS, ...queuedTimeouts)),
      )
      .limit(limit)
      .get(),
  ]);
  const expired: string[] = [];
  const restarted: string[] = [];
  for (const doc of [...running.docs, ...queued.docs]) {
    if (doc.ref.parent.parent?.parent.id !== collections.users) continue;
    const ended = await runTransaction(deps.db, async (tx) => {
      const job = (await tx.get(doc.ref.withConverter(jobConverter))).data();
      if (!job) return undefined;
      const handler = deps.handlers[job.kind];
      if (!isAbandoned(job, now, handler)) return undefined;
      // The kind's own writes are read before any write (transactions read first).
      const ending = await handler?.onAbandoned?.(
        tx,
        { ref: doc.ref, input: job.input, claimed: job.attempts > 0, createdAt: job.createdAt },
        now,
      );
      tx.update(doc.ref, failedPatch(now, ending?.error ?? staleJobError));
      ending?.write();
      return ending?.restarted ? ('restarted' as const) : ('expired' as const);
    });
    if (ended === 'expired') expired.push(doc.ref.path);
    if (ended === 'restarted') restarted.push(doc.ref.path);
  }
  if (expired.length > 0)
    log.warn('Stale jobs ended', { count: expired.length, jobs: expired.slice(0, 20) });
  if (restarted.length > 0)
    log.warn('Lost jobs started again', { count: restarted.length, jobs: restarted.slice(0, 20) });
  return { expired, restarted };
}

/** A job nobody runs: its lease expired, or it waited queued longer than its kind allows (QUEUED_TIMEOUT_MS by default). */
export function isAbandoned(
  job: JobState,
  now: Date,
  handler: Pick<JobHandler, 'queuedTimeoutMs'> | undefined,
): boolean {
  return shouldSweep(job, now, handler?.queuedTimeoutMs ?? QUEUED_TIMEOUT_MS);
}
