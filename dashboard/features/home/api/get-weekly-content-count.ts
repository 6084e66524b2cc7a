import { collection, getCountFromServer, query, Timestamp, where, type Firestore } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { userCollectionPath } from '@core/firestore-paths';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import { startOfWeek } from '../utils/stats';
import type { QueryState } from './query-state';

/** Generations of any type since Monday 00:00 local time: the Weekly Goals "Content Created" figure. */
export async function getWeeklyContentCount(db: Firestore, uid: string, now: Date): Promise<number> {
  const since = Timestamp.fromDate(startOfWeek(now));
  const snap = await getCountFromServer(query(collection(db, userCollectionPath(uid, 'generations')), where('createdAt', '>=', since)));
  return snap.data().count;
}

export function useWeeklyContentCount(): QueryState<number> {
  const { user } = useAuth();
  const uid = user?.uid;
  const [state, setState] = useState<QueryState<number>>({ status: 'loading' });

  useEffect(() => {
    if (!uid) return;
    let cancelled = false;
    setState({ status: 'loading' });
    getWeeklyContentCount(getFirebase().db, uid, new Date()).then(
      (data) => !cancelled && setState({ status: 'success', data }),
      (error: Error) => !cancelled && setState({ status: 'error', error }),
    );
    return () => {
      cancelled = true;
    };
  }, [uid]);

  return state;
}
