import { collection, doc, limit, orderBy, query, where } from 'firebase/firestore';
import { toDraft, type Draft, type DraftPlatform } from '@core/data/draft';
import { userCollectionPath } from '@core/firestore-paths';
import type { LiveState } from '@core/react/use-live';
import { useUserDoc, useUserQuery } from '@/lib/live';

// users/{uid}/drafts, live: the posts being written here or in the side panel. Writes go through
// core/firebase/drafts.ts, shared with the panel.

export const DRAFTS_LISTED = 5;

/** A platform's drafts, last edited first. Index: drafts (platform ASC, updatedAt DESC). */
export function usePlatformDrafts(platform: DraftPlatform): LiveState<Draft[]> {
  return useUserQuery(
    (db, uid) =>
      query(
        collection(db, userCollectionPath(uid, 'drafts')),
        where('platform', '==', platform),
        orderBy('updatedAt', 'desc'),
        limit(DRAFTS_LISTED),
      ),
    toDraft,
  );
}

/** One draft, live; a null id reads as none. */
export function useDraftDoc(id: string | null): LiveState<Draft | null> {
  return useUserDoc(
    (db, uid) => (id ? doc(db, userCollectionPath(uid, 'drafts'), id) : null),
    toDraft,
  );
}
