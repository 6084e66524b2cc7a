import {
  AudioLines,
  Download,
  Film,
  ImageIcon,
  Loader2,
  Pause,
  Play,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { memo, useRef, useState } from 'react';
import type { GenerationType } from '@core/jobs';
import { formatRelativeTime } from '@/lib/relative-time';
import { cn } from '@core/ui/cn';
import type { LibraryItem } from '../api/get-generations';

const TYPE_ICONS: Record<GenerationType, LucideIcon> = {
  image: ImageIcon,
  video: Film,
  audio: AudioLines,
};
export const TYPE_LABELS: Record<GenerationType, string> = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
};
const TYPE_TINTS: Record<GenerationType, string> = {
  image: 'from-violet-500/15 to-fuchsia-500/10 text-violet-600 dark:text-violet-300',
  video: 'from-sky-500/15 to-cyan-500/10 text-sky-600 dark:text-sky-300',
  audio: 'from-emerald-500/15 to-teal-500/10 text-emerald-600 dark:text-emerald-300',
};

const iconButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50';

function Placeholder({ type }: { type: GenerationType }) {
  const Icon = TYPE_ICONS[type];
  return <Icon aria-hidden="true" className="size-9 opacity-80" />;
}

function ImageMedia({ item }: { item: LibraryItem }) {
  const [broken, setBroken] = useState(false);
  const src = item.thumbnailUrl ?? item.originalUrl;
  if (!src || broken) return <Placeholder type="image" />;
  return (
    <img
      src={src}
      alt={item.title}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
    />
  );
}

/** A muted preview that plays while hovered, or with its play button from the keyboard. */
function VideoMedia({ item }: { item: LibraryItem }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  if (!item.originalUrl) return <Placeholder type="video" />;
  // A thumbnail that is the video file itself is no poster.
  const poster =
    item.thumbnailUrl && item.thumbnailUrl !== item.originalUrl ? item.thumbnailUrl : undefined;
  const play = () => void ref.current?.play().catch(() => undefined);
  const stop = () => {
    const v = ref.current;
    if (!v) return;
    v.pause();
    v.currentTime = 0;
  };
  return (
    // Pinned to the media box (absolute inset-0), whatever the video's own size: the play button can only
    // ever sit in the middle of the picture, never over the title below it.
    <div className="absolute inset-0" onMouseEnter={play} onMouseLeave={stop}>
      <video
        ref={ref}
        src={item.originalUrl}
        poster={poster}
        muted
        loop
        playsInline
        preload={poster ? 'none' : 'metadata'}
        aria-label={`Video: ${item.title}`}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        className="size-full bg-black object-cover"
      />
      {/* Its still frame looks like an image: the badge says it is a video. */}
      <span
        data-testid="video-badge"
        className="absolute top-2 left-2 inline-flex items-center gap-1 rounded bg-black/65 px-1.5 py-0.5 text-xs font-medium text-white"
      >
        <Film className="size-3.5" aria-hidden="true" />
        Video
      </span>
      <button
        type="button"
        onClick={() => (playing ? stop() : play())}
        aria-label={playing ? `Pause ${item.title}` : `Play ${item.title}`}
        className={cn(
          'absolute top-1/2 left-1/2 inline-flex size-11 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white transition-opacity focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none',
          playing ? 'opacity-0 focus-visible:opacity-100' : 'opacity-100',
        )}
      >
        {playing ? (
          <Pause className="size-5" aria-hidden="true" />
        ) : (
          <Play className="size-5 translate-x-px" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}

// preload="metadata": the player shows the track's length before it is played (not 0:00 / 0:00).
function AudioMedia({ item }: { item: LibraryItem }) {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-3 px-3">
      <Placeholder type="audio" />
      {item.originalUrl ? (
        <audio
          controls
          preload="metadata"
          src={item.originalUrl}
          aria-label={`Audio: ${item.title}`}
          className="h-9 w-full max-w-full"
        />
      ) : null}
    </div>
  );
}

export const ProjectCard = memo(function ProjectCard({
  item,
  now,
  downloading,
  onDownload,
  onDelete,
}: {
  item: LibraryItem;
  now: Date;
  downloading: boolean;
  onDownload: (item: LibraryItem) => void;
  onDelete: (item: LibraryItem) => void;
}) {
  return (
    <article
      aria-label={item.title}
      className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md"
    >
      <div
        className={cn(
          'relative flex aspect-video items-center justify-center overflow-hidden bg-muted bg-gradient-to-br',
          TYPE_TINTS[item.type],
        )}
      >
        {item.type === 'image' ? (
          <ImageMedia item={item} />
        ) : item.type === 'video' ? (
          <VideoMedia item={item} />
        ) : (
          <AudioMedia item={item} />
        )}
      </div>
      <div className="flex items-center gap-2 p-3">
        <div className="min-w-0 flex-1 space-y-0.5">
          <h3 className="truncate text-sm font-medium" title={item.prompt || item.title}>
            {item.title}
          </h3>
          <p className="truncate text-xs text-muted-foreground">
            {TYPE_LABELS[item.type]}
            {item.createdAt ? (
              <>
                {' · '}
                <time
                  dateTime={item.createdAt.toISOString()}
                  title={item.createdAt.toLocaleString()}
                >
                  {formatRelativeTime(item.createdAt, now)}
                </time>
              </>
            ) : null}
          </p>
        </div>
        <button
          type="button"
          className={iconButton}
          onClick={() => onDownload(item)}
          disabled={downloading}
          aria-label={`Download ${item.title}`}
          title="Download"
        >
          {downloading ? (
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <Download className="size-4" aria-hidden="true" />
          )}
        </button>
        <button
          type="button"
          className={cn(iconButton, 'hover:bg-destructive/10 hover:text-destructive')}
          onClick={() => onDelete(item)}
          aria-label={`Delete ${item.title}`}
          title="Delete"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
    </article>
  );
});
