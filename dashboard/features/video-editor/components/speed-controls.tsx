import { useSetAtom } from 'jotai';
import { useId } from 'react';
import { CLIP_SPEED } from '@core/editor/model';
import { cn } from '@core/ui/cn';
import { setClipSpeedAtom } from '../atoms';
import { clipSpeed, type Clip } from '../model/tracks';

// The inspector's Speed row for a clip with video or sound: presets from 0.25x to 4x and a typed value
// (clamped to 0.25..4, committed on Enter or when the field is left). The clip's length becomes its source
// span over the speed and the rest of its track follows; the sound keeps its pitch. One undo step each.

const field =
  'h-8 rounded-md border bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** "0.25x", "1.5x", "2x". */
export const speedLabel = (speed: number) => `${Number(speed.toFixed(2))}x`;

export function SpeedControls({ clip, label }: { clip: Clip; label: string }) {
  const setSpeed = useSetAtom(setClipSpeedAtom);
  const id = useId();
  if (clip.item.type !== 'video' && clip.item.type !== 'audio') return null;
  const speed = clipSpeed(clip);
  const commit = (text: string) => {
    const v = Number(text.replace(/x$/i, '').trim());
    if (text.trim() !== '' && Number.isFinite(v) && v > 0) setSpeed(clip.id, v);
  };
  return (
    <div
      role="group"
      aria-label={`Speed of ${label}`}
      className="flex flex-wrap items-center gap-2 text-sm"
    >
      <label htmlFor={`${id}-speed`} className="w-16 shrink-0">
        Speed
      </label>
      {/* Six presets in one row: across the inspector on a phone, their own width on a wider screen. */}
      <div
        className="grid w-full grid-cols-6 gap-1 sm:w-auto"
        role="group"
        aria-label="Speed presets"
      >
        {CLIP_SPEED.presets.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={speed === p}
            onClick={() => setSpeed(clip.id, p)}
            className={cn(
              'h-8 min-w-0 rounded-md border px-1 text-xs sm:min-w-11 sm:px-2 tabular-nums transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              speed === p
                ? 'border-primary bg-primary text-primary-foreground'
                : 'bg-background hover:bg-muted',
            )}
          >
            {speedLabel(p)}
          </button>
        ))}
      </div>
      <input
        // A new speed from outside (a preset, undo) replaces what is shown.
        key={speed}
        id={`${id}-speed`}
        type="number"
        inputMode="decimal"
        min={CLIP_SPEED.min}
        max={CLIP_SPEED.max}
        step={0.05}
        defaultValue={speed}
        aria-describedby={`${id}-hint`}
        onBlur={(e) => Number(e.target.value) !== speed && commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
        className={cn(field, 'w-20 tabular-nums')}
      />
      <span id={`${id}-hint`} className="text-xs text-muted-foreground">
        {CLIP_SPEED.min}–{CLIP_SPEED.max}x, pitch kept
      </span>
    </div>
  );
}
