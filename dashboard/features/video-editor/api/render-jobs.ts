import {
  addDoc,
  collection,
  doc,
  getCountFromServer,
  limit,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { RENDER_CANCELLED_CODE, toRenderJob, type RenderJob } from '@core/data/render-job';
import { renderStatuses, type RenderStatus } from '@core/editor/model';
import { userCollectionPath } from '@core/firestore-paths';
import type { QueryState } from '@core/react/use-live';
import { useUserQuery } from '@/lib/live';

export { RENDER_CANCELLED_CODE, toRenderJob, type RenderJob };

// users/{uid}/renderJobs: the browser renders, so it creates and reports on its own job (rules allow
// exactly the fields below). The banner follows the project's newest job live.

export const isKnownRenderStatus = (s: string): s is RenderStatus =>
  (renderStatuses as readonly string[]).includes(s);

/** A render reports progress every second while it runs; one silent this long had its tab closed mid-render. */
export const STALE_RENDER_MS = 5 * 60_000;

/** A processing job nobody has reported on for STALE_RENDER_MS reads as failed: it will never finish. */
export function withStaleness(job: RenderJob, now: Date): RenderJob {
  if (
    job.status !== 'processing' ||
    !job.updatedAt ||
    now.getTime() - job.updatedAt.getTime() < STALE_RENDER_MS
  )
    return job;
  return {
    ...job,
    status: 'failed',
    error: 'The render stopped before it finished. Please render again.',
    errorCode: null,
  };
}

const jobs = (db: Firestore, uid: string) => collection(db, userCollectionPath(uid, 'renderJobs'));

export async function createRenderJob(
  db: Firestore,
  uid: string,
  projectId: string,
): Promise<string> {
  const ref = await addDoc(jobs(db, uid), {
    projectId,
    status: 'processing',
    progress: 0,
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  });
  return ref.id;
}

/**
 * How many renders of the project have finished: the next one is number this + 1 in its library title.
 * Render jobs are never deleted (firestore.rules), so a number is never given twice, even after a
 * library video is removed. Two equality filters need no composite index.
 */
export async function countCompletedRenders(
  db: Firestore,
  uid: string,
  projectId: string,
): Promise<number> {
  const snapshot = await getCountFromServer(
    query(jobs(db, uid), where('projectId', '==', projectId), where('status', '==', 'completed')),
  );
  return snapshot.data().count;
}

/** addLibraryFile's longest title (core/library-files.ts). */
const LIBRARY_TITLE_MAX = 200;

/**
 * The library title of a project's `n`th render: each render its own video, told apart by number; a
 * long project title is shortened so the number always fits.
 */
export function renderTitle(title: string, n: number): string {
  const suffix = ` (render ${n})`;
  const base = title.trim() || 'Untitled project';
  return `${base.slice(0, LIBRARY_TITLE_MAX - suffix.length).trimEnd()}${suffix}`;
}

export type RenderJobPatch =
  | { status: 'processing'; progress: number }
  | { status: 'completed'; outputUrl: string; outputPath: string }
  | { status: 'failed'; message: string; code?: typeof RENDER_CANCELLED_CODE };

export async function updateRenderJob(
  db: Firestore,
  uid: string,
  jobId: string,
  patch: RenderJobPatch,
): Promise<void> {
  const ref = doc(jobs(db, uid), jobId);
  const fields =
    patch.status === 'processing'
      ? { progress: Math.round(patch.progress) }
      : patch.status === 'completed'
        ? {
            status: 'completed',
            progress: 100,
            outputUrl: patch.outputUrl,
            outputPath: patch.outputPath,
            error: null,
          }
        : {
            status: 'failed',
            error: {
              ...(patch.code ? { code: patch.code } : {}),
              message: patch.message.slice(0, 500),
            },
          };
  await updateDoc(ref, { ...fields, updatedAt: serverTimestamp() });
}

/** The project's newest render job, live (needs the index renderJobs (projectId ASC, createdAt DESC)). */
export function useLatestRenderJob(projectId: string | null): QueryState<RenderJob | null> {
  const state = useUserQuery(
    (db, uid) =>
      projectId
        ? query(
            jobs(db, uid),
            where('projectId', '==', projectId),
            orderBy('createdAt', 'desc'),
            limit(1),
          )
        : null,
    toRenderJob,
  );
  return state.status === 'success' ? { status: 'success', data: state.data[0] ?? null } : state;
}
