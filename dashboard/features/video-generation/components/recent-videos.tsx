import { Download, Film, Loader2 } from 'lucide-react';
import { RECENT_GALLERY_ITEMS } from '@core/constants';
import { Skeleton } from '@/components/ui/skeleton';
import { useRecentRecords } from '@/lib/generation-jobs';

export function RecentVideos({ onDownload, pendingUrl }: { onDownload: (url: string | null, prompt: string) => void; pendingUrl: string | null }) {
  const state = useRecentRecords('video', RECENT_GALLERY_ITEMS);
  return (
    <section aria-labelledby="recent-videos-title" aria-busy={state.status === 'loading' || undefined} className="space-y-4">
      <h2 id="recent-videos-title" className="text-lg font-semibold tracking-tight">
        Recent Generations
      </h2>
      {state.status === 'loading' ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: RECENT_GALLERY_ITEMS }, (_, i) => (
            <Skeleton key={i} className="aspect-video rounded-lg" />
          ))}
        </div>
      ) : state.status === 'error' ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-6 text-center text-sm text-destructive">
          Couldn't load your recent videos. {state.error.message}
        </p>
      ) : state.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center text-muted-foreground">
          <Film className="size-8 opacity-70" aria-hidden="true" />
          <p className="text-sm">No recent video generations</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {state.data.map((item) => {
            const busy = pendingUrl !== null && pendingUrl === item.originalUrl;
            return (
              <li key={item.id} className="overflow-hidden rounded-lg border bg-card">
                {item.originalUrl ? (
                  <video src={item.originalUrl} poster={item.thumbnailUrl ?? undefined} controls playsInline preload="metadata" aria-label={`Video: ${item.title}`} className="aspect-video w-full bg-black" />
                ) : (
                  <div className="flex aspect-video items-center justify-center bg-muted text-muted-foreground">
                    <Film className="size-8" aria-hidden="true" />
                  </div>
                )}
                <div className="flex items-center gap-2 p-2 pl-3">
                  <p className="min-w-0 flex-1 truncate text-sm" title={item.prompt || item.title}>
                    {item.title}
                  </p>
                  <button
                    type="button"
                    onClick={() => onDownload(item.originalUrl, item.prompt || item.title)}
                    disabled={busy}
                    aria-label={`Download ${item.title}`}
                    className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
                  >
                    {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : <Download className="size-4" aria-hidden="true" />}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
