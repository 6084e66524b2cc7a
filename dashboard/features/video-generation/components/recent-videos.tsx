import { Film } from 'lucide-react';
import { RECENT_GALLERY_ITEMS } from '@core/constants';
import { GalleryDownloadButton, RecentGallery } from '@/components/generation/recent-gallery';
import { posterOf } from '@core/data/generation';
import { useRecentGenerations } from '@/lib/jobs/job-reads';

export function RecentVideos({
  onDownload,
  pendingUrl,
}: {
  onDownload: (url: string | null, prompt: string) => void;
  pendingUrl: string | null;
}) {
  return (
    <RecentGallery
      state={useRecentGenerations('video', RECENT_GALLERY_ITEMS)}
      noun="recent videos"
      emptyIcon={Film}
      emptyText="No recent video generations"
      gridClassName="grid-cols-1 sm:grid-cols-2 lg:grid-cols-4"
      skeletonClassName="aspect-video"
      renderItem={(item) => (
        <li key={item.id} className="overflow-hidden rounded-lg border bg-card">
          {item.originalUrl ? (
            <video
              src={item.originalUrl}
              poster={posterOf(item) ?? undefined}
              controls
              playsInline
              preload="metadata"
              aria-label={`Video: ${item.title}`}
              className="aspect-video w-full bg-black"
            />
          ) : (
            <div className="flex aspect-video items-center justify-center bg-muted text-muted-foreground">
              <Film className="size-8" aria-hidden="true" />
            </div>
          )}
          <div className="flex items-center gap-2 p-2 pl-3">
            <p className="min-w-0 flex-1 truncate text-sm" title={item.prompt || item.title}>
              {item.title}
            </p>
            <GalleryDownloadButton
              item={item}
              pendingUrl={pendingUrl}
              onDownload={onDownload}
              className="shrink-0 rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground disabled:opacity-50"
            />
          </div>
        </li>
      )}
    />
  );
}
