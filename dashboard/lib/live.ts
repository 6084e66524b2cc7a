import {
  collection,
  type DocumentReference,
  type Firestore,
  type Query,
  type SnapshotOptions,
} from 'firebase/firestore';
import { useEffect, useMemo, useRef } from 'react';
import type { RawDoc } from '@core/data/statuses';
import { userCollectionPath, type UserCollection } from '@core/firestore-paths';
import { useLiveDoc, useLiveQuery, type LiveState, type QueryState } from '@core/react/use-live';
import type { DocConverter } from '@core/firebase/live';
import { useAuth } from './auth';
import { getFirebase } from './firebase';

// The signed-in user's data, live: core/react/use-live.ts bound to the dashboard's session and Firestore.
// `build` runs on every render; equal queries keep one listener (docs/architecture.md, "Reading data").

const LOADING = { status: 'loading' } as const;

export function useUserQuery<T>(
  build: (db: Firestore, uid: string) => Query | null,
  convert: DocConverter<T>,
): LiveState<T[]> {
  const uid = useAuth().user?.uid;
  const state = useLiveQuery(uid ? build(getFirebase().db, uid) : null, convert);
  return uid ? state : { ...LOADING, retry: state.retry };
}

export function useUserDoc<T>(
  build: (db: Firestore, uid: string) => DocumentReference | null,
  convert: DocConverter<T>,
  options?: SnapshotOptions,
): LiveState<T | null> {
  const uid = useAuth().user?.uid;
  const state = useLiveDoc(uid ? build(getFirebase().db, uid) : null, convert, options);
  return uid ? state : { ...LOADING, retry: state.retry };
}

const rawDoc = (id: string, data: unknown): RawDoc => ({ id, data });

/**
 * A whole small collection of the user's, read as one value (documents keyed by a known id, like the
 * integration statuses): `read` gets every document, and runs again only when a snapshot arrives.
 */
export function useUserCollection<T>(
  name: UserCollection,
  read: (docs: readonly RawDoc[]) => T,
): { state: QueryState<T>; retry: () => void } {
  const live = useUserQuery((db, uid) => collection(db, userCollectionPath(uid, name)), rawDoc);
  const docs = live.status === 'success' ? live.data : null;
  const readRef = useRef(read);
  useEffect(() => {
    readRef.current = read;
  });
  const value = useMemo(() => (docs ? { data: readRef.current(docs) } : null), [docs]);
  return {
    state: value
      ? { status: 'success', data: value.data }
      : live.status === 'error'
        ? { status: 'error', error: live.error }
        : LOADING,
    retry: live.retry,
  };
}
