import { Download, Loader2, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { RECENT_GALLERY_ITEMS } from '@core/constants';
import { Skeleton } from '@core/ui/skeleton';
import { cn } from '@core/ui/cn';
import type { QueryState } from '@core/react/use-live';

// "Recent Generations" under a generation page: loading skeletons, the error, the empty state, then the
// newest items in a grid. The page draws each item; the section, its states and the grid are shared.

export interface RecentGalleryProps<T extends { id: string }> {
  state: QueryState<T[]>;
  /** What the error line calls the items: "Couldn't load your {noun}." */
  noun: string;
  emptyIcon: LucideIcon;
  emptyText: string;
  /** Grid columns, and the skeleton's shape (aspect ratio). */
  gridClassName: string;
  skeletonClassName: string;
  renderItem: (item: T) => React.ReactNode;
}

export function RecentGallery<T extends { id: string }>({
  state,
  noun,
  emptyIcon: EmptyIcon,
  emptyText,
  gridClassName,
  skeletonClassName,
  renderItem,
}: RecentGalleryProps<T>) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      aria-busy={state.status === 'loading' || undefined}
      className="space-y-4"
    >
      <h2 id={titleId} className="text-lg font-semibold tracking-tight">
        Recent Generations
      </h2>
      {state.status === 'loading' ? (
        <div className={cn('grid gap-4', gridClassName)}>
          {Array.from({ length: RECENT_GALLERY_ITEMS }, (_, i) => (
            <Skeleton key={i} className={cn('rounded-lg', skeletonClassName)} />
          ))}
        </div>
      ) : state.status === 'error' ? (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-6 text-center text-sm text-destructive"
        >
          Couldn't load your {noun}. {state.error.message}
        </p>
      ) : state.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center text-muted-foreground">
          <EmptyIcon className="size-8 opacity-70" aria-hidden="true" />
          <p className="text-sm">{emptyText}</p>
        </div>
      ) : (
        <ul className={cn('grid gap-4', gridClassName)}>{state.data.map(renderItem)}</ul>
      )}
    </section>
  );
}

/** Download for one gallery item; it spins while that item's file (pendingUrl) is being fetched. */
export function GalleryDownloadButton({
  item,
  pendingUrl,
  onDownload,
  className,
}: {
  item: { title: string; prompt: string; originalUrl: string | null };
  pendingUrl: string | null;
  onDownload: (url: string | null, prompt: string) => void;
  className: string;
}) {
  const { title } = item;
  const busy = pendingUrl !== null && pendingUrl === item.originalUrl;
  return (
    <button
      type="button"
      onClick={() => onDownload(item.originalUrl, item.prompt || title)}
      disabled={busy}
      aria-label={`Download ${title}`}
      className={cn(
        'inline-flex size-9 items-center justify-center focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
    >
      {busy ? (
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <Download className="size-4" aria-hidden="true" />
      )}
    </button>
  );
}
