import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { isJobActive, type CancelJobResult, type JobStatus } from '@core/jobs';
import { withFallbackError } from '../../lib/callable';
import type { Clock } from '../../lib/clock';
import { log } from '../../lib/log';
import { cancelledPatch } from '../job-state';
import { jobRef } from '../runner';
import type { CallablePayload } from '@core/callables';
import { postRef } from '../../social/posts';

export interface CancelJobDeps {
  db: Firestore;
  clock: Clock;
}

/**
 * Marks the caller's queued or running job 'cancelled'; its run sees that at its next heartbeat (between
 * polls) and stops without a record. A job that already ended keeps its status, which is returned.
 */
export async function cancelJob(uid: string, data: CallablePayload<'cancelJob'>, deps: CancelJobDeps): Promise<CancelJobResult> {
  const { jobId } = data;
  return withFallbackError('Failed to process your request', { uid, jobId }, async () => {
    const ref = jobRef(deps.db, uid, jobId);
    const result = await deps.db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      if (!snap.exists) throw new HttpsError('not-found', 'This generation no longer exists.');
      const status = snap.get('status') as JobStatus;
      if (!isJobActive(status)) return { status, changed: false };
      // A publish job cancelled before its run reached the platform takes its post along.
      const postId = snap.get('kind') === 'publish' ? (snap.get('input') as { postId?: unknown } | undefined)?.postId : undefined;
      const post = typeof postId === 'string' ? postRef(deps.db, uid, postId) : undefined;
      const postData = post ? (await tx.get(post)).data() : undefined;
      const now = deps.clock.now();
      tx.update(ref, cancelledPatch(now));
      if (post && postData?.status === 'queued' && postData.jobId === jobId) tx.update(post, { status: 'cancelled', updatedAt: now });
      return { status: 'cancelled' as const, changed: true };
    });
    if (result.changed) log.info('Job cancelled', { uid, jobId });
    return { status: result.status };
  });
}
