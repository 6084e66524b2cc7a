import type { GenerationType } from '@core/schemas';
import { paths } from '@core/routes';
import type { Firestore } from 'firebase/firestore';
import { ImageIcon, Music, Video, type LucideIcon } from 'lucide-react';
import type { LibraryItem } from '../hooks/library-items';
import { SIDEPANEL_LIBRARY_ITEMS } from '../hooks/library-items';
import { useLatestGenerations } from '../hooks/use-latest-generations';
import { DangerAlert, focusRing, Section } from './ui';

const TYPE_LABELS: Record<GenerationType, { label: string; Icon: LucideIcon }> = {
  image: { label: 'Image', Icon: ImageIcon },
  video: { label: 'Video', Icon: Video },
  audio: { label: 'Audio', Icon: Music },
};

const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function Thumbnail({ item }: { item: LibraryItem }) {
  const { Icon } = TYPE_LABELS[item.type];
  return (
    <span className="grid size-12 shrink-0 place-items-center overflow-hidden rounded-md bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
      {item.pictureUrl ? (
        <img src={item.pictureUrl} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <Icon aria-hidden="true" className="size-5" />
      )}
    </span>
  );
}

function LoadingRows() {
  return (
    <ul aria-hidden="true" className="space-y-2">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="flex items-center gap-3">
          <span className="size-12 animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800" />
          <span className="flex-1 space-y-2">
            <span className="block h-3.5 w-3/4 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
            <span className="block h-3 w-1/3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The user's newest generations, live; each opens the library in the dashboard. */
export function LatestItems({ db, uid, dashboardUrl }: { db: Firestore; uid: string; dashboardUrl: string }) {
  const latest = useLatestGenerations(db, uid, SIDEPANEL_LIBRARY_ITEMS);
  return (
    <Section title="Latest in your library" id="library" aria-busy={latest.status === 'loading'}>
      {latest.status === 'loading' && (
        <>
          <span className="sr-only">Loading your library…</span>
          <LoadingRows />
        </>
      )}
      {latest.status === 'error' && <DangerAlert>{latest.message}</DangerAlert>}
      {latest.status === 'ready' && latest.items.length === 0 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No library items yet</p>
      )}
      {latest.status === 'ready' && latest.items.length > 0 && (
        <ul aria-label="Latest library items" className="-mx-1 space-y-1">
          {latest.items.map((item) => {
            const { label } = TYPE_LABELS[item.type];
            return (
              <li key={item.id}>
                <a
                  href={`${dashboardUrl}${paths.library}`}
                  target="_blank"
                  rel="noreferrer"
                  className={`flex items-center gap-3 rounded-md p-1 hover:bg-zinc-100 dark:hover:bg-zinc-800/70 ${focusRing}`}
                >
                  <Thumbnail item={item} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{item.title}</span>
                    <span className="block text-xs text-zinc-500 dark:text-zinc-400">
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
