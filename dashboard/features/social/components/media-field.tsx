import { Film, ImageIcon, Plus, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { GenerationType } from '@core/jobs';
import type { PublishPlatform } from '@core/social-posts';
import { AddMediaDialog } from '@/components/media/add-media-dialog';
import { Button } from '@core/ui/button';
import type { MediaAsset } from '@/lib/library-media';
import { MEDIA_LIMIT_NOTES } from '../utils/post-checks';

const TYPES = ['image', 'video'] as const;

/**
 * Media from the library or a new upload, each with Remove; the platform's limits show before Post (the composer
 * names a refusal). YouTube takes one video: `types` narrows the picker and `single` replaces the choice.
 */
export function MediaField({
  platform,
  media,
  onChange,
  types = TYPES,
  single = false,
  legend = 'Media',
  note,
}: {
  platform: PublishPlatform;
  media: MediaAsset[];
  onChange: (media: MediaAsset[]) => void;
  types?: readonly GenerationType[];
  single?: boolean;
  legend?: string;
  /** What the limits line says instead of the platform's own (the one composer lists every chosen channel's). */
  note?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const addLabel = single ? (media.length > 0 ? 'Choose Another Video' : 'Choose Video') : 'Add Media';
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium leading-none">{legend}</legend>
      {media.length > 0 ? (
        <ul aria-label="Attached media" className="grid gap-2">
          {media.map((m) => (
            <li key={m.id} className="flex min-w-0 items-center gap-3 rounded-md border p-2">
              <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded bg-muted">
                {m.type === 'image' && m.thumbnailUrl ? (
                  <img src={m.thumbnailUrl} alt="" className="size-full object-cover" />
                ) : m.type === 'video' ? (
                  <Film className="size-5 text-muted-foreground" aria-hidden="true" />
                ) : (
                  <ImageIcon className="size-5 text-muted-foreground" aria-hidden="true" />
                )}
              </span>
              <span className="min-w-0 flex-1 truncate text-sm" title={m.title}>
                {m.title}
              </span>
              <Button variant="ghost" size="sm" onClick={() => onChange(media.filter((x) => x.id !== m.id))} aria-label={`Remove ${m.title}`}>
                <X aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Button variant="outline" onClick={() => setOpen(true)} className="w-full sm:w-auto sm:justify-self-start">
        <Plus aria-hidden="true" />
        {addLabel}
      </Button>
      {note === undefined ? <p className="text-xs text-muted-foreground">{MEDIA_LIMIT_NOTES[platform]}</p> : note}
      <AddMediaDialog
        open={open}
        title={single ? 'Choose Video' : 'Add Media'}
        types={types}
        onClose={() => setOpen(false)}
        onPick={(asset) => {
          setOpen(false);
          if (single) onChange([asset]);
          else if (!media.some((m) => m.id === asset.id)) onChange([...media, asset]);
        }}
      />
    </fieldset>
  );
}
