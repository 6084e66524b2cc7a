import { doc, onSnapshot, Timestamp, type DocumentData, type Firestore } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { userCollectionPath } from '@core/firestore-paths';
import { jobStatuses, type JobStatus } from '@core/jobs';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import type { QueryState } from '@/lib/query-state';
import type { PreviewJob } from '../utils/preview-view';

export interface ImageJob extends PreviewJob {
  input: Record<string, unknown>;
  createdAt: Date | null;
}

/** Reads a jobs document leniently: the function writes it, the page must never crash on an odd field. */
export function toImageJob(id: string, data: DocumentData): ImageJob {
  const status: JobStatus = (jobStatuses as readonly string[]).includes(data.status) ? data.status : 'queued';
  const input = typeof data.input === 'object' && data.input !== null ? (data.input as Record<string, unknown>) : {};
  const error =
    data.error && typeof data.error === 'object' ? { code: String(data.error.code ?? 'internal'), message: typeof data.error.message === 'string' ? data.error.message : '' } : null;
  return {
    id,
    status,
    progress: typeof data.progress === 'number' ? data.progress : 0,
    statusText: typeof data.statusText === 'string' ? data.statusText : '',
    error,
    generationId: typeof data.generationId === 'string' && data.generationId ? data.generationId : null,
    prompt: typeof input.prompt === 'string' ? input.prompt : '',
    input,
    createdAt: data.createdAt instanceof Timestamp ? data.createdAt.toDate() : null,
  };
}

export function subscribeToImageJob(db: Firestore, uid: string, jobId: string, onData: (job: ImageJob | null) => void, onError: (error: Error) => void): () => void {
  return onSnapshot(
    doc(db, userCollectionPath(uid, 'jobs'), jobId),
    (snap) => onData(snap.exists() ? toImageJob(snap.id, snap.data({ serverTimestamps: 'estimate' })) : null),
    onError,
  );
}

/** One job, followed live; loading again whenever the id changes. */
export function useImageJob(jobId: string | null): QueryState<ImageJob | null> {
  const { user } = useAuth();
  const uid = user?.uid;
  const [state, setState] = useState<{ jobId: string; value: QueryState<ImageJob | null> } | null>(null);

  useEffect(() => {
    if (!uid || !jobId) return;
    return subscribeToImageJob(
      getFirebase().db,
      uid,
      jobId,
      (data) => setState({ jobId, value: { status: 'success', data } }),
      (error) => setState({ jobId, value: { status: 'error', error } }),
    );
  }, [uid, jobId]);

  if (!jobId) return { status: 'success', data: null };
  // A snapshot of the previous job must never show under the new id.
  return state?.jobId === jobId ? state.value : { status: 'loading' };
}
