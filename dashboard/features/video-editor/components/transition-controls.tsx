import { useAtomValue, useSetAtom } from 'jotai';
import { useId } from 'react';
import type { TimelineItem } from '@core/editor/model';
import { setTransitionAtom, timelineAtom } from '../atoms';
import {
  cutBefore,
  defaultTransitionFrames,
  TRANSITION_KINDS,
  TRANSITION_LABELS,
  type TransitionKind,
} from '../model/transitions';

// The clip inspector's Transition row, for a main-track clip that touches the clip before it: the kind
// (None is a hard cut) and the length in whole frames, at most the shorter clip. Each change is one undo step.

export function TransitionControls({
  clipId,
  labelOf,
}: {
  clipId: string;
  labelOf: (item: TimelineItem) => string;
}) {
  const tl = useAtomValue(timelineAtom);
  const setTransition = useSetAtom(setTransitionAtom);
  const id = useId();
  const cut = cutBefore(tl, clipId);
  if (!cut) return null;
  const max = Math.min(cut.left.length, cut.right.length);
  const frames = cut.transition?.frames ?? defaultTransitionFrames(cut, tl.fps);
  const from = labelOf(cut.left.item);
  return (
    <div
      className="flex flex-wrap items-center gap-2 text-sm"
      role="group"
      aria-label={`Transition from ${from}`}
    >
      <label htmlFor={`${id}-kind`} className="w-16 shrink-0">
        Transition
      </label>
      <select
        id={`${id}-kind`}
        value={cut.transition?.kind ?? ''}
        onChange={(e) =>
          setTransition(clipId, (e.target.value || null) as TransitionKind | null, frames)
        }
        className="h-8 min-w-36 flex-1 rounded-md border bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <option value="">None (cut)</option>
        {TRANSITION_KINDS.map((k) => (
          <option key={k} value={k}>
            {TRANSITION_LABELS[k]}
          </option>
        ))}
      </select>
      <label className="flex items-center gap-1">
        <input
          type="number"
          min={1}
          max={max}
          step={1}
          value={frames}
          disabled={!cut.transition}
          aria-label="Transition length in frames"
          onChange={(e) => {
            const n = Math.round(Number(e.target.value));
            if (cut.transition && Number.isFinite(n) && n >= 1)
              setTransition(clipId, cut.transition.kind, n);
          }}
          className="h-8 w-16 rounded-md border bg-background px-2 text-right text-sm tabular-nums focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
        />
        <span className="text-xs text-muted-foreground tabular-nums">
          f · {(frames / tl.fps).toFixed(2)}s
        </span>
      </label>
    </div>
  );
}
