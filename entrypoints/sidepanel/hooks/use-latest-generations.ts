import { toGeneration } from '@core/data/generation';
import { userCollectionPath } from '@core/firestore-paths';
import { useLiveQuery } from '@core/react/use-live';
import { collection, limit, orderBy, query, type Firestore } from 'firebase/firestore';
import { useMemo } from 'react';
import { SIDEPANEL_LIBRARY_ITEMS, toPanelItem, type LibraryItem } from './library-items';

export type LatestGenerations =
  | { status: 'loading' }
  | { status: 'ready'; items: LibraryItem[] }
  | { status: 'error'; message: string };

/** The user's newest generations, live (core/react/use-live.ts). */
export function useLatestGenerations(
  db: Firestore,
  uid: string,
  count = SIDEPANEL_LIBRARY_ITEMS,
): LatestGenerations {
  const state = useLiveQuery(
    query(
      collection(db, userCollectionPath(uid, 'generations')),
      orderBy('createdAt', 'desc'),
      limit(count),
    ),
    toGeneration,
  );
  const data = state.status === 'success' ? state.data : null;
  const items = useMemo(() => data?.map(toPanelItem) ?? null, [data]);
  if (items) return { status: 'ready', items };
  if (state.status !== 'error') return { status: 'loading' };
  const denied = (state.error as { code?: string }).code === 'permission-denied';
  return {
    status: 'error',
    message: denied
      ? "You don't have access to this library. Try signing out and in again."
      : "We couldn't load your library. Check your connection and try again.",
  };
}
