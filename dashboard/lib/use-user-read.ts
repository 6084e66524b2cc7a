import type { Firestore } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { useAuth } from './auth';
import { getFirebase } from './firebase';
import type { QueryState } from './query-state';

/**
 * Runs a one-off read for the signed-in user (a count, an aggregate) when they sign in, and keeps its
 * state; a result arriving after unmount or a user switch is dropped. `read` must be a module-level function.
 */
export function useUserRead<T>(read: (db: Firestore, uid: string, now: Date) => Promise<T>): QueryState<T> {
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

export type Subscribe<T> = (db: Firestore, uid: string, onData: (data: T) => void, onError: (error: Error) => void) => () => void;

/**
 * Follows a live query of the signed-in user (onSnapshot behind `subscribe`) and keeps its state;
 * `retry` subscribes again after a failure. `subscribe` must be a module-level function.
 */
export function useUserSubscription<T>(subscribe: Subscribe<T>): { state: QueryState<T>; retry: () => void } {
  const { user } = useAuth();
  const uid = user?.uid;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<QueryState<T>>({ status: 'loading' });

  useEffect(() => {
    if (!uid) return;
    setState({ status: 'loading' });
    return subscribe(
      getFirebase().db,
      uid,
      (data) => setState({ status: 'success', data }),
      (error) => setState({ status: 'error', error }),
    );
  }, [uid, subscribe, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
