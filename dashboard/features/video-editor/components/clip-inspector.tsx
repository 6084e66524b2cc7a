import { useAtomValue, useSetAtom } from 'jotai';
import {
  ArrowLeft,
  ArrowRight,
  AudioLines,
  Film,
  ImageIcon,
  Trash2,
  Type,
  Volume2,
  VolumeX,
  type LucideIcon,
} from 'lucide-react';
import { CLIP_DURATION } from '@core/constants';
import type { TimelineItem } from '@core/editor/model';
import { Button } from '@core/ui/button';
import { Input } from '@core/ui/input';
import { cn } from '@core/ui/cn';
import {
  moveClipAtom,
  removeClipAtom,
  selectionAtom,
  setClipDurationAtom,
  setClipGainAtom,
  setClipMutedAtom,
  timelineAtom,
  updateTitleClipAtom,
} from '../atoms';
import { isCaption } from '../model/captions';
import { trackClips, trackDef } from '../model/tracks';
import { CaptionWords } from './caption-tools';
import { KeyframeControls } from './keyframe-controls';
import { SpeedControls } from './speed-controls';
import { TransitionControls } from './transition-controls';

// The selected clip's settings under the tracks: a title's text, the duration (the rest of its track
// follows), its place in the track (earlier or later), the transition from the main-track clip before it,
// a video's own sound on or off, the gain of a clip with sound, the speed of a video or sound
// (./speed-controls.tsx), keyframes (./keyframe-controls.tsx), and Remove (the track closes up). Every
// change is one undo step.

const ICONS: Record<TimelineItem['type'], LucideIcon> = {
  video: Film,
  image: ImageIcon,
  title: Type,
  audio: AudioLines,
};
const TYPE_LABEL: Record<TimelineItem['type'], string> = {
  video: 'Video',
  image: 'Image',
  title: 'Title',
  audio: 'Audio',
};

/** How a clip is named on the timeline: a title's text, else the media's name, else its type. */
export function clipLabel(item: TimelineItem): string {
  if (item.type === 'title') return item.settings.text.trim() || 'Title';
  return item.settings.name?.trim() || `${TYPE_LABEL[item.type]} clip`;
}

const iconButton = 'size-8 text-muted-foreground';

export function ClipInspector() {
  const tl = useAtomValue(timelineAtom);
  const selection = useAtomValue(selectionAtom);
  const setDuration = useSetAtom(setClipDurationAtom);
  const remove = useSetAtom(removeClipAtom);
  const move = useSetAtom(moveClipAtom);
  const updateTitle = useSetAtom(updateTitleClipAtom);
  const setMuted = useSetAtom(setClipMutedAtom);
  const setGain = useSetAtom(setClipGainAtom);

  if (tl.clips.length === 0)
    return (
      <p className="mt-3 rounded-lg border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
        No clips yet. Add images, videos or titles from the left panel.
      </p>
    );
  const clip = selection.length === 1 ? tl.clips.find((c) => c.id === selection[0]) : undefined;
  if (!clip)
    return (
      <p className="mt-3 text-sm text-muted-foreground">
        {selection.length > 1
          ? `${selection.length} clips selected.`
          : 'Select a clip to change its duration, place, sound or text.'}
      </p>
    );
  const item = clip.item;
  const label = clipLabel(item);
  const Icon = ICONS[item.type];
  const siblings = trackClips(tl, clip.track);
  const index = siblings.findIndex((c) => c.id === clip.id);
  const seconds = clip.length / tl.fps;
  return (
    <div
      role="group"
      aria-label={`Selected clip: ${label}`}
      className="mt-3 space-y-2 rounded-lg border p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-muted"
          aria-hidden="true"
        >
          <Icon className="size-4" />
        </span>
        <p className="min-w-0 flex-1 truncate text-sm font-medium" title={label}>
          {label}{' '}
          <span className="font-normal text-muted-foreground">· {trackDef(clip.track).name}</span>
        </p>
        <div className="flex items-center gap-1">
          {item.type === 'video' ? (
            <Button
              variant="ghost"
              size="icon"
              className={iconButton}
              onClick={() => setMuted(item.id, item.settings.muted !== true)}
              aria-pressed={item.settings.muted === true}
              aria-label={`Mute the sound of ${label}`}
              title={item.settings.muted ? 'Muted: its sound is left out' : 'Mute its sound'}
            >
              {item.settings.muted ? (
                <VolumeX aria-hidden="true" />
              ) : (
                <Volume2 aria-hidden="true" />
              )}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="icon"
            className={iconButton}
            onClick={() => move(clip.id, -1)}
            disabled={index <= 0}
            aria-label={`Move ${label} earlier`}
            title="Swap with the clip before"
          >
            <ArrowLeft aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className={iconButton}
            onClick={() => move(clip.id, 1)}
            disabled={index === siblings.length - 1}
            aria-label={`Move ${label} later`}
            title="Swap with the clip after"
          >
            <ArrowRight aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className={cn(iconButton, 'hover:bg-destructive/10 hover:text-destructive')}
            onClick={() => remove(clip.id)}
            aria-label={`Remove ${label}`}
            title="Remove (the track closes up)"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {item.type === 'title' && !isCaption(item) ? (
        <Input
          aria-label="Title text"
          value={item.settings.text}
          maxLength={500}
          onChange={(e) => updateTitle(item.id, { text: e.target.value })}
          className="h-8"
        />
      ) : null}
      <CaptionWords clip={clip} />
      <label className="flex items-center gap-2 text-sm">
        <span className="w-16 shrink-0">Duration</span>
        <input
          type="range"
          min={CLIP_DURATION.min}
          max={CLIP_DURATION.max}
          step={CLIP_DURATION.step}
          value={Math.min(CLIP_DURATION.max, seconds)}
          onChange={(e) => setDuration(clip.id, Number(e.target.value))}
          aria-label={`Duration of ${label}`}
          aria-valuetext={`${seconds.toFixed(1)} seconds`}
          className="h-2 min-w-0 flex-1 cursor-pointer accent-primary"
        />
        <span className="w-16 text-right text-xs tabular-nums">{seconds.toFixed(1)}s</span>
      </label>
      <TransitionControls clipId={clip.id} labelOf={clipLabel} />
      {item.type === 'audio' || item.type === 'video' ? (
        <label className="flex items-center gap-2 text-sm">
          <span className="w-16 shrink-0">Volume</span>
          <input
            type="range"
            min={-60}
            max={12}
            step={0.5}
            value={item.gain_db ?? 0}
            onChange={(e) => setGain(clip.id, Number(e.target.value))}
            aria-label={`Volume of ${label}`}
            aria-valuetext={`${(item.gain_db ?? 0).toFixed(1)} dB`}
            className="h-2 min-w-0 flex-1 cursor-pointer accent-primary"
          />
          <span className="w-16 text-right text-xs tabular-nums">
            {(item.gain_db ?? 0).toFixed(1)} dB
          </span>
        </label>
      ) : null}
      <SpeedControls clip={clip} label={label} />
      <KeyframeControls key={clip.id} clip={clip} label={label} />
    </div>
  );
}
