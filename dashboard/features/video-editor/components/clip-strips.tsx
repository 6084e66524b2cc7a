import {
  useMemo,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { cn } from '@core/ui/cn';
import { useClipPeaks, useThumbnails } from '../media/clip-media';
import {
  clipPeaks,
  filmstripPlan,
  PEAKS_PER_SECOND,
  volumeLinePoints,
  waveformPath,
} from '../model/media-strips';

// What a clip on the timeline shows of its media: a waveform of the part of its source it plays (with the
// volume line and its fades over it) and, for video, a filmstrip. Both follow the clip's in and out
// points, so a trim redraws them from the cached source.

/** At most this many columns a waveform, however wide the clip: the SVG stretches them. */
const MAX_COLUMNS = 1500;

export function ClipWaveform({
  url,
  label,
  inSec,
  durSec,
  widthPx,
  height,
  gainDb,
  fadeInPx,
  fadeOutPx,
  muted,
}: {
  url: string;
  label: string;
  inSec: number;
  durSec: number;
  widthPx: number;
  height: number;
  gainDb: number;
  fadeInPx: number;
  fadeOutPx: number;
  muted?: boolean;
}) {
  const peaks = useClipPeaks(url);
  const columns = Math.max(1, Math.min(MAX_COLUMNS, Math.ceil(widthPx / 2)));
  // The waveform is drawn at the clip's gain (so a quieter clip looks quieter), never past the box.
  const scale = muted ? 0 : 10 ** (gainDb / 20);
  // Made again only when what it shows changes: not when another thumbnail or peak list arrives.
  const path = useMemo(
    () =>
      peaks
        ? waveformPath(
            clipPeaks(peaks, PEAKS_PER_SECOND, inSec, durSec, columns),
            columns,
            height,
            scale,
          )
        : '',
    [peaks, inSec, durSec, columns, height, scale],
  );
  if (!peaks || widthPx < 1) return null;
  const k = columns / widthPx;
  return (
    <svg
      role="img"
      aria-label={`Waveform of ${label}`}
      viewBox={`0 0 ${columns} ${height}`}
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-x-0 bottom-0 w-full"
      style={{ height }}
    >
      <path data-testid="waveform" d={path} className="fill-white/55" />
      <polyline
        data-testid="volume-line"
        points={volumeLinePoints(columns, height, gainDb, fadeInPx * k, fadeOutPx * k)}
        className="fill-none stroke-yellow-300"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

export function ClipFilmstrip({
  url,
  clip,
  fps,
  pxPerFrame,
  height,
  visible,
}: {
  url: string;
  clip: { in: number; length: number };
  fps: number;
  pxPerFrame: number;
  height: number;
  visible: { from: number; to: number };
}) {
  const thumbWidth = Math.round((height * 16) / 9);
  const { slots } = filmstripPlan(clip, pxPerFrame, thumbWidth, visible);
  const px = Math.min(
    2,
    Math.max(1, Math.round(typeof devicePixelRatio === 'number' ? devicePixelRatio : 1)),
  );
  const times = slots.map((s) => Math.round((s.frame / fps) * 1000) / 1000);
  const srcs = useThumbnails(url, height * px, times);
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0 top-0 overflow-hidden"
      style={{ height }}
      data-testid="filmstrip"
    >
      {slots.map((s, i) =>
        srcs[i] ? (
          <img
            key={s.frame}
            src={srcs[i]}
            alt=""
            draggable={false}
            className="absolute top-0 object-cover opacity-90"
            style={{ left: s.x, width: s.width, height }}
          />
        ) : null,
      )}
    </div>
  );
}

/**
 * A fade handle at the top of a clip: drag it (or use the arrows, Shift for a second) to set the fade's
 * length in frames. The change is made once, on release, as one undo step.
 */
export function FadeHandle({
  edge,
  label,
  frames,
  maxFrames,
  fps,
  pxPerFrame,
  onChange,
}: {
  edge: 'in' | 'out';
  label: string;
  frames: number;
  maxFrames: number;
  fps: number;
  pxPerFrame: number;
  onChange: (frames: number) => void;
}) {
  const [drag, setDrag] = useState<{ x0: number; from: number; to: number } | null>(null);
  const shown = drag ? drag.to : frames;
  const clamp = (f: number) => Math.max(0, Math.min(maxFrames, Math.round(f)));
  const dir = edge === 'in' ? 1 : -1;
  const onPointerDown = (e: ReactPointerEvent) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    setDrag({ x0: e.clientX, from: frames, to: frames });
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (!drag) return;
    e.stopPropagation();
    setDrag({ ...drag, to: clamp(drag.from + (dir * (e.clientX - drag.x0)) / pxPerFrame) });
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    if (!drag) return;
    e.stopPropagation();
    if (drag.to !== drag.from) onChange(drag.to);
    setDrag(null);
  };
  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    e.stopPropagation();
    const by = (e.shiftKey ? fps : 1) * (e.key === 'ArrowRight' ? 1 : -1) * dir;
    const next = clamp(frames + by);
    if (next !== frames) onChange(next);
  };
  const name = edge === 'in' ? 'Fade in' : 'Fade out';
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={`${name} of ${label}`}
      aria-valuemin={0}
      aria-valuemax={maxFrames}
      aria-valuenow={shown}
      aria-valuetext={`${(shown / fps).toFixed(2)} seconds`}
      title={`${name}: drag along the clip`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
      onKeyDown={onKeyDown}
      className={cn(
        'absolute top-0 z-10 size-3 -translate-x-1/2 cursor-ew-resize touch-none rounded-full border border-black/40 bg-yellow-300 focus-visible:outline-2 focus-visible:outline-ring',
      )}
      style={
        edge === 'in'
          ? { left: Math.max(14, shown * pxPerFrame) }
          : { left: `calc(100% - ${Math.max(14, shown * pxPerFrame)}px)` }
      }
    />
  );
}
