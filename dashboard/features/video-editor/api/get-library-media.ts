import { collection, limit, onSnapshot, orderBy, query, where, type Firestore } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { userCollectionPath } from '@core/firestore-paths';
import type { GenerationType } from '@core/jobs';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import type { QueryState } from '@/lib/query-state';

// The library as the editor picks from it (spec §7: editor library reads filter by user and allowed
// types, image and video by default), newest first, live so a fresh upload shows at once.

export interface MediaAsset {
  id: string;
  type: GenerationType;
  title: string;
  url: string;
  thumbnailUrl: string | null;
  storagePath: string | null;
}

export const MEDIA_PICKER_LIMIT = 120;

export function subscribeToLibraryMedia(db: Firestore, uid: string, types: readonly GenerationType[], onData: (items: MediaAsset[]) => void, onError: (e: Error) => void): () => void {
  const q = query(collection(db, userCollectionPath(uid, 'generations')), where('type', 'in', [...types]), orderBy('createdAt', 'desc'), limit(MEDIA_PICKER_LIMIT));
  return onSnapshot(
    q,
    (snap) =>
      onData(
        snap.docs.flatMap((d) => {
          const data = d.data({ serverTimestamps: 'estimate' });
          const url = typeof data.originalUrl === 'string' ? data.originalUrl : '';
          if (!url || !types.includes(data.type)) return [];
          return [
            {
              id: d.id,
              type: data.type as GenerationType,
              title: typeof data.title === 'string' && data.title.trim() ? data.title : 'Untitled',
              url,
              thumbnailUrl: typeof data.thumbnailUrl === 'string' && data.thumbnailUrl ? data.thumbnailUrl : null,
              storagePath: typeof data.storagePath === 'string' ? data.storagePath : null,
            },
          ];
        }),
      ),
    onError,
  );
}

export function useLibraryMedia(types: readonly GenerationType[]): QueryState<MediaAsset[]> {
  const { user } = useAuth();
  const uid = user?.uid;
  const key = `${uid ?? ''}|${types.join(',')}`;
  const [state, setState] = useState<{ key: string; value: QueryState<MediaAsset[]> }>({ key: '', value: { status: 'loading' } });
  useEffect(() => {
    if (!uid) return;
    const wanted = key.split('|')[1]!.split(',') as GenerationType[];
    return subscribeToLibraryMedia(
      getFirebase().db,
      uid,
      wanted,
      (data) => setState({ key, value: { status: 'success', data } }),
      (error) => setState({ key, value: { status: 'error', error } }),
    );
  }, [uid, key]);
  return state.key === key ? state.value : { status: 'loading' };
}
