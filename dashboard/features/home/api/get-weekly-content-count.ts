import {
  collection,
  getCountFromServer,
  query,
  Timestamp,
  where,
  type Firestore,
} from 'firebase/firestore';
import { userCollectionPath } from '@core/firestore-paths';
import { useUserRead } from '@/lib/use-user-read';
import { startOfWeek } from '../utils/stats';
import type { QueryState } from '@core/react/use-live';

/** Generations of any type since Monday 00:00 local time: the Weekly Goals "Content Created" figure. */
export async function getWeeklyContentCount(
  db: Firestore,
  uid: string,
  now: Date,
): Promise<number> {
  const since = Timestamp.fromDate(startOfWeek(now));
  const snap = await getCountFromServer(
    query(collection(db, userCollectionPath(uid, 'generations')), where('createdAt', '>=', since)),
  );
  return snap.data().count;
}

export function useWeeklyContentCount(): QueryState<number> {
  return useUserRead(getWeeklyContentCount);
}
