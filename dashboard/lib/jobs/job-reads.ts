import { collection, doc, limit, orderBy, query, where } from 'firebase/firestore';
import { toGeneration, type Generation } from '@core/data/generation';
import { toJob, type Job } from '@core/data/job';
import { userCollectionPath } from '@core/firestore-paths';
import type { JobKind } from '@core/jobs';
import type { LiveState, QueryState } from '@core/react/use-live';
import { useUserDoc, useUserQuery } from '../live';

/** One job, live; null id reads as no job. */
export function useJob(jobId: string | null): LiveState<Job | null> {
  return useUserDoc(
    (db, uid) => (jobId ? doc(db, userCollectionPath(uid, 'jobs'), jobId) : null),
    toJob,
  );
}

/** The user's newest job of a kind, live. Index: jobs (kind ASC, createdAt DESC). */
export function useLatestJob(kind: JobKind): QueryState<Job | null> {
  const state = useUserQuery(
    (db, uid) =>
      query(
        collection(db, userCollectionPath(uid, 'jobs')),
        where('kind', '==', kind),
        orderBy('createdAt', 'desc'),
        limit(1),
      ),
    toJob,
  );
  return state.status === 'success' ? { status: 'success', data: state.data[0] ?? null } : state;
}

/** A library record, live: undefined while it loads, null when there is none (or no id). */
export function useGeneration(id: string | null): Generation | null | undefined {
  const state = useUserDoc(
    (db, uid) => (id ? doc(db, userCollectionPath(uid, 'generations'), id) : null),
    toGeneration,
  );
  if (state.status === 'loading') return undefined;
  return state.status === 'success' ? state.data : null;
}

/**
 * The newest library items a kind of job made, live: a generation page's gallery shows its own results,
 * not editor uploads or renders of the same type. Index: generations (source.kind ASC, createdAt DESC).
 */
export function useRecentGenerations(kind: JobKind, count: number): LiveState<Generation[]> {
  return useUserQuery(
    (db, uid) =>
      query(
        collection(db, userCollectionPath(uid, 'generations')),
        where('source.kind', '==', kind),
        orderBy('createdAt', 'desc'),
        limit(count),
      ),
    toGeneration,
  );
}
