import {
  collection,
  endAt,
  getDocs,
  limit,
  onSnapshot,
  orderBy,
  query,
  startAfter,
  Timestamp,
  where,
  type DocumentData,
  type Firestore,
  type Query,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { userCollectionPath } from '@core/firestore-paths';
import { generationTypes, type GenerationType } from '@core/jobs';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';

export const LIBRARY_PAGE_SIZE = 24;

export type TypeFilter = 'all' | GenerationType;

export interface LibraryItem {
  id: string;
  type: GenerationType;
  title: string;
  prompt: string;
  thumbnailUrl: string | null;
  originalUrl: string | null;
  contentType: string | null;
  createdAt: Date | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A generations document as the library shows it; unknown types read as images, a missing title as 'Untitled'. */
export function toLibraryItem(id: string, data: DocumentData): LibraryItem {
  const type = (generationTypes as readonly string[]).includes(data.type) ? (data.type as GenerationType) : 'image';
  return {
    id,
    type,
    title: str(data.title).trim() || 'Untitled',
    prompt: str(data.prompt),
    thumbnailUrl: str(data.thumbnailUrl) || null,
    originalUrl: str(data.originalUrl) || null,
    contentType: str(data.contentType) || null,
    createdAt: data.createdAt instanceof Timestamp ? data.createdAt.toDate() : null,
  };
}

/** Newest first, optionally one type. With a type this needs the index generations (type ASC, createdAt DESC). */
export function generationsQuery(db: Firestore, uid: string, type: TypeFilter, ...constraints: QueryConstraint[]): Query {
  const base = collection(db, userCollectionPath(uid, 'generations'));
  const filters = type === 'all' ? [] : [where('type', '==', type)];
  return query(base, ...filters, orderBy('createdAt', 'desc'), ...constraints);
}

const read = (d: QueryDocumentSnapshot) => toLibraryItem(d.id, d.data({ serverTimestamps: 'estimate' }));

export interface GenerationsPage {
  items: LibraryItem[];
  /** The cursor for the next page (startAfter). */
  last: QueryDocumentSnapshot | null;
  hasMore: boolean;
}

/** One page after `after` (cursor pagination: cost and time stay flat however deep the user scrolls). */
export async function fetchGenerationsPage(db: Firestore, uid: string, type: TypeFilter, after: QueryDocumentSnapshot | null, size = LIBRARY_PAGE_SIZE): Promise<GenerationsPage> {
  const snap = await getDocs(generationsQuery(db, uid, type, ...(after ? [startAfter(after)] : []), limit(size)));
  return { items: snap.docs.map(read), last: snap.docs.at(-1) ?? null, hasMore: snap.docs.length === size };
}

/**
 * The live head: everything from the newest item down to `anchor` (the last item of the first page). New
 * generations appear on top and deletions elsewhere vanish, while the older pages fetched after the anchor
 * stay put. With no anchor (an empty library) it follows the newest page.
 */
export function subscribeToGenerationsHead(
  db: Firestore,
  uid: string,
  type: TypeFilter,
  anchor: QueryDocumentSnapshot | null,
  onData: (items: LibraryItem[], last: QueryDocumentSnapshot | null) => void,
  onError: (error: Error) => void,
): () => void {
  const q = generationsQuery(db, uid, type, anchor ? endAt(anchor) : limit(LIBRARY_PAGE_SIZE));
  return onSnapshot(q, (snap) => onData(snap.docs.map(read), snap.docs.at(-1) ?? null), onError);
}

interface FeedState {
  key: string;
  status: 'loading' | 'ready' | 'error';
  head: LibraryItem[];
  tail: LibraryItem[];
  hasMore: boolean;
  loadingMore: boolean;
  error: Error | null;
  moreError: Error | null;
  removed: ReadonlySet<string>;
}

const initialFeed = (key: string): FeedState => ({ key, status: 'loading', head: [], tail: [], hasMore: false, loadingMore: false, error: null, moreError: null, removed: new Set() });

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

/** The library feed for one type filter: a live head plus older pages loaded on demand. */
export function useGenerations(type: TypeFilter): GenerationsFeed {
  const { user } = useAuth();
  const uid = user?.uid;
  const [attempt, setAttempt] = useState(0);
  const key = `${uid ?? ''}|${type}|${attempt}`;
  const [state, setState] = useState<FeedState>(() => initialFeed(key));
  // Cursors are Firestore snapshots: kept out of React state, tied to the feed key they belong to.
  const cursor = useRef<{ key: string; tail: QueryDocumentSnapshot | null; headLast: QueryDocumentSnapshot | null; anchored: boolean }>({ key, tail: null, headLast: null, anchored: false });
  const busy = useRef(false);

  useEffect(() => {
    if (!uid) return;
    const db = getFirebase().db;
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    cursor.current = { key, tail: null, headLast: null, anchored: false };
    busy.current = false;
    setState(initialFeed(key));
    const onError = (error: Error) => !cancelled && setState((s) => (s.key === key ? { ...s, status: s.status === 'ready' ? 'ready' : 'error', error } : s));
    fetchGenerationsPage(db, uid, type, null)
      .then((page) => {
        if (cancelled) return;
        const anchor = page.hasMore ? page.last : null;
        cursor.current = { key, tail: page.last, headLast: page.last, anchored: anchor !== null };
        setState((s) => (s.key === key ? { ...s, status: 'ready', head: page.items, hasMore: page.hasMore } : s));
        unsubscribe = subscribeToGenerationsHead(
          db,
          uid,
          type,
          // A short first page is the whole library: follow it from the top, unanchored.
          anchor,
          (items, last) => {
            if (cancelled) return;
            if (!cursor.current.anchored) {
              cursor.current.tail = last;
              cursor.current.headLast = last;
            }
            setState((s) => (s.key === key ? { ...s, status: 'ready', head: items, error: null, hasMore: cursor.current.anchored ? s.hasMore : items.length >= LIBRARY_PAGE_SIZE } : s));
          },
          onError,
        );
      })
      .catch(onError);
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [uid, type, key]);

  const loadMore = useCallback(
    (size: number = LIBRARY_PAGE_SIZE) => {
      const c = cursor.current;
      if (!uid || busy.current || c.key !== key || !c.tail) return;
      busy.current = true;
      setState((s) => (s.key === key ? { ...s, loadingMore: true, moreError: null } : s));
      fetchGenerationsPage(getFirebase().db, uid, type, c.tail, size)
        .then((page) => {
          if (cursor.current.key !== key) return;
          // Once older pages exist the head must stop sliding, so it is anchored to where the tail starts.
          cursor.current.anchored = true;
          if (page.last) cursor.current.tail = page.last;
          setState((s) => (s.key === key ? { ...s, tail: [...s.tail, ...page.items], hasMore: page.hasMore, loadingMore: false } : s));
        })
        .catch((moreError: Error) => setState((s) => (s.key === key ? { ...s, loadingMore: false, moreError } : s)))
        .finally(() => {
          if (cursor.current.key === key) busy.current = false;
        });
    },
    [uid, type, key],
  );

  const remove = useCallback((id: string) => setState((s) => ({ ...s, removed: new Set([...s.removed, id]) })), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const current = state.key === key ? state : initialFeed(key);
  const items = useMemo(() => {
    const seen = new Set<string>();
    const out: LibraryItem[] = [];
    for (const item of [...current.head, ...current.tail]) {
      if (seen.has(item.id) || current.removed.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
    return out;
  }, [current.head, current.tail, current.removed]);

  return { status: current.status, items, hasMore: current.hasMore, loadingMore: current.loadingMore, error: current.error, moreError: current.moreError, loadMore, remove, retry };
}
