import { collection, limit, onSnapshot, orderBy, query, where, type DocumentData, type Firestore } from 'firebase/firestore';
import { RECENT_GALLERY_ITEMS } from '@core/constants';
import { userCollectionPath } from '@core/firestore-paths';
import { useUserSubscription } from '@/lib/use-user-read';
import type { QueryState } from '@/lib/query-state';

export interface RecentImage {
  id: string;
  title: string;
  prompt: string;
  imageUrl: string | null;
  originalUrl: string | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function toRecentImage(id: string, data: DocumentData): RecentImage {
  const thumb = str(data.thumbnailUrl) || null;
  const original = str(data.originalUrl) || null;
  return { id, title: str(data.title).trim() || 'Untitled', prompt: str(data.prompt), imageUrl: thumb ?? original, originalUrl: original ?? thumb };
}

/** The newest images in the library, live (a job finishing in another tab shows here too). Index: generations (type ASC, createdAt DESC). */
export function subscribeToRecentImages(db: Firestore, uid: string, onData: (items: RecentImage[]) => void, onError: (error: Error) => void): () => void {
  const q = query(collection(db, userCollectionPath(uid, 'generations')), where('type', '==', 'image'), orderBy('createdAt', 'desc'), limit(RECENT_GALLERY_ITEMS));
  return onSnapshot(q, (snap) => onData(snap.docs.map((d) => toRecentImage(d.id, d.data()))), onError);
}

export function useRecentImages(): QueryState<RecentImage[]> {
  return useUserSubscription(subscribeToRecentImages).state;
}
