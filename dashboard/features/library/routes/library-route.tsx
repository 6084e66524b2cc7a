import { Clapperboard, FolderOpen, Loader2, Plus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@core/routes';
import { Button, buttonClasses } from '@core/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useNow } from '@/lib/use-now';
import { useGeneration } from '../api/get-generation';
import {
  LIBRARY_PAGE_SIZE,
  useGenerations,
  type LibraryItem,
  type TypeFilter,
} from '../api/get-generations';
import { DeleteProjectDialog } from '../components/delete-project-dialog';
import { LibraryGrid } from '../components/library-grid';
import { LibrarySkeletons } from '../components/library-skeletons';
import { ProjectCard } from '../components/project-card';
import { LibraryToolbar, TYPE_FILTERS } from '../components/library-toolbar';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useLibraryDownload } from '../hooks/use-library-download';
import { matchesSearch, searchTerms } from '../utils/search';

// Search runs in the browser over the loaded pages (Firestore has no substring search). While a search is
// active the page keeps fetching older pages, in bigger batches, until a screenful matches or the library
// is exhausted, so a match on page 300 is still found.
const SEARCH_PAGE_SIZE = 100;

function parseType(raw: string | null): TypeFilter {
  return TYPE_FILTERS.some((f) => f.value === raw) ? (raw as TypeFilter) : 'all';
}

/** True while `ref`'s element is within `margin` of the viewport. */
function useNearViewport(ref: React.RefObject<HTMLElement | null>, margin = '800px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      ([entry]) => setNear(entry?.isIntersecting ?? false),
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, margin]);
  return near;
}

/** Item ids are Firestore document ids: anything else in ?item= is ignored. */
function parseItemId(raw: string | null): string | null {
  return raw && /^[\w-]{1,128}$/.test(raw) ? raw : null;
}

export function LibraryRoute() {
  const [params, setParams] = useSearchParams();
  const type = parseType(params.get('type'));
  // ?item=<id>: the exact item a link points at (the extension's "Open in dashboard"), shown above the feed.
  const itemId = parseItemId(params.get('item'));
  const linked = useGeneration(itemId);
  const now = useNow(60_000, itemId != null);
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const debounced = useDebouncedValue(search, 250);
  const terms = useMemo(() => searchTerms(debounced), [debounced]);
  const searching = terms.length > 0;
  const feed = useGenerations(type);
  const { download, pendingId } = useLibraryDownload();
  const [deleteTarget, setDeleteTarget] = useState<LibraryItem | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const nearEnd = useNearViewport(sentinel);

  // The search and filter live in the URL, so a reload or a shared link shows the same view.
  useEffect(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (debounced.trim()) next.set('q', debounced.trim());
        else next.delete('q');
        return next.toString() === prev.toString() ? prev : next;
      },
      { replace: true },
    );
  }, [debounced, setParams]);

  const setType = (value: TypeFilter) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'all') next.delete('type');
        else next.set('type', value);
        return next;
      },
      { replace: true },
    );

  const visible = useMemo(
    () => (searching ? feed.items.filter((item) => matchesSearch(item, terms)) : feed.items),
    [feed.items, terms, searching],
  );

  const { status, hasMore, loadingMore, moreError, loadMore } = feed;
  const wantMore =
    status === 'ready' &&
    hasMore &&
    !loadingMore &&
    !moreError &&
    (nearEnd || (searching && visible.length < LIBRARY_PAGE_SIZE));
  useEffect(() => {
    if (wantMore) loadMore(searching ? SEARCH_PAGE_SIZE : LIBRARY_PAGE_SIZE);
  }, [wantMore, searching, loadMore, feed.items.length]);

  const onDelete = useCallback((item: LibraryItem) => {
    setDeleteTarget(item);
    setDeleteOpen(true);
  }, []);
  const onDownload = useCallback((item: LibraryItem) => void download(item), [download]);

  const showAll = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('item');
        return next;
      },
      { replace: true },
    );

  const stillSearching = searching && (hasMore || loadingMore) && !moreError;
  const filtered = searching || type !== 'all';
  const clearFilters = () => {
    setSearch('');
    setType('all');
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Library"
        description="Everything you've generated, newest first."
        actions={
          <>
            <Link to={`${paths.createEditor}#projects`} className={buttonClasses('outline')}>
              <Clapperboard aria-hidden="true" />
              Video Projects
            </Link>
            <Link to={paths.create} className={buttonClasses('default')}>
              <Plus aria-hidden="true" />
              New Project
            </Link>
          </>
        }
      />
      {itemId && (
        <section
          aria-labelledby="linked-item-heading"
          className="space-y-3 rounded-xl border border-primary/40 p-4"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id="linked-item-heading" className="text-sm font-semibold">
              Linked project
            </h2>
            <Button variant="ghost" size="sm" onClick={showAll}>
              Close
            </Button>
          </div>
          {linked.status === 'loading' ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading the project…
            </p>
          ) : linked.status === 'error' || !linked.data ? (
            <p className="text-sm text-muted-foreground">
              This project is no longer in your library.
            </p>
          ) : (
            <div className="max-w-sm">
              <ProjectCard
                item={linked.data}
                now={now}
                downloading={pendingId === linked.data.id}
                onDownload={onDownload}
                onDelete={onDelete}
              />
            </div>
          )}
        </section>
      )}
      <div className="space-y-3">
        <LibraryToolbar search={search} onSearch={setSearch} type={type} onType={setType} />
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {status !== 'ready' || !searching
            ? ''
            : stillSearching
              ? `Searching your library… ${feed.items.length.toLocaleString()} projects checked, ${visible.length.toLocaleString()} found so far`
              : `${visible.length.toLocaleString()} ${visible.length === 1 ? 'project matches' : 'projects match'} “${debounced.trim()}”`}
        </p>
      </div>

      {status === 'loading' ? (
        <LibrarySkeletons />
      ) : status === 'error' ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-10 text-center text-sm text-destructive"
        >
          <p>Couldn't load your library. {feed.error?.message}</p>
          <Button variant="outline" size="sm" onClick={feed.retry}>
            Try again
          </Button>
        </div>
      ) : visible.length === 0 && !stillSearching ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-16 text-center">
          <FolderOpen aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="text-lg font-medium">No projects found</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            {filtered
              ? 'Nothing in your library matches this search or filter.'
              : 'Images, videos and audio you generate will appear here.'}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            {filtered ? (
              <Button variant="outline" size="sm" onClick={clearFilters}>
                Clear filters
              </Button>
            ) : null}
            <Link to={paths.create} className={buttonClasses(filtered ? 'ghost' : 'outline', 'sm')}>
              Create a project
            </Link>
          </div>
        </div>
      ) : (
        <LibraryGrid
          items={visible}
          downloadingId={pendingId}
          onDownload={onDownload}
          onDelete={onDelete}
        />
      )}

      <div
        ref={sentinel}
        className="flex min-h-12 items-center justify-center text-sm text-muted-foreground"
      >
        {status !== 'ready' ? null : loadingMore ? (
          <span role="status" className="inline-flex items-center gap-2">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Loading more projects…
          </span>
        ) : moreError ? (
          <span
            role="alert"
            className="inline-flex flex-wrap items-center justify-center gap-3 text-destructive"
          >
            Couldn't load more projects.
            <Button
              variant="outline"
              size="sm"
              onClick={() => loadMore(searching ? SEARCH_PAGE_SIZE : LIBRARY_PAGE_SIZE)}
            >
              Try again
            </Button>
          </span>
        ) : hasMore ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => loadMore(searching ? SEARCH_PAGE_SIZE : LIBRARY_PAGE_SIZE)}
          >
            Load more
          </Button>
        ) : visible.length > 0 && !searching ? (
          <span>
            {feed.items.length.toLocaleString()} {feed.items.length === 1 ? 'project' : 'projects'}
          </span>
        ) : null}
      </div>

      <DeleteProjectDialog
        item={deleteTarget}
        open={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        onDeleted={(item) => {
          feed.remove(item.id);
          if (item.id === itemId) showAll();
        }}
      />
    </div>
  );
}
