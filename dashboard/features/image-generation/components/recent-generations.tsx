import { Download, ImageIcon, Loader2 } from 'lucide-react';
import { RECENT_GALLERY_ITEMS } from '@core/constants';
import { Skeleton } from '@/components/ui/skeleton';
import { useRecentImages } from '../api/get-recent-images';

export function RecentGenerations({ onDownload, pendingUrl }: { onDownload: (url: string | null, prompt: string) => void; pendingUrl: string | null }) {
  const state = useRecentImages();
  return (
    <section aria-labelledby="recent-generations-title" aria-busy={state.status === 'loading' || undefined} className="space-y-4">
      <h2 id="recent-generations-title" className="text-lg font-semibold tracking-tight">
        Recent Generations
      </h2>
      {state.status === 'loading' ? (
        <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {Array.from({ length: RECENT_GALLERY_ITEMS }, (_, i) => (
            <Skeleton key={i} className="aspect-square rounded-lg" />
          ))}
        </div>
      ) : state.status === 'error' ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-6 text-center text-sm text-destructive">
          Couldn't load your recent generations. {state.error.message}
        </p>
      ) : state.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center text-muted-foreground">
          <ImageIcon className="size-8 opacity-70" aria-hidden="true" />
          <p className="text-sm">No recent generations</p>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {state.data.map((item) => {
            const busy = pendingUrl !== null && pendingUrl === item.originalUrl;
            return (
              <li key={item.id} className="group relative aspect-square overflow-hidden rounded-lg border bg-muted">
                {item.imageUrl ? (
                  <img src={item.imageUrl} alt={item.title} loading="lazy" className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]" />
                ) : (
                  <div className="flex size-full items-center justify-center text-muted-foreground">
                    <ImageIcon className="size-8" aria-hidden="true" />
                  </div>
                )}
                <div className="pointer-events-none absolute inset-0 bg-gradient-to-t from-black/60 via-transparent to-transparent opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100" />
                <p className="pointer-events-none absolute inset-x-2 bottom-2 truncate pr-11 text-xs font-medium text-white opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
                  {item.title}
                </p>
                <button
                  type="button"
                  onClick={() => onDownload(item.originalUrl, item.prompt || item.title)}
                  disabled={busy}
                  aria-label={`Download ${item.title}`}
                  className="absolute right-2 bottom-2 inline-flex size-9 items-center justify-center rounded-full bg-background/90 text-foreground shadow-md opacity-0 transition-opacity group-hover:opacity-100 hover:bg-background focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-100 [@media(hover:none)]:opacity-100"
                >
                  {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : <Download className="size-4" aria-hidden="true" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
