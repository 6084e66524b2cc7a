import { collection, onSnapshot, type DocumentData, type Firestore } from 'firebase/firestore';
import { useCallback } from 'react';
import type { z } from 'zod';
import { userCollectionPath, type UserCollection } from '@core/firestore-paths';
import type { QueryState } from './query-state';
import { useUserSubscription, type Subscribe } from './use-user-read';

export interface RawDoc {
  id: string;
  data: DocumentData;
}

/**
 * Reads documents keyed by a known id (a provider type, a platform) leniently: unknown ids and documents
 * the schema refuses are skipped, so one bad document never hides the others.
 */
export function parseKeyedDocs<K extends string, S extends z.ZodType, V>(docs: RawDoc[], ids: readonly K[], schema: S, toValue: (parsed: z.infer<S>) => V): Partial<Record<K, V>> {
  const out: Partial<Record<K, V>> = {};
  for (const { id, data } of docs) {
    if (!(ids as readonly string[]).includes(id)) continue;
    const parsed = schema.safeParse(data);
    if (parsed.success) out[id as K] = toValue(parsed.data);
  }
  return out;
}

/** Follows users/{uid}/{name} live; server timestamps still in flight read as the local estimate. */
export function subscribeToUserCollection<T>(db: Firestore, uid: string, name: UserCollection, toData: (docs: RawDoc[]) => T, onData: (data: T) => void, onError: (error: Error) => void): () => void {
  return onSnapshot(
    collection(db, userCollectionPath(uid, name)),
    (snap) => onData(toData(snap.docs.map((d) => ({ id: d.id, data: d.data({ serverTimestamps: 'estimate' }) })))),
    onError,
  );
}

/** The signed-in user's collection, live, as `toData` reads it; `retry` subscribes again after a failure. */
export function useLiveUserCollection<T>(name: UserCollection, toData: (docs: RawDoc[]) => T): { state: QueryState<T>; retry: () => void } {
  const subscribe = useCallback<Subscribe<T>>((db, uid, onData, onError) => subscribeToUserCollection(db, uid, name, toData, onData, onError), [name, toData]);
  return useUserSubscription(subscribe);
}
