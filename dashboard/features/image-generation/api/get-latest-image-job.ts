import { collection, limit, onSnapshot, orderBy, query, where, type Firestore } from 'firebase/firestore';
import { userCollectionPath } from '@core/firestore-paths';
import { useUserSubscription } from '@/lib/use-user-read';
import type { QueryState } from '@/lib/query-state';
import { toImageJob, type ImageJob } from './get-image-job';

/**
 * The user's newest image job, live: how the page finds a job again after a reload, or one started in
 * another tab. Needs the composite index jobs (kind ASC, createdAt DESC).
 */
export function subscribeToLatestImageJob(db: Firestore, uid: string, onData: (job: ImageJob | null) => void, onError: (error: Error) => void): () => void {
  const q = query(collection(db, userCollectionPath(uid, 'jobs')), where('kind', '==', 'image'), orderBy('createdAt', 'desc'), limit(1));
  return onSnapshot(
    q,
    (snap) => {
      const d = snap.docs[0];
      onData(d ? toImageJob(d.id, d.data({ serverTimestamps: 'estimate' })) : null);
    },
    onError,
  );
}

export function useLatestImageJob(): QueryState<ImageJob | null> {
  return useUserSubscription(subscribeToLatestImageJob).state;
}
