import {
  collection,
  endAt,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type Firestore,
  type Query,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { toGeneration, type Generation } from '@core/data/generation';
import { subscribeQuery } from '@core/firebase/live';
import { userCollectionPath } from '@core/firestore-paths';
import type { GenerationType } from '@core/jobs';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import {
  canLoadMore,
  feedItems,
  feedReducer,
  initialFeed,
  type FeedEvent,
  type FeedState,
} from '../utils/feed';

export const LIBRARY_PAGE_SIZE = 24;

export type TypeFilter = 'all' | GenerationType;

export type LibraryItem = Generation;

type Cursor = QueryDocumentSnapshot;

/** Newest first, optionally one type. With a type this needs the index generations (type ASC, createdAt DESC). */
export function generationsQuery(
  db: Firestore,
  uid: string,
  type: TypeFilter,
  ...constraints: QueryConstraint[]
): Query {
  const base = collection(db, userCollectionPath(uid, 'generations'));
  const filters = type === 'all' ? [] : [where('type', '==', type)];
  return query(base, ...filters, orderBy('createdAt', 'desc'), ...constraints);
}

/** One page after `after` (cursor pagination: cost and time stay flat however deep the user scrolls). */
async function fetchPage(
  db: Firestore,
  uid: string,
  type: TypeFilter,
  after: Cursor | null,
  size: number,
): Promise<{ items: Generation[]; last: Cursor | null; hasMore: boolean }> {
  const snap = await getDocs(
    generationsQuery(db, uid, type, ...(after ? [startAfter(after)] : []), limit(size)),
  );
  return {
    items: snap.docs.map((d) => toGeneration(d.id, d.data({ serverTimestamps: 'estimate' }))),
    last: snap.docs.at(-1) ?? null,
    hasMore: snap.docs.length === size,
  };
}

export interface GenerationsFeed {
  status: 'loading' | 'ready' | 'error';
  items: LibraryItem[];
  hasMore: boolean;
  loadingMore: boolean;
  error: Error | null;
  /** The last "load more" failed; `loadMore` again retries. */
  moreError: Error | null;
  loadMore: (size?: number) => void;
  /** Drops an item at once (after a successful delete), wherever it is in the loaded pages. */
  remove: (id: string) => void;
  retry: () => void;
}

const reduce = feedReducer<Generation, Cursor>(LIBRARY_PAGE_SIZE);
type Event = FeedEvent<Generation, Cursor> & { key: string };

function reducer(
  state: FeedState<Generation, Cursor>,
  event: Event | { type: 'reset'; key: string },
): FeedState<Generation, Cursor> {
  return event.type === 'reset' ? initialFeed(event.key) : reduce(state, event);
}

/** The library feed for one type filter: a live head plus older pages loaded on demand (kernel: ../utils/feed.ts). */
export function useGenerations(type: TypeFilter): GenerationsFeed {
  const uid = useAuth().user?.uid;
  const [attempt, retryCount] = useReducer((n: number) => n + 1, 0);
  const key = `${uid ?? ''}|${type}|${attempt}`;
  const [state, dispatch] = useReducer(reducer, key, (k) => initialFeed<Generation, Cursor>(k));
  const current = state.key === key ? state : initialFeed<Generation, Cursor>(key);
  const busy = useRef(false);

  useEffect(() => {
    dispatch({ type: 'reset', key });
    busy.current = false;
    if (!uid) return;
    fetchPage(getFirebase().db, uid, type, null, LIBRARY_PAGE_SIZE).then(
      (page) => dispatch({ type: 'firstPage', key, ...page }),
      (error: Error) => dispatch({ type: 'failed', key, error }),
    );
  }, [uid, type, key]);

  const { started, anchor } = current;
  useEffect(() => {
    if (!uid || !started) return;
    const q = generationsQuery(
      getFirebase().db,
      uid,
      type,
      anchor ? endAt(anchor) : limit(LIBRARY_PAGE_SIZE),
    );
    return subscribeQuery(
      q,
      toGeneration,
      (items, docs) => dispatch({ type: 'headSnapshot', key, items, last: docs.at(-1) ?? null }),
      (error) => dispatch({ type: 'failed', key, error }),
    );
  }, [uid, type, key, started, anchor]);

  const stateRef = useRef(current);
  useEffect(() => {
    stateRef.current = current;
  });
  const loadMore = useCallback(
    (size: number = LIBRARY_PAGE_SIZE) => {
      const s = stateRef.current;
      if (!uid || busy.current || s.key !== key || !canLoadMore(s) || !s.cursor) return;
      const after = s.cursor;
      busy.current = true;
      dispatch({ type: 'moreRequested', key });
      fetchPage(getFirebase().db, uid, type, after, size)
        .then(
          (page) => dispatch({ type: 'moreLoaded', key, ...page, after }),
          (error: Error) => dispatch({ type: 'moreFailed', key, error }),
        )
        .finally(() => {
          busy.current = false;
        });
    },
    [uid, type, key],
  );

  const remove = useCallback((id: string) => dispatch({ type: 'removed', key, id }), [key]);
  const items = useMemo(() => feedItems(current), [current]);
  return {
    status: current.status,
    items,
    hasMore: current.hasMore,
    loadingMore: current.loadingMore,
    error: current.error,
    moreError: current.moreError,
    loadMore,
    remove,
    retry: retryCount,
  };
}
