import type { GenerationType } from '@core/schemas';
import { libraryItemPath } from '@core/routes';
import type { Firestore } from 'firebase/firestore';
import { ImageIcon, Music, Play, Video, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import type { LibraryItem } from '../hooks/library-items';
import { SIDEPANEL_LIBRARY_ITEMS } from '../hooks/library-items';
import { useLatestGenerations } from '../hooks/use-latest-generations';
import { Alert } from '@core/ui/alert';
import { cn } from '@core/ui/cn';
import { Skeleton } from '@core/ui/skeleton';
import { Section } from './ui';

const TYPE_LABELS: Record<GenerationType, { label: string; Icon: LucideIcon; tone: string }> = {
  image: { label: 'Image', Icon: ImageIcon, tone: 'bg-muted text-muted-foreground' },
  video: { label: 'Video', Icon: Video, tone: 'bg-primary/10 text-primary' },
  audio: { label: 'Audio', Icon: Music, tone: 'bg-accent text-accent-foreground' },
};

const dateFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * Each type's own tile: an image shows its picture; a video its poster with a play mark (or the video
 * icon); audio a music tile, never an <img> of the sound file. A picture that fails to load falls back
 * to the type's icon.
 */
function Thumbnail({ item }: { item: LibraryItem }) {
  const { Icon, tone } = TYPE_LABELS[item.type];
  const [broken, setBroken] = useState(false);
  const picture = item.pictureUrl && !broken ? item.pictureUrl : null;
  return (
    <span
      data-tile={item.type}
      className={cn(
        'relative grid size-12 shrink-0 place-items-center overflow-hidden rounded-md',
        tone,
      )}
    >
      {picture ? (
        <img
          src={picture}
          alt=""
          loading="lazy"
          onError={() => setBroken(true)}
          className="size-full object-cover"
        />
      ) : (
        <Icon aria-hidden="true" className="size-5" />
      )}
      {picture && item.type === 'video' && (
        <span className="absolute inset-0 grid place-items-center bg-black/25 text-white">
          <Play aria-hidden="true" className="size-4 fill-current" />
        </span>
      )}
    </span>
  );
}

function LoadingRows() {
  return (
    <ul aria-hidden="true" className="space-y-2">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="flex items-center gap-3">
          <Skeleton className="size-12" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-3/4 rounded" />
            <Skeleton className="h-3 w-1/3 rounded" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The user's newest generations, live; each opens that exact item in the dashboard's library. */
export function LatestItems({
  db,
  uid,
  dashboardUrl,
}: {
  db: Firestore;
  uid: string;
  dashboardUrl: string;
}) {
  const latest = useLatestGenerations(db, uid, SIDEPANEL_LIBRARY_ITEMS);
  return (
    <Section title="Latest in your library" id="library" aria-busy={latest.status === 'loading'}>
      {latest.status === 'loading' && (
        <>
          <span className="sr-only">Loading your library…</span>
          <LoadingRows />
        </>
      )}
      {latest.status === 'error' && <Alert tone="danger">{latest.message}</Alert>}
      {latest.status === 'ready' && latest.items.length === 0 && (
        <p className="text-sm text-muted-foreground">No library items yet</p>
      )}
      {latest.status === 'ready' && latest.items.length > 0 && (
        <ul aria-label="Latest library items" className="-mx-1 space-y-1">
          {latest.items.map((item) => {
            const { label } = TYPE_LABELS[item.type];
            return (
              <li key={item.id}>
                <a
                  href={`${dashboardUrl}${libraryItemPath(item.id)}`}
                  target="_blank"
                  rel="noreferrer"
                  title="Open in dashboard"
                  className="flex items-center gap-3 rounded-md p-1 transition-colors hover:bg-accent hover:text-accent-foreground"
                >
                  <Thumbnail item={item} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{item.title}</span>
                    <span className="block text-xs text-muted-foreground">
                      {label}
                      {item.createdAt && <> · {dateFormat.format(item.createdAt)}</>}
                    </span>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
