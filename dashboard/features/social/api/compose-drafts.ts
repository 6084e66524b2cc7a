import { collection, doc, limit, orderBy, query } from 'firebase/firestore';
import { toComposeDraft, type ComposeDraft } from '@core/data/compose-draft';
import { userCollectionPath } from '@core/firestore-paths';
import type { LiveState } from '@core/react/use-live';
import { useUserDoc, useUserQuery } from '@/lib/live';

// users/{uid}/composeDrafts, live: ideas saved from the one composer. Writes go through
// core/firebase/compose-drafts.ts.

export const COMPOSE_DRAFTS_LISTED = 5;

/** The last edited Compose drafts first. */
export function useComposeDrafts(): LiveState<ComposeDraft[]> {
  return useUserQuery(
    (db, uid) =>
      query(
        collection(db, userCollectionPath(uid, 'composeDrafts')),
        orderBy('updatedAt', 'desc'),
        limit(COMPOSE_DRAFTS_LISTED),
      ),
    toComposeDraft,
  );
}

/** One Compose draft, live; a null id reads as none. */
export function useComposeDraftDoc(id: string | null): LiveState<ComposeDraft | null> {
  return useUserDoc(
    (db, uid) => (id ? doc(db, userCollectionPath(uid, 'composeDrafts'), id) : null),
    toComposeDraft,
  );
}
