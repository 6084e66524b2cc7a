import {
  queryEqual,
  refEqual,
  type DocumentReference,
  type Query,
  type SnapshotOptions,
} from 'firebase/firestore';
import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribeDoc, subscribeQuery, type DocConverter } from '../firebase/live';

/** What a live read gives: loading first, then the data or the error. */
export type QueryState<T> =
  { status: 'loading' } | { status: 'error'; error: Error } | { status: 'success'; data: T };

export type LiveState<T> = QueryState<T> & { retry: () => void };

/** Keeps the first of equal sources, so a query rebuilt on every render subscribes once. */
function useStable<S>(source: S | null, equal: (a: S, b: S) => boolean): S | null {
  const ref = useRef<S | null>(source);
  if (source === null || ref.current === null || !equal(ref.current, source)) ref.current = source;
  return ref.current;
}

function useLive<S, T>(
  source: S | null,
  empty: T,
  subscribe: (source: S, onData: (data: T) => void, onError: (e: Error) => void) => () => void,
): LiveState<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{
    source: S | null;
    attempt: number;
    value: QueryState<T>;
  } | null>(null);
  const subscribeRef = useRef(subscribe);
  useEffect(() => {
    subscribeRef.current = subscribe;
  });
  useEffect(() => {
    if (source === null) return;
    return subscribeRef.current(
      source,
      (data) => setState({ source, attempt, value: { status: 'success', data } }),
      (error) => setState({ source, attempt, value: { status: 'error', error } }),
    );
  }, [source, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (source === null) return { status: 'success', data: empty, retry };
  // A snapshot of another query (or of the failed attempt) never shows under this one.
  const value =
    state && state.source === source && state.attempt === attempt
      ? state.value
      : { status: 'loading' as const };
  return { ...value, retry };
}

/**
 * A query, live: loading, then every snapshot converted (one converter per document type, core/data/).
 * `q` may be rebuilt on every render: equal queries keep one listener. null reads as an empty result.
 * Unsubscribes on unmount and when the query changes.
 */
export function useLiveQuery<T>(q: Query | null, convert: DocConverter<T>): LiveState<T[]> {
  const stable = useStable<Query>(q, (a, b) => queryEqual(a, b));
  const convertRef = useRef(convert);
  useEffect(() => {
    convertRef.current = convert;
  });
  return useLive<Query, T[]>(stable, EMPTY as T[], (source, onData, onError) =>
    subscribeQuery(source, (id, data) => convertRef.current(id, data), onData, onError),
  );
}

/** A document, live: null while it does not exist. A null ref reads as null. `options`: as subscribeDoc's, fixed per call site. */
export function useLiveDoc<T>(
  ref: DocumentReference | null,
  convert: DocConverter<T>,
  options?: SnapshotOptions,
): LiveState<T | null> {
  const stable = useStable<DocumentReference>(ref, (a, b) => refEqual(a, b));
  const convertRef = useRef(convert);
  useEffect(() => {
    convertRef.current = convert;
  });
  return useLive<DocumentReference, T | null>(stable, null, (source, onData, onError) =>
    subscribeDoc(source, (id, data) => convertRef.current(id, data), onData, onError, options),
  );
}

const EMPTY: never[] = [];
