import { collection, limit, onSnapshot, orderBy, query, Timestamp, type DocumentData, type Firestore } from 'firebase/firestore';
import { DASHBOARD_RECENT_PROJECTS } from '@core/constants';
import { userCollectionPath } from '@core/firestore-paths';
import { generationTypes, type GenerationType } from '@core/schemas';
import { useUserSubscription } from '@/lib/use-user-read';
import type { QueryState } from '@/lib/query-state';

export interface RecentProject {
  id: string;
  type: GenerationType;
  title: string;
  thumbnailUrl: string | null;
  createdAt: Date | null;
}

/** A generations document as the dashboard shows it; unknown types read as images, missing titles as 'Untitled'. */
export function toRecentProject(id: string, data: DocumentData): RecentProject {
  const type = (generationTypes as readonly string[]).includes(data.type) ? (data.type as GenerationType) : 'image';
  const title = typeof data.title === 'string' && data.title.trim() ? data.title.trim() : 'Untitled';
  const thumbnailUrl = typeof data.thumbnailUrl === 'string' && data.thumbnailUrl ? data.thumbnailUrl : null;
  const createdAt = data.createdAt instanceof Timestamp ? data.createdAt.toDate() : null;
  return { id, type, title, thumbnailUrl, createdAt };
}

/** The newest generations, live, so a render finishing in another tab shows up here at once. */
export function subscribeToRecentProjects(
  db: Firestore,
  uid: string,
  onData: (projects: RecentProject[]) => void,
  onError: (error: Error) => void,
  count = DASHBOARD_RECENT_PROJECTS,
): () => void {
  const q = query(collection(db, userCollectionPath(uid, 'generations')), orderBy('createdAt', 'desc'), limit(count));
  return onSnapshot(
    q,
    // Server timestamps read as null until the write lands; estimate them so new items sort and date correctly.
    (snap) => onData(snap.docs.map((d) => toRecentProject(d.id, d.data({ serverTimestamps: 'estimate' })))),
    onError,
  );
}

export function useRecentProjects(): QueryState<RecentProject[]> {
  return useUserSubscription(subscribeToRecentProjects).state;
}
