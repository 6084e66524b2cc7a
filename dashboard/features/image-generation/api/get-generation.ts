import { doc, onSnapshot, type DocumentData, type Firestore } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { userCollectionPath } from '@core/firestore-paths';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import type { PreviewGeneration } from '../utils/preview-view';

const url = (v: unknown) => (typeof v === 'string' && v ? v : null);

export function toPreviewGeneration(data: DocumentData): PreviewGeneration {
  return { originalUrl: url(data.originalUrl), thumbnailUrl: url(data.thumbnailUrl), prompt: typeof data.prompt === 'string' ? data.prompt : '' };
}

export function subscribeToGeneration(db: Firestore, uid: string, id: string, onData: (g: PreviewGeneration | null) => void, onError: (error: Error) => void): () => void {
  return onSnapshot(doc(db, userCollectionPath(uid, 'generations'), id), (snap) => onData(snap.exists() ? toPreviewGeneration(snap.data()) : null), onError);
}

/** The library record a succeeded job wrote: undefined while loading, null when missing (deleted, or unreadable). */
export function useGeneration(id: string | null): PreviewGeneration | null | undefined {
  const { user } = useAuth();
  const uid = user?.uid;
  const [state, setState] = useState<{ id: string; value: PreviewGeneration | null } | null>(null);

  useEffect(() => {
    if (!uid || !id) return;
    return subscribeToGeneration(
      getFirebase().db,
      uid,
      id,
      (value) => setState({ id, value }),
      () => setState({ id, value: null }),
    );
  }, [uid, id]);

  if (!id) return null;
  return state?.id === id ? state.value : undefined;
}
