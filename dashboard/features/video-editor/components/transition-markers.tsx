import { Blend } from 'lucide-react';
import { cn } from '@core/ui/cn';
import { formatTimecode } from '../model/tracks';
import { TRANSITION_LABELS, type Cut } from '../model/transitions';
import { clipLabel } from './clip-inspector';

// A marker over each cut of the main track (two clips that touch): a button that selects the clip right of
// the cut, whose inspector sets the transition (clip-inspector.tsx), and, where a transition is set, a band
// as long as it lasts, centred on the cut.

const MARKER = 18;

export function describeCut(cut: Cut, fps: number): string {
  const between = `${clipLabel(cut.left.item)} and ${clipLabel(cut.right.item)} at ${formatTimecode(cut.frame, fps)}`;
  return cut.transition
    ? `Transition between ${between}: ${TRANSITION_LABELS[cut.transition.kind]}, ${cut.transition.frames} frames`
    : `Cut between ${between}: add a transition`;
}

export function TransitionMarkers({
  cuts,
  fps,
  pxPerFrame,
  top,
  height,
  selected,
  onSelect,
}: {
  cuts: readonly Cut[];
  fps: number;
  pxPerFrame: number;
  top: number;
  height: number;
  selected: readonly string[];
  onSelect: (rightId: string) => void;
}) {
  if (cuts.length === 0) return null;
  return (
    <div
      role="group"
      aria-label="Cuts on the main video track"
      className="pointer-events-none absolute inset-x-0"
      style={{ top, height }}
    >
      {cuts.map((cut) => {
        const x = cut.frame * pxPerFrame;
        const on = selected.length === 1 && selected[0] === cut.right.id;
        return (
          <div key={cut.right.id}>
            {cut.transition ? (
              <div
                aria-hidden="true"
                data-testid="transition-band"
                className="absolute top-1 bottom-1 rounded-sm border border-white/70 bg-[repeating-linear-gradient(135deg,rgba(255,255,255,0.35)_0_4px,transparent_4px_8px)]"
                style={{
                  left: x - (cut.transition.frames * pxPerFrame) / 2,
                  width: Math.max(2, cut.transition.frames * pxPerFrame),
                }}
              />
            ) : null}
            <button
              type="button"
              aria-label={describeCut(cut, fps)}
              aria-pressed={on}
              title={
                cut.transition
                  ? `${TRANSITION_LABELS[cut.transition.kind]} · ${cut.transition.frames} f`
                  : 'Add a transition'
              }
              onClick={() => onSelect(cut.right.id)}
              className={cn(
                'pointer-events-auto absolute top-0.5 z-10 inline-flex items-center justify-center rounded-full border shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                cut.transition
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-background text-muted-foreground hover:text-foreground',
                on && 'ring-2 ring-primary ring-offset-1 ring-offset-background',
              )}
              style={{ left: x - MARKER / 2, width: MARKER, height: MARKER }}
            >
              <Blend aria-hidden="true" className="size-3" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
