import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { isJobActive, type CancelJobResult } from '@core/jobs';
import { withFallbackError } from '../../lib/callable';
import type { Clock } from '../../lib/clock';
import { log } from '../../lib/log';
import { cancelledPatch, jobConverter } from '../job-state';
import { jobRef, type JobHandlers } from '../lease';
import type { CallablePayload } from '@core/callables';
import { runTransaction } from '../../lib/transaction';

export interface CancelJobDeps {
  db: Firestore;
  clock: Clock;
  /** The registered kinds (functions/src/job-handlers.ts): a kind's `onCancelled` ends its own work with the job. */
  handlers: JobHandlers;
}

/**
 * Marks the caller's queued or running job 'cancelled'; its run sees that at its next heartbeat (between
 * polls) and stops without a record. A job that already ended keeps its status, which is returned.
 */
export async function cancelJob(
  uid: string,
  data: CallablePayload<'cancelJob'>,
  deps: CancelJobDeps,
): Promise<CancelJobResult> {
  const { jobId } = data;
  return withFallbackError('Failed to process your request', { uid, jobId }, async () => {
    const ref = jobRef(deps.db, uid, jobId);
    const result = await runTransaction(deps.db, async (tx) => {
      const job = (await tx.get(ref.withConverter(jobConverter))).data();
      if (!job) throw new HttpsError('not-found', 'This generation no longer exists.');
      const { status } = job;
      if (!isJobActive(status)) return { status, changed: false };
      const now = deps.clock.now();
      // The kind's own writes (a publish job takes its post along) are read before any write.
      const alongside = await deps.handlers[job.kind]?.onCancelled?.(
        tx,
        { db: deps.db, uid, jobId, input: job.input },
        now,
      );
      tx.update(ref, cancelledPatch(now));
      alongside?.();
      return { status: 'cancelled' as const, changed: true };
    });
    if (result.changed) log.info('Job cancelled', { uid, jobId });
    return { status: result.status };
  });
}
