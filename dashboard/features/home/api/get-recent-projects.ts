import { collection, limit, orderBy, query } from 'firebase/firestore';
import { DASHBOARD_RECENT_PROJECTS } from '@core/constants';
import { toGeneration, type Generation } from '@core/data/generation';
import { userCollectionPath } from '@core/firestore-paths';
import type { LiveState } from '@core/react/use-live';
import { useUserQuery } from '@/lib/live';

/** The newest generations, live, so a render finishing in another tab shows up here at once. */
export function useRecentProjects(count = DASHBOARD_RECENT_PROJECTS): LiveState<Generation[]> {
  return useUserQuery(
    (db, uid) =>
      query(
        collection(db, userCollectionPath(uid, 'generations')),
        orderBy('createdAt', 'desc'),
        limit(count),
      ),
    toGeneration,
  );
}
