import { RECENT_GALLERY_ITEMS } from '@core/constants';
import { ImageIcon } from 'lucide-react';
import { GalleryDownloadButton, RecentGallery } from '@/components/generation/recent-gallery';
import { pictureOf } from '@core/data/generation';
import { useRecentGenerations } from '@/lib/jobs/job-reads';

export function RecentGenerations({
  onDownload,
  pendingUrl,
}: {
  onDownload: (url: string | null, prompt: string) => void;
  pendingUrl: string | null;
}) {
  return (
    <RecentGallery
      state={useRecentGenerations('image', RECENT_GALLERY_ITEMS)}
      noun="recent generations"
      emptyIcon={ImageIcon}
      emptyText="No recent generations"
      gridClassName="grid-cols-2 md:grid-cols-4"
      skeletonClassName="aspect-square"
      renderItem={(item) => (
        <li
          key={item.id}
          className="group relative aspect-square overflow-hidden rounded-lg border bg-muted"
        >
          {pictureOf(item) ? (
            <img
              src={pictureOf(item)!}
              alt={item.title}
              loading="lazy"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-muted-foreground">
              <ImageIcon className="size-8" aria-hidden="true" />
            </div>
          )}
          <div className="pointer-events-none absolute inset-0 bg-gradient-to-t from-black/60 via-transparent to-transparent opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100" />
          <p className="pointer-events-none absolute inset-x-2 bottom-2 truncate pr-11 text-xs font-medium text-white opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100">
            {item.title}
          </p>
          <GalleryDownloadButton
            item={item}
            pendingUrl={pendingUrl}
            onDownload={onDownload}
            className="absolute right-2 bottom-2 rounded-full bg-background/90 text-foreground shadow-md opacity-0 transition-opacity group-hover:opacity-100 hover:bg-background focus-visible:opacity-100 disabled:opacity-100 [@media(hover:none)]:opacity-100"
          />
        </li>
      )}
    />
  );
}
