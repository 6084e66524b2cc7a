import { useAtomValue, useSetAtom } from 'jotai';
import { Diamond, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@core/ui/button';
import { cn } from '@core/ui/cn';
import {
  addKeyframeAtom,
  playheadFrameAtom,
  removeKeyframeAtom,
  seekFrameAtom,
  timelineAtom,
  updateKeyframeAtom,
} from '../atoms';
import {
  clipTimelineFrame,
  EASING_LABELS,
  EASINGS,
  KEYFRAME_PROP_DEFS,
  keyframeMarks,
  keyframeProps,
  type Easing,
  type Keyframe,
  type KeyframeProp,
} from '../model/keyframes';
import { formatTimecode, type Clip } from '../model/tracks';

// The clip inspector's Keyframes section: pick a property, "Add keyframe" at the playhead (inside the clip)
// holding the value it has there, then each keyframe's value, easing (with a Bezier's control points) and
// Delete; its time seeks the playhead there. The timeline draws a diamond on the clip at each keyframe.
// Every change is one undo step (a value or Bezier is committed on Enter or when the field is left).

const field =
  'h-8 rounded-md border bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** A number field committed on Enter or blur, so typing "120" is one undo step, not three. */
function CommitInput({
  value,
  onCommit,
  label,
  className,
  type = 'number',
  min,
  max,
  step,
}: {
  value: string;
  onCommit: (text: string) => void;
  label: string;
  className?: string;
  type?: 'number' | 'text';
  min?: number;
  max?: number;
  step?: number;
}) {
  return (
    <input
      // A new value from outside (undo) replaces what is shown.
      key={value}
      type={type}
      inputMode={type === 'number' ? 'decimal' : undefined}
      defaultValue={value}
      min={min}
      max={max}
      step={step}
      aria-label={label}
      onBlur={(e) => e.target.value !== value && onCommit(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
      }}
      className={cn(field, 'tabular-nums', className)}
    />
  );
}

const parseBezier = (text: string): [number, number, number, number] | null => {
  const n = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  return n.length === 4 && n.every(Number.isFinite)
    ? (n as [number, number, number, number])
    : null;
};

export function KeyframeControls({ clip, label }: { clip: Clip; label: string }) {
  const tl = useAtomValue(timelineAtom);
  const playhead = useAtomValue(playheadFrameAtom);
  const add = useSetAtom(addKeyframeAtom);
  const update = useSetAtom(updateKeyframeAtom);
  const remove = useSetAtom(removeKeyframeAtom);
  const seek = useSetAtom(seekFrameAtom);
  const props = keyframeProps(clip.item);
  const [picked, setPicked] = useState<KeyframeProp>(props[0] ?? 'opacity');
  const id = useId();
  if (props.length === 0) return null;
  const prop = props.includes(picked) ? picked : props[0]!;
  const inside = playhead >= clip.start && playhead < clip.start + clip.length;
  const rows = props
    .flatMap((p) =>
      (clip.item.keyframes?.[p] ?? []).map((kf) => ({
        prop: p,
        kf,
        frame: Math.round(clipTimelineFrame(clip, kf.frame)),
      })),
    )
    .sort((a, b) => a.frame - b.frame || props.indexOf(a.prop) - props.indexOf(b.prop));
  const fps = tl.fps;
  return (
    <div role="group" aria-label={`Keyframes of ${label}`} className="space-y-2 border-t pt-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={`${id}-prop`} className="min-w-16 shrink-0">
          Keyframes
        </label>
        <select
          id={`${id}-prop`}
          value={prop}
          onChange={(e) => setPicked(e.target.value as KeyframeProp)}
          className={cn(field, 'min-w-32 flex-1')}
        >
          {props.map((p) => (
            <option key={p} value={p}>
              {KEYFRAME_PROP_DEFS[p].label}
            </option>
          ))}
        </select>
        <Button
          variant="outline"
          size="sm"
          className="h-8"
          disabled={!inside}
          onClick={() => add(clip.id, prop)}
          title={
            inside
              ? `Add a ${KEYFRAME_PROP_DEFS[prop].label.toLowerCase()} keyframe at ${formatTimecode(playhead, fps)}`
              : 'Move the playhead into the clip first'
          }
        >
          <Diamond aria-hidden="true" />
          Add keyframe
        </Button>
      </div>
      {rows.length === 0 ? (
        <p className="text-xs text-muted-foreground">
          No keyframes: the clip keeps its place, size, opacity and volume. Add one at the playhead
          to animate a property.
        </p>
      ) : (
        <ul aria-label={`Keyframe list of ${label}`} className="space-y-1.5">
          {rows.map(({ prop: p, kf, frame }) => {
            const def = KEYFRAME_PROP_DEFS[p];
            const at = formatTimecode(frame, fps);
            const name = `${def.label} keyframe at ${at}`;
            return (
              <li
                key={`${p}-${kf.frame}`}
                className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
              >
                <button
                  type="button"
                  onClick={() => seek(frame)}
                  aria-label={`Go to ${name}`}
                  title="Move the playhead here"
                  className="inline-flex items-center gap-1 rounded px-1 font-mono text-xs tabular-nums hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <Diamond
                    aria-hidden="true"
                    className={cn('size-3', frame === playhead && 'fill-current text-amber-500')}
                  />
                  {at}
                </button>
                <span className="min-w-0 truncate text-xs text-muted-foreground sm:w-20 sm:shrink-0">
                  {def.label}
                </span>
                <span className="flex items-center gap-1">
                  <CommitInput
                    value={String(kf.value)}
                    label={`Value of ${name}`}
                    min={def.min}
                    max={def.max}
                    step={def.step}
                    className="w-16 text-right sm:w-20"
                    onCommit={(text) =>
                      text.trim() !== '' && update(clip.id, p, kf.frame, { value: Number(text) })
                    }
                  />
                  <span className="w-5 text-xs text-muted-foreground">{def.unit}</span>
                </span>
                {/* On a phone the easing goes on a line of its own, under the value, with Delete beside the value. */}
                <span className="order-last flex basis-full items-center gap-2 pl-5 sm:order-none sm:basis-auto sm:pl-0">
                  <select
                    aria-label={`Easing of ${name}`}
                    value={kf.easing}
                    onChange={(e) =>
                      update(clip.id, p, kf.frame, { easing: e.target.value as Easing })
                    }
                    className={cn(field, 'w-28')}
                  >
                    {EASINGS.map((e) => (
                      <option key={e} value={e}>
                        {EASING_LABELS[e]}
                      </option>
                    ))}
                  </select>
                  {kf.easing === 'bezier' ? (
                    <BezierInput
                      kf={kf}
                      name={name}
                      onCommit={(bezier) => update(clip.id, p, kf.frame, { bezier })}
                    />
                  ) : null}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  className="ml-auto size-8 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
                  onClick={() => remove(clip.id, p, kf.frame)}
                  aria-label={`Delete ${name}`}
                  title="Delete this keyframe"
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function BezierInput({
  kf,
  name,
  onCommit,
}: {
  kf: Keyframe;
  name: string;
  onCommit: (points: [number, number, number, number]) => void;
}) {
  return (
    <CommitInput
      type="text"
      value={(kf.bezier ?? []).join(', ')}
      label={`Bezier control points of ${name} (x1, y1, x2, y2)`}
      className="w-36 min-w-0"
      onCommit={(text) => {
        const points = parseBezier(text);
        if (points) onCommit(points);
      }}
    />
  );
}

/** The diamonds on a clip in the timeline, one per keyframed frame (the inspector lists and edits them). */
export function KeyframeDiamonds({
  clip,
  from,
  pxPerFrame,
}: {
  clip: Clip;
  from: number;
  pxPerFrame: number;
}) {
  const marks = keyframeMarks(clip);
  if (marks.length === 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="keyframe-diamonds"
      className="pointer-events-none absolute inset-x-0 bottom-1 h-2"
    >
      {marks.map((f) => (
        <span
          key={f}
          data-frame={f}
          className="absolute top-0 size-2 -translate-x-1/2 rotate-45 border border-black/60 bg-amber-300"
          style={{ left: (f - from + 0.5) * pxPerFrame }}
        />
      ))}
    </span>
  );
}
