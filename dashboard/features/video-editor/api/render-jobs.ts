import { addDoc, collection, doc, limit, onSnapshot, orderBy, query, serverTimestamp, Timestamp, updateDoc, where, type DocumentData, type Firestore } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { renderStatuses, type RenderStatus } from '@core/editor/model';
import { userCollectionPath } from '@core/firestore-paths';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import type { QueryState } from '@/lib/query-state';

// users/{uid}/renderJobs: the browser renders, so it creates and reports on its own job (rules allow
// exactly the fields below). The banner follows the project's newest job live.

export interface RenderJob {
  id: string;
  projectId: string;
  /** An unknown status is kept as is: the banner shows 'Preparing to render your video...' for it. */
  status: RenderStatus | string;
  progress: number;
  outputUrl: string | null;
  outputPath: string | null;
  error: string | null;
  createdAt: Date | null;
  updatedAt: Date | null;
}

export function toRenderJob(id: string, data: DocumentData): RenderJob {
  return {
    id,
    projectId: typeof data.projectId === 'string' ? data.projectId : '',
    status: typeof data.status === 'string' ? data.status : 'processing',
    progress: typeof data.progress === 'number' && Number.isFinite(data.progress) ? Math.min(100, Math.max(0, data.progress)) : 0,
    outputUrl: typeof data.outputUrl === 'string' && data.outputUrl ? data.outputUrl : null,
    outputPath: typeof data.outputPath === 'string' && data.outputPath ? data.outputPath : null,
    error: typeof data.error?.message === 'string' ? data.error.message : null,
    createdAt: data.createdAt instanceof Timestamp ? data.createdAt.toDate() : null,
    updatedAt: data.updatedAt instanceof Timestamp ? data.updatedAt.toDate() : null,
  };
}

export const isKnownRenderStatus = (s: string): s is RenderStatus => (renderStatuses as readonly string[]).includes(s);

/** A render reports progress every second while it runs; one silent this long had its tab closed mid-render. */
export const STALE_RENDER_MS = 5 * 60_000;

/** A processing job nobody has reported on for STALE_RENDER_MS reads as failed: it will never finish. */
export function withStaleness(job: RenderJob, now: Date): RenderJob {
  if (job.status !== 'processing' || !job.updatedAt || now.getTime() - job.updatedAt.getTime() < STALE_RENDER_MS) return job;
  return { ...job, status: 'failed', error: 'The render stopped before it finished. Please render again.' };
}

const jobs = (db: Firestore, uid: string) => collection(db, userCollectionPath(uid, 'renderJobs'));

export async function createRenderJob(db: Firestore, uid: string, projectId: string): Promise<string> {
  const ref = await addDoc(jobs(db, uid), { projectId, status: 'processing', progress: 0, createdAt: serverTimestamp(), updatedAt: serverTimestamp() });
  return ref.id;
}

export type RenderJobPatch =
  | { status: 'processing'; progress: number }
  | { status: 'completed'; outputUrl: string; outputPath: string }
  | { status: 'failed'; message: string };

export async function updateRenderJob(db: Firestore, uid: string, jobId: string, patch: RenderJobPatch): Promise<void> {
  const ref = doc(jobs(db, uid), jobId);
  const fields =
    patch.status === 'processing'
      ? { progress: Math.round(patch.progress) }
      : patch.status === 'completed'
        ? { status: 'completed', progress: 100, outputUrl: patch.outputUrl, outputPath: patch.outputPath, error: null }
        : { status: 'failed', error: { message: patch.message.slice(0, 500) } };
  await updateDoc(ref, { ...fields, updatedAt: serverTimestamp() });
}

/** The project's newest render job, live (needs the index renderJobs (projectId ASC, createdAt DESC)). */
export function useLatestRenderJob(projectId: string | null): QueryState<RenderJob | null> {
  const { user } = useAuth();
  const uid = user?.uid;
  const [state, setState] = useState<{ key: string; value: QueryState<RenderJob | null> }>({ key: '', value: { status: 'loading' } });
  const key = `${uid ?? ''}|${projectId ?? ''}`;
  useEffect(() => {
    if (!uid || !projectId) return;
    const q = query(jobs(getFirebase().db, uid), where('projectId', '==', projectId), orderBy('createdAt', 'desc'), limit(1));
    return onSnapshot(
      q,
      (snap) => {
        const d = snap.docs[0];
        setState({ key, value: { status: 'success', data: d ? toRenderJob(d.id, d.data({ serverTimestamps: 'estimate' })) : null } });
      },
      (error) => setState({ key, value: { status: 'error', error } }),
    );
  }, [uid, projectId, key]);
  if (!projectId) return { status: 'success', data: null };
  return state.key === key ? state.value : { status: 'loading' };
}
