import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDown, Clapperboard, Film, ImageIcon, Plus, Scissors, Wand2, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { editorFixHref, type EditorFixMedia } from '@core/editor/fix-link';
import type { GenerationType } from '@core/jobs';
import { channelPresetChoices, defaultChannelPreset } from '@core/platforms/channel-presets';
import {
  mediaTargetLabels,
  type MediaProblem,
  type MediaTarget,
} from '@core/platforms/media-rules';
import type { PublishPlatform } from '@core/social-posts';
import { AddMediaDialog } from '@/components/media/add-media-dialog';
import { Button } from '@core/ui/button';
import { cn } from '@core/ui/cn';
import type { MediaAsset } from '@/lib/library-media';
import { MEDIA_CHECKING, type MediaChecks } from '../hooks/use-media-checks';
import { MEDIA_LIMIT_NOTES } from '../utils/post-checks';

const TYPES = ['image', 'video'] as const;

/** Under a refused file: each channel that refuses it, why, and a link that opens it in the editor with that channel's preset. */
function FileRefusals({
  asset,
  problems,
  durationSeconds,
}: {
  asset: MediaAsset;
  problems: MediaProblem[];
  durationSeconds: number | null;
}) {
  const targets = [...new Set(problems.map((p) => p.target))] as MediaTarget[];
  return (
    <ul aria-label={`Why ${asset.title} is refused`} className="grid gap-1.5 pl-1 text-sm">
      {targets.map((target) => {
        const own = problems.filter((p) => p.target === target);
        const fix = own.find((p) => p.fix)?.fix ?? null;
        return (
          <li key={target} className="grid gap-1 text-destructive">
            <p className="min-w-0 break-words">
              <span className="font-medium">{mediaTargetLabels[target]} refuses this file:</span>{' '}
              {own.map((p) => p.message.replace(/\.$/, '')).join('; ')}.
            </p>
            {fix ? (
              <Link
                to={editorFixHref({
                  preset: fix,
                  channel: target,
                  media: {
                    url: asset.url,
                    name: asset.title,
                    generationId: asset.id,
                    durationSeconds,
                  },
                })}
                className="inline-flex items-center gap-1 justify-self-start text-sm font-medium text-foreground underline underline-offset-4 hover:text-primary"
                aria-label={`Fix ${asset.title} for ${mediaTargetLabels[target]} in the editor`}
              >
                <Wand2 className="size-3.5" aria-hidden="true" />
                Fix in editor
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

const menuItemClasses =
  'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm text-popover-foreground outline-none data-focus:bg-accent data-focus:text-accent-foreground';

/**
 * Beside an attached video: "Edit for <channel>", a menu of the editor's export presets that channel suits
 * (core/platforms/channel-presets.ts), its default first; each opens the editor with the video in that preset.
 */
function EditForChannel({ target, media }: { target: MediaTarget; media: EditorFixMedia }) {
  const choices = channelPresetChoices(target);
  if (choices.length === 0) return null;
  return (
    <Menu>
      <MenuButton
        aria-label={`Edit for ${mediaTargetLabels[target]}: ${media.name}`}
        className="inline-flex h-8 items-center gap-1.5 rounded-md border border-input bg-background px-2.5 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 data-open:bg-accent"
      >
        <Scissors className="size-3.5" aria-hidden="true" />
        Edit for {mediaTargetLabels[target]}
        <ChevronDown className="size-3.5 text-muted-foreground" aria-hidden="true" />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom start', gap: 4, padding: 8 }}
        transition
        className="z-50 min-w-64 rounded-lg border bg-popover p-1 shadow-lg outline-none transition duration-100 data-closed:scale-95 data-closed:opacity-0"
      >
        {choices.map((c, i) => (
          <MenuItem key={`${c.target}-${c.preset}`}>
            <Link
              to={editorFixHref({ preset: c.preset, channel: c.target, media })}
              className={menuItemClasses}
            >
              <span className="flex-1">{c.label}</span>
              {i === 0 ? <span className="text-xs text-muted-foreground">(default)</span> : null}
            </Link>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

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
  checks,
  channels = [],
}: {
  platform: PublishPlatform;
  media: MediaAsset[];
  onChange: (media: MediaAsset[]) => void;
  types?: readonly GenerationType[];
  single?: boolean;
  legend?: string;
  /** What the limits line says instead of the platform's own (the one composer lists every chosen channel's). */
  note?: ReactNode;
  /** The attached files as each chosen channel's media rules read them (hooks/use-media-checks.ts). */
  checks?: MediaChecks;
  /** The channels the post goes to: each attached video offers "Edit for <channel>"; with no video, "Make a video for <channel>". */
  channels?: readonly MediaTarget[];
}) {
  const [open, setOpen] = useState(false);
  const addLabel = single
    ? media.length > 0
      ? 'Choose Another Video'
      : 'Choose Video'
    : 'Add Media';
  const makeFor = media.some((m) => m.type === 'video')
    ? []
    : channels.flatMap((target) =>
        defaultChannelPreset(target) ? [{ target, preset: defaultChannelPreset(target)! }] : [],
      );
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium leading-none">{legend}</legend>
      {media.length > 0 ? (
        <ul aria-label="Attached media" className="grid gap-2">
          {media.map((m) => {
            const problems = checks?.byFile.get(m.id) ?? [];
            return (
              <li
                key={m.id}
                className={cn(
                  'grid min-w-0 gap-2 rounded-md border p-2',
                  problems.length > 0 && 'border-destructive/60',
                )}
              >
                <div className="flex min-w-0 items-center gap-3">
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
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onChange(media.filter((x) => x.id !== m.id))}
                    aria-label={`Remove ${m.title}`}
                  >
                    <X aria-hidden="true" />
                    Remove
                  </Button>
                </div>
                {m.type === 'video' && channels.length > 0 ? (
                  <div className="flex flex-wrap gap-2">
                    {channels.map((target) => (
                      <EditForChannel
                        key={target}
                        target={target}
                        media={{
                          url: m.url,
                          name: m.title,
                          generationId: m.id,
                          durationSeconds: checks?.probes.get(m.id)?.probe.durationSeconds ?? null,
                        }}
                      />
                    ))}
                  </div>
                ) : null}
                {problems.length > 0 ? (
                  <FileRefusals
                    asset={m}
                    problems={problems}
                    durationSeconds={checks?.probes.get(m.id)?.probe.durationSeconds ?? null}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {checks?.probing ? (
        <p role="status" className="text-xs text-muted-foreground">
          {MEDIA_CHECKING}
        </p>
      ) : null}
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        <Plus aria-hidden="true" />
        {addLabel}
      </Button>
      {makeFor.length > 0 ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          {makeFor.map(({ target, preset }) => (
            <Link
              key={target}
              to={editorFixHref({ preset, channel: target })}
              className="inline-flex items-center gap-1 text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            >
              <Clapperboard className="size-3.5" aria-hidden="true" />
              Make a video for {mediaTargetLabels[target]}
            </Link>
          ))}
        </p>
      ) : null}
      {note === undefined ? (
        <p className="text-xs text-muted-foreground">{MEDIA_LIMIT_NOTES[platform]}</p>
      ) : (
        note
      )}
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
