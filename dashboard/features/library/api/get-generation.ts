import { doc } from 'firebase/firestore';
import { toGeneration, type Generation } from '@core/data/generation';
import { userCollectionPath } from '@core/firestore-paths';
import type { LiveState } from '@core/react/use-live';
import { useUserDoc } from '@/lib/live';

/** One library item by id, live (null when it does not exist); idle (loading forever) without an id. */
export function useGeneration(id: string | null): LiveState<Generation | null> {
  return useUserDoc(
    (db, uid) => (id ? doc(db, userCollectionPath(uid, 'generations'), id) : null),
    toGeneration,
  );
}
