// The library feed's kernel: a live head (newest items down to an anchor) plus older pages fetched on
// demand, as a pure reducer. The hook in ../api/get-generations.ts feeds it Firestore results; C is the
// cursor (a document snapshot there, a plain value in tests).
//
// Rules it keeps:
// - A full first page anchors the head at its last item: new items appear on top, older pages stay put.
// - A short first page is the whole library: the head follows the newest page unanchored, and the next
//   page starts after the head's last item.
// - Once an older page is loaded the head stops sliding: it is anchored where that page started, so an
//   item pushed down by a new one can never fall between the head and the pages.
// - Items show once (head first), never after a remove, and events of a replaced feed are ignored.

export interface FeedItem {
  id: string;
}

export interface FeedState<T extends FeedItem, C> {
  key: string;
  status: 'loading' | 'ready' | 'error';
  head: T[];
  tail: T[];
  hasMore: boolean;
  loadingMore: boolean;
  error: Error | null;
  moreError: Error | null;
  removed: ReadonlySet<string>;
  /** Where the live head ends; null while it follows the newest page. */
  anchor: C | null;
  /** Where the next page starts (after this item). */
  cursor: C | null;
  /** The first page arrived: the head may subscribe. */
  started: boolean;
}

export type FeedEvent<T extends FeedItem, C> =
  | { type: 'firstPage'; items: T[]; last: C | null; hasMore: boolean }
  | { type: 'headSnapshot'; items: T[]; last: C | null }
  | { type: 'moreRequested' }
  | { type: 'moreLoaded'; items: T[]; last: C | null; hasMore: boolean; after: C }
  | { type: 'moreFailed'; error: Error }
  | { type: 'failed'; error: Error }
  | { type: 'removed'; id: string };

export function initialFeed<T extends FeedItem, C>(key: string): FeedState<T, C> {
  return {
    key,
    status: 'loading',
    head: [],
    tail: [],
    hasMore: false,
    loadingMore: false,
    error: null,
    moreError: null,
    removed: new Set(),
    anchor: null,
    cursor: null,
    started: false,
  };
}

export function feedReducer<T extends FeedItem, C>(pageSize: number) {
  return (state: FeedState<T, C>, event: FeedEvent<T, C> & { key: string }): FeedState<T, C> => {
    if (event.key !== state.key) return state;
    switch (event.type) {
      case 'firstPage':
        return {
          ...state,
          status: 'ready',
          head: event.items,
          hasMore: event.hasMore,
          anchor: event.hasMore ? event.last : null,
          cursor: event.last,
          started: true,
        };
      case 'headSnapshot':
        if (state.anchor !== null)
          return { ...state, status: 'ready', head: event.items, error: null };
        return {
          ...state,
          status: 'ready',
          head: event.items,
          error: null,
          cursor: event.last,
          hasMore: event.items.length >= pageSize,
        };
      case 'moreRequested':
        return { ...state, loadingMore: true, moreError: null };
      case 'moreLoaded':
        return {
          ...state,
          tail: [...state.tail, ...event.items],
          hasMore: event.hasMore,
          loadingMore: false,
          cursor: event.last ?? state.cursor,
          anchor: state.anchor ?? event.after,
        };
      case 'moreFailed':
        return { ...state, loadingMore: false, moreError: event.error };
      case 'failed':
        return {
          ...state,
          status: state.status === 'ready' ? 'ready' : 'error',
          error: event.error,
        };
      case 'removed':
        return { ...state, removed: new Set([...state.removed, event.id]) };
    }
  };
}

export function canLoadMore(state: FeedState<FeedItem, unknown>): boolean {
  return state.status === 'ready' && state.hasMore && !state.loadingMore && state.cursor !== null;
}

/** Head then pages, each item once, removed ones left out. */
export function feedItems<T extends FeedItem>(
  state: Pick<FeedState<T, unknown>, 'head' | 'tail' | 'removed'>,
): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of [...state.head, ...state.tail]) {
    if (seen.has(item.id) || state.removed.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out;
}
