import type { Firestore } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { useAuth } from './auth';
import { getFirebase } from './firebase';
import type { QueryState } from '@core/react/use-live';

/**
 * Runs a one-off read for the signed-in user (a count, an aggregate) when they sign in, and keeps its
 * state; a result arriving after unmount or a user switch is dropped. `read` must be a module-level function.
 */
export function useUserRead<T>(
  read: (db: Firestore, uid: string, now: Date) => Promise<T>,
): QueryState<T> {
  const { user } = useAuth();
  const uid = user?.uid;
  const [state, setState] = useState<QueryState<T>>({ status: 'loading' });

  useEffect(() => {
    if (!uid) return;
    let cancelled = false;
    setState({ status: 'loading' });
    read(getFirebase().db, uid, new Date()).then(
      (data) => !cancelled && setState({ status: 'success', data }),
      (error: Error) => !cancelled && setState({ status: 'error', error }),
    );
    return () => {
      cancelled = true;
    };
  }, [uid, read]);

  return state;
}
