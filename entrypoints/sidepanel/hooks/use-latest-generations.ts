import { userCollectionPath } from '@core/firestore-paths';
import { collection, limit, onSnapshot, orderBy, query, type Firestore } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { SIDEPANEL_LIBRARY_ITEMS, toLibraryItem, type LibraryItem } from './library-items';

export type LatestGenerations =
  | { status: 'loading' }
  | { status: 'ready'; items: LibraryItem[] }
  | { status: 'error'; message: string };

/** The user's newest generations, live (onSnapshot). */
export function useLatestGenerations(db: Firestore, uid: string, count = SIDEPANEL_LIBRARY_ITEMS): LatestGenerations {
  const [state, setState] = useState<LatestGenerations>({ status: 'loading' });
  useEffect(() => {
    setState({ status: 'loading' });
    const latest = query(collection(db, userCollectionPath(uid, 'generations')), orderBy('createdAt', 'desc'), limit(count));
    return onSnapshot(
      latest,
      (snap) => setState({ status: 'ready', items: snap.docs.map((d) => toLibraryItem(d.id, d.data({ serverTimestamps: 'estimate' }))) }),
      (error) =>
        setState({
          status: 'error',
          message:
            error.code === 'permission-denied'
              ? "You don't have access to this library. Try signing out and in again."
              : "We couldn't load your library. Check your connection and try again.",
        }),
    );
  }, [db, uid, count]);
  return state;
}
