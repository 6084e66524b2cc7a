import { describe, expect, it } from 'vitest';
import {
  canLoadMore,
  feedItems,
  feedReducer,
  initialFeed,
  type FeedEvent,
  type FeedState,
} from './feed';

// The feed kernel driven against a simulated collection, newest first. Cursors are item ids; the head
// query is "down to the anchor" or "the newest page", as ../api/get-generations.ts builds it.

const PAGE = 3;
type Item = { id: string };
type State = FeedState<Item, string>;
const reduce = feedReducer<Item, string>(PAGE);

class Library {
  items: Item[];
  state: State = initialFeed('k');
  constructor(count: number) {
    this.items = Array.from({ length: count }, (_, i) => ({ id: `old${count - i}` }));
  }
  private send(event: FeedEvent<Item, string>, key = 'k') {
    this.state = reduce(this.state, { ...event, key });
  }
  private after(id: string | null, size: number) {
    const from = id === null ? 0 : this.items.findIndex((i) => i.id === id) + 1;
    const items = this.items.slice(from, from + size);
    return { items, last: items.at(-1)?.id ?? null, hasMore: items.length === size };
  }
  /** What the live head's query returns now. */
  private headSnapshot() {
    const { anchor } = this.state;
    const items =
      anchor === null
        ? this.items.slice(0, PAGE)
        : this.items.slice(0, this.items.findIndex((i) => i.id === anchor) + 1);
    this.send({ type: 'headSnapshot', items, last: items.at(-1)?.id ?? null });
  }
  open() {
    this.send({ type: 'firstPage', ...this.after(null, PAGE) });
    this.headSnapshot();
    return this;
  }
  add(id: string) {
    this.items.unshift({ id });
    this.headSnapshot();
    return this;
  }
  delete(id: string) {
    this.items = this.items.filter((i) => i.id !== id);
    this.headSnapshot();
    return this;
  }
  loadMore() {
    if (!canLoadMore(this.state)) return this;
    const after = this.state.cursor!;
    this.send({ type: 'moreRequested' });
    this.send({ type: 'moreLoaded', ...this.after(after, PAGE), after });
    // A new anchor re-subscribes the head.
    this.headSnapshot();
    return this;
  }
  shown() {
    return feedItems(this.state).map((i) => i.id);
  }
}

describe('the library feed', () => {
  it('shows the first page, then older pages in order until the end', () => {
    const lib = new Library(7).open();
    expect(lib.shown()).toEqual(['old7', 'old6', 'old5']);
    expect(lib.loadMore().loadMore().shown()).toEqual([
      'old7',
      'old6',
      'old5',
      'old4',
      'old3',
      'old2',
      'old1',
    ]);
    expect(lib.state.hasMore).toBe(false);
  });

  it('anchors the head at the end of a full first page, so new items go on top and nothing is skipped', () => {
    const lib = new Library(7).open();
    expect(lib.state.anchor).toBe('old5');
    lib.add('new1').add('new2').loadMore();
    expect(lib.shown()).toEqual(['new2', 'new1', 'old7', 'old6', 'old5', 'old4', 'old3', 'old2']);
  });

  it('follows a short library unanchored and loads what grew past the first page', () => {
    const lib = new Library(2).open();
    expect(lib.state).toMatchObject({ anchor: null, hasMore: false });
    lib.add('new1').add('new2');
    // The newest page slid: old1 left the head, and "more" starts right after what is shown.
    expect(lib.shown()).toEqual(['new2', 'new1', 'old2']);
    expect(lib.state).toMatchObject({ hasMore: true, cursor: 'old2' });
    expect(lib.loadMore().shown()).toEqual(['new2', 'new1', 'old2', 'old1']);
  });

  it('stops the head sliding once an older page is loaded: an item pushed down never falls between head and pages', () => {
    const lib = new Library(2).open().add('new1').add('new2').loadMore();
    expect(lib.state.anchor).toBe('old2');
    lib.add('new3');
    expect(lib.shown()).toEqual(['new3', 'new2', 'new1', 'old2', 'old1']);
  });

  it('drops deleted items from the head, and removed items wherever they are', () => {
    const lib = new Library(7).open().loadMore().delete('old6');
    expect(lib.shown()).toEqual(['old7', 'old5', 'old4', 'old3', 'old2']);
    lib.state = reduce(lib.state, { type: 'removed', id: 'old3', key: 'k' });
    expect(lib.shown()).toEqual(['old7', 'old5', 'old4', 'old2']);
  });

  it('shows an item once when it is both in the head and a loaded page', () => {
    expect(
      feedItems({
        head: [{ id: 'a' }, { id: 'b' }],
        tail: [{ id: 'b' }, { id: 'c' }],
        removed: new Set(),
      }).map((i) => i.id),
    ).toEqual(['a', 'b', 'c']);
  });

  it('ignores events of a feed that was replaced (another filter, user or retry)', () => {
    const state = initialFeed<Item, string>('new-key');
    expect(
      reduce(state, {
        type: 'firstPage',
        items: [{ id: 'x' }],
        last: 'x',
        hasMore: false,
        key: 'old-key',
      }),
    ).toBe(state);
  });

  it('keeps showing what it has when the live head fails later, and shows the error when nothing loaded', () => {
    const lib = new Library(7).open();
    expect(
      reduce(lib.state, { type: 'failed', error: new Error('offline'), key: 'k' }),
    ).toMatchObject({ status: 'ready', head: lib.state.head });
    expect(
      reduce(initialFeed('k'), { type: 'failed', error: new Error('denied'), key: 'k' }),
    ).toMatchObject({ status: 'error' });
  });

  it('loads more only when ready, with more to load and nothing in flight; a failed page can be retried', () => {
    const lib = new Library(7).open();
    expect(canLoadMore(initialFeed('k'))).toBe(false);
    const requested = reduce(lib.state, { type: 'moreRequested', key: 'k' });
    expect(canLoadMore(requested)).toBe(false);
    const failed = reduce(requested, { type: 'moreFailed', error: new Error('offline'), key: 'k' });
    expect(failed).toMatchObject({ loadingMore: false, moreError: { message: 'offline' } });
    expect(canLoadMore(failed)).toBe(true);
  });
});
