import { useAtomValue, useSetAtom } from 'jotai';
import {
  Flag,
  Keyboard,
  Magnet,
  Maximize2,
  Redo2,
  Scissors,
  Undo2,
  WrapText,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { Button } from '@core/ui/button';
import { cn } from '@core/ui/cn';
import {
  addMarkerAtom,
  canRedoAtom,
  canUndoAtom,
  markersAtom,
  moveClipsAtom,
  playheadFrameAtom,
  pxPerFrameAtom,
  rippleAtom,
  seekFrameAtom,
  selectClipAtom,
  selectionAtom,
  redoAtom,
  setClipFadeAtom,
  setTrackMixAtom,
  setViewportWidthAtom,
  settingsAtom,
  snappingAtom,
  splitAtPlayheadAtom,
  timelineAtom,
  toggleRippleAtom,
  toggleSnappingAtom,
  trimClipAtom,
  undoAtom,
  zoomAtom,
} from '../atoms';
import {
  accepts,
  clipSpeed,
  end,
  fadeFrames,
  formatTimecode,
  snap,
  snapMove,
  snapPoints,
  timelineLength,
  TRACKS,
  type Clip,
  type TrackId,
} from '../model/tracks';
import { ClipFilmstrip, ClipWaveform, FadeHandle } from './clip-strips';
import { ClipInspector, clipLabel } from './clip-inspector';
import { KeyframeDiamonds } from './keyframe-controls';
import { mainCuts } from '../model/transitions';
import { inWindow, rulerTicks, viewWindow, type ViewWindow } from '../model/view-window';
import { MarkerEditor, MarkerFlags } from './timeline-markers';
import { TransitionMarkers } from './transition-markers';

// The time-scaled timeline: a ruler, one lane per track, clips as wide as they last at the current zoom,
// trim handles on both edges, drag to move (onto another lane too), the playhead, and keyboard access:
// a focused clip moves with Alt+arrows (Shift: a second; Up/Down: another track), a focused trim handle
// trims with the arrows. Clips with sound show their waveform with the volume line (and, selected, fade
// handles); video clips show a filmstrip (clip-strips.tsx).

const LANE_H = 56;
/** A clip's box inside its lane (top-1 bottom-1). */
const CLIP_H = LANE_H - 8;
const FILMSTRIP_H = 28;
const RULER_H = 24;
const LABEL_W = 148;
/** A clip box at least this wide (px) holds all it draws but a selection or focus ring (see `contained`). */
const CONTAINED_MIN_W = 32;

const CLIP_COLOURS: Record<string, string> = {
  video: 'bg-sky-700 text-white',
  image: 'bg-emerald-700 text-white',
  title: 'bg-amber-400 text-black',
  audio: 'bg-violet-700 text-white',
};

/** Ruler step in frames: the smallest of a few round steps that leaves at least 64 px between labels. */
export function rulerStep(fps: number, pxPerFrame: number): number {
  const steps = [
    1,
    2,
    5,
    10,
    fps / 2,
    fps,
    2 * fps,
    5 * fps,
    10 * fps,
    15 * fps,
    30 * fps,
    60 * fps,
    120 * fps,
    300 * fps,
    600 * fps,
    1800 * fps,
  ];
  return steps.find((s) => Number.isInteger(s) && s * pxPerFrame >= 64) ?? 3600 * fps;
}

type Drag =
  | {
      kind: 'move';
      ids: string[];
      x0: number;
      track0: TrackId;
      delta: number;
      track: TrackId;
      moved: boolean;
    }
  | { kind: 'trim'; id: string; edge: 'start' | 'end'; x0: number; from: number; to: number };

/** The selected clip's inspector: it reads its own state, so the timeline's zoom and scroll leave it be. */
const Inspector = memo(ClipInspector);

/** What the timeline does with a clip's input; one object for the timeline's life (see TrackTimeline's `actions`). */
interface ClipActions {
  clipPointerDown: (e: ReactPointerEvent, clip: Clip) => void;
  clipKeyDown: (e: ReactKeyboardEvent, clip: Clip) => void;
  handlePointerDown: (e: ReactPointerEvent, clip: Clip, edge: 'start' | 'end') => void;
  handleKeyDown: (e: ReactKeyboardEvent, clip: Clip, edge: 'start' | 'end') => void;
  setFade: (id: string, edge: 'in' | 'out', frames: number) => void;
}

/**
 * A clip inside its positioned box: its button and label, what it shows of its media, its fade and trim
 * handles. Memoized: the box's left and width follow the zoom in TrackTimeline, while a clip away from the
 * view gets `ppf` 0 and no window, so its props stay the same through a zoom step or a scroll and React
 * skips it. Only the clips near the view (`win` set) draw their waveform, filmstrip and keyframe marks.
 */
const ClipBody = memo(function ClipBody({
  clip: c,
  trackName,
  fps,
  start,
  len,
  sel,
  moving,
  trimming,
  contentFrames,
  ppf,
  win,
  actions,
}: {
  clip: Clip;
  trackName: string;
  fps: number;
  /** The start and length shown (a trim being dragged moves one edge). */
  start: number;
  len: number;
  sel: boolean;
  moving: boolean;
  trimming: boolean;
  contentFrames: number;
  /** Px per frame, for a clip near the view (0 otherwise). */
  ppf: number;
  /** The window drawn in full (model/view-window.ts), for a clip near the view; null otherwise. */
  win: ViewWindow | null;
  actions: ClipActions;
}) {
  const label = clipLabel(c.item);
  const name = `${label}, ${trackName}, ${formatTimecode(c.start, fps)} to ${formatTimecode(end(c), fps)}`;
  const media = c.item.type === 'video' || c.item.type === 'audio' ? c.item : null;
  // The part of the source shown follows the edge being dragged, as it will after the trim.
  // A clip at another speed shows `speed` source frames per timeline frame.
  const speed = clipSpeed(c);
  const inFrame = Math.max(0, c.in + (start - c.start) * speed);
  const fades = fadeFrames(c, fps);
  const widthPx = Math.max(2, len * ppf);
  const waveH = c.item.type === 'video' ? CLIP_H - FILMSTRIP_H : CLIP_H - 14;
  return (
    <>
      <div
        role="button"
        tabIndex={0}
        aria-label={name}
        aria-pressed={sel}
        title={label}
        data-clip-id={c.id}
        onPointerDown={(e) => actions.clipPointerDown(e, c)}
        onKeyDown={(e) => actions.clipKeyDown(e, c)}
        className={cn(
          'relative flex h-full cursor-grab touch-none items-start overflow-hidden rounded-md border text-xs font-medium select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          CLIP_COLOURS[c.item.type],
          media ? 'px-0' : 'items-center px-2',
          sel ? 'ring-2 ring-primary ring-offset-1 ring-offset-background' : 'border-transparent',
          moving && 'opacity-80 shadow-lg',
        )}
      >
        {win && c.item.type === 'video' ? (
          <ClipFilmstrip
            url={c.item.settings.url}
            clip={{ in: inFrame, length: len * speed }}
            fps={fps}
            pxPerFrame={ppf / speed}
            height={FILMSTRIP_H}
            visible={{ from: win.from - start * ppf, to: win.to - start * ppf }}
          />
        ) : null}
        {win && media ? (
          <ClipWaveform
            url={media.settings.url}
            label={label}
            inSec={inFrame / fps}
            durSec={(len * speed) / fps}
            widthPx={widthPx}
            height={waveH}
            gainDb={media.gain_db ?? 0}
            fadeInPx={fades.in * ppf}
            fadeOutPx={fades.out * ppf}
            muted={media.type === 'video' && media.settings.muted === true}
          />
        ) : null}
        <span
          className={cn(
            'relative truncate',
            media && 'm-0.5 rounded bg-black/45 px-1 leading-4 text-white',
          )}
        >
          {label}
        </span>
        {win ? <KeyframeDiamonds clip={c} from={start} pxPerFrame={ppf} /> : null}
      </div>
      {media && sel && !trimming
        ? (['in', 'out'] as const).map((edge) => (
            <FadeHandle
              key={edge}
              edge={edge}
              label={label}
              frames={fades[edge]}
              maxFrames={c.length - fades[edge === 'in' ? 'out' : 'in']}
              fps={fps}
              pxPerFrame={ppf}
              onChange={(f) => actions.setFade(c.id, edge, f)}
            />
          ))
        : null}
      {(['start', 'end'] as const).map((edge) => (
        <div
          key={edge}
          role="slider"
          tabIndex={0}
          aria-label={`Trim ${edge} of ${label}`}
          aria-valuemin={0}
          aria-valuemax={contentFrames}
          aria-valuenow={edge === 'start' ? c.start : end(c)}
          aria-valuetext={formatTimecode(edge === 'start' ? c.start : end(c), fps)}
          onPointerDown={(e) => actions.handlePointerDown(e, c, edge)}
          onKeyDown={(e) => actions.handleKeyDown(e, c, edge)}
          className={cn(
            'absolute top-0 bottom-0 w-2 cursor-ew-resize touch-none rounded-sm bg-white/70 opacity-0 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-ring',
            edge === 'start' ? 'left-0' : 'right-0',
            sel && 'opacity-100',
          )}
        />
      ))}
    </>
  );
});

/** The timeline's tools. Their own component (memoized, reading their own state), so a zoom step or a scroll,
 * which re-renders the timeline, leaves the toolbar's buttons and icons as they are. */
const TimelineTools = memo(function TimelineTools({
  onShowShortcuts,
}: {
  onShowShortcuts: () => void;
}) {
  const ripple = useAtomValue(rippleAtom);
  const snapping = useAtomValue(snappingAtom);
  const split = useSetAtom(splitAtPlayheadAtom);
  const addMarker = useSetAtom(addMarkerAtom);
  const toggleRipple = useSetAtom(toggleRippleAtom);
  const toggleSnapping = useSetAtom(toggleSnappingAtom);
  const zoom = useSetAtom(zoomAtom);
  const canUndo = useAtomValue(canUndoAtom);
  const canRedo = useAtomValue(canRedoAtom);
  const undo = useSetAtom(undoAtom);
  const redo = useSetAtom(redoAtom);
  return (
    // On a phone the tools show their icons only (their names stay for screen readers), two rows instead of three.
    <div className="flex flex-wrap items-center gap-1" role="toolbar" aria-label="Timeline tools">
      <Button
        variant="ghost"
        size="sm"
        onClick={undo}
        disabled={!canUndo}
        aria-label="Undo"
        title="Undo (Ctrl+Z)"
      >
        <Undo2 aria-hidden="true" />
        <span className="max-sm:sr-only">Undo</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={redo}
        disabled={!canRedo}
        aria-label="Redo"
        title="Redo (Ctrl+Shift+Z)"
      >
        <Redo2 aria-hidden="true" />
        <span className="max-sm:sr-only">Redo</span>
      </Button>
      <Button variant="ghost" size="sm" onClick={split} title="Split at playhead (S)">
        <Scissors aria-hidden="true" />
        <span className="max-sm:sr-only">Split</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => addMarker()}
        title="Add a marker at the playhead (M)"
      >
        <Flag aria-hidden="true" />
        <span className="max-sm:sr-only">Marker</span>
      </Button>
      <Button
        variant={ripple ? 'secondary' : 'ghost'}
        size="sm"
        onClick={toggleRipple}
        aria-pressed={ripple}
        title="Ripple: deleting and trimming moves the rest of the track"
      >
        <WrapText aria-hidden="true" />
        <span className="max-sm:sr-only">Ripple</span>
      </Button>
      <Button
        variant={snapping ? 'secondary' : 'ghost'}
        size="sm"
        onClick={toggleSnapping}
        aria-pressed={snapping}
        title="Snapping (N)"
      >
        <Magnet aria-hidden="true" />
        <span className="max-sm:sr-only">Snap</span>
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        onClick={() => zoom('out')}
        aria-label="Zoom out"
        title="Zoom out (-)"
      >
        <ZoomOut aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        onClick={() => zoom('in')}
        aria-label="Zoom in"
        title="Zoom in (+)"
      >
        <ZoomIn aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        onClick={() => zoom('fit')}
        aria-label="Zoom to fit"
        title="Zoom to fit (Shift+Z)"
      >
        <Maximize2 aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        onClick={onShowShortcuts}
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
      >
        <Keyboard aria-hidden="true" />
      </Button>
    </div>
  );
});

/** The lanes' names with their mute and solo buttons, left of the scrolling part (memoized, as the tools). */
const TrackLabels = memo(function TrackLabels() {
  const settings = useAtomValue(settingsAtom);
  const setMix = useSetAtom(setTrackMixAtom);
  const mix = settings.trackMix ?? {};
  return (
    <div className="shrink-0 border-r bg-muted/40" style={{ width: LABEL_W }}>
      <div style={{ height: RULER_H }} className="border-b" />
      {TRACKS.map((t) => (
        <div
          key={t.id}
          style={{ height: LANE_H }}
          className="flex items-center justify-between gap-1 border-b px-2 last:border-b-0"
        >
          <span className="truncate text-xs font-medium">{t.name}</span>
          {t.kind === 'audio' || t.kind === 'main' || t.kind === 'overlay' ? (
            <span className="flex shrink-0 gap-0.5">
              <button
                type="button"
                aria-pressed={!!mix[t.id]?.muted}
                aria-label={`Mute ${t.name}`}
                title={`Mute ${t.name}`}
                onClick={() => setMix(t.id, { muted: !mix[t.id]?.muted })}
                className={cn(
                  'size-6 rounded text-[11px] font-semibold',
                  mix[t.id]?.muted
                    ? 'bg-destructive text-white'
                    : 'text-muted-foreground hover:bg-accent',
                )}
              >
                M
              </button>
              <button
                type="button"
                aria-pressed={!!mix[t.id]?.solo}
                aria-label={`Solo ${t.name}`}
                title={`Solo ${t.name}`}
                onClick={() => setMix(t.id, { solo: !mix[t.id]?.solo })}
                className={cn(
                  'size-6 rounded text-[11px] font-semibold',
                  mix[t.id]?.solo
                    ? 'bg-amber-400 text-black'
                    : 'text-muted-foreground hover:bg-accent',
                )}
              >
                S
              </button>
            </span>
          ) : null}
        </div>
      ))}
    </div>
  );
});

export function TrackTimeline({ onShowShortcuts }: { onShowShortcuts: () => void }) {
  const tl = useAtomValue(timelineAtom);
  const playhead = useAtomValue(playheadFrameAtom);
  const selection = useAtomValue(selectionAtom);
  const markers = useAtomValue(markersAtom);
  const markerFrames = useMemo(() => markers.map((m) => m.frame), [markers]);
  const [openMarker, setOpenMarker] = useState<string | null>(null);
  const closeMarker = useCallback(() => setOpenMarker(null), []);
  const ppf = useAtomValue(pxPerFrameAtom);
  const snapping = useAtomValue(snappingAtom);
  const select = useSetAtom(selectClipAtom);
  const seekFrame = useSetAtom(seekFrameAtom);
  const move = useSetAtom(moveClipsAtom);
  const trim = useSetAtom(trimClipAtom);
  const zoom = useSetAtom(zoomAtom);
  const setViewport = useSetAtom(setViewportWidthAtom);
  const setFade = useSetAtom(setClipFadeAtom);
  const scrollRef = useRef<HTMLDivElement>(null);
  // The part of the lanes drawn in full (px, model/view-window.ts): ruler ticks, waveforms, filmstrips and
  // keyframe marks only there, so a long project zoomed in draws and re-renders what is near the view.
  const [win, setWin] = useState<ViewWindow>(() => viewWindow(0, 2000));
  const lanesRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const fps = tl.fps;

  // The visible width sets what "fit" means; Ctrl+wheel zooms (the page must not zoom instead).
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    // The window moves in steps: most scroll frames leave it (and the timeline) as it is.
    const follow = () => {
      const next = viewWindow(el.scrollLeft, el.clientWidth || 2000);
      setWin((w) => (w.from === next.from && w.to === next.to ? w : next));
    };
    const measure = () => {
      setViewport(el.clientWidth - 16);
      follow();
    };
    let raf = 0;
    const onScroll = () => {
      cancelAnimationFrame(raf);
      raf = requestAnimationFrame(follow);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    measure();
    // A project opens zoomed to fit.
    zoom('fit');
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : null;
    ro?.observe(el);
    const onWheel = (e: WheelEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      e.preventDefault();
      zoom(e.deltaY < 0 ? 'in' : 'out');
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      ro?.disconnect();
      cancelAnimationFrame(raf);
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('wheel', onWheel);
    };
  }, [setViewport, zoom]);

  const length = timelineLength(tl);
  // An empty project opens zoomed to one second; its first clip zooms out to fit it, as an open project
  // does (a user adding a 5 s title would otherwise see its first second only). Later edits keep the zoom.
  const empty = length === 0;
  const wasEmpty = useRef(empty);
  useEffect(() => {
    if (wasEmpty.current && !empty) zoom('fit');
    wasEmpty.current = empty;
  }, [empty, zoom]);
  const contentFrames = Math.max(
    length + 5 * fps,
    Math.ceil((scrollRef.current?.clientWidth ?? 800) / ppf),
  );
  const width = contentFrames * ppf;
  const step = rulerStep(fps, ppf);
  const ticks = rulerTicks(win, ppf, step, contentFrames);

  const frameAt = (clientX: number) => {
    const rect = lanesRef.current?.getBoundingClientRect();
    return Math.max(0, Math.round((clientX - (rect?.left ?? 0)) / ppf));
  };
  const trackAt = (clientY: number): TrackId | null => {
    const rect = lanesRef.current?.getBoundingClientRect();
    const i = Math.floor((clientY - (rect?.top ?? 0)) / LANE_H);
    return TRACKS[i]?.id ?? null;
  };

  const onClipPointerDown = (e: ReactPointerEvent, clip: Clip) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    const add = e.shiftKey || e.ctrlKey || e.metaKey;
    if (add || !selection.includes(clip.id)) select(clip.id, add);
    const ids =
      add || !selection.includes(clip.id)
        ? add
          ? [...new Set([...selection, clip.id])]
          : [clip.id]
        : [...selection];
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    setDrag({
      kind: 'move',
      ids,
      x0: e.clientX,
      track0: clip.track,
      delta: 0,
      track: clip.track,
      moved: false,
    });
  };
  const onHandlePointerDown = (e: ReactPointerEvent, clip: Clip, edge: 'start' | 'end') => {
    if (e.button !== 0) return;
    e.stopPropagation();
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    const from = edge === 'start' ? clip.start : end(clip);
    setDrag({ kind: 'trim', id: clip.id, edge, x0: e.clientX, from, to: from });
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (!drag) return;
    const raw = Math.round((e.clientX - drag.x0) / ppf);
    if (drag.kind === 'move') {
      const delta = snapping
        ? snapMove(tl, drag.ids, raw, snapPoints(tl, playhead, markerFrames, drag.ids), ppf)
        : raw;
      const over = trackAt(e.clientY) ?? drag.track;
      setDrag({
        ...drag,
        delta,
        track: over,
        moved: drag.moved || Math.abs(e.clientX - drag.x0) > 3 || over !== drag.track0,
      });
    } else {
      const to = drag.from + raw;
      setDrag({
        ...drag,
        to: snapping ? snap(to, snapPoints(tl, playhead, markerFrames, [drag.id]), ppf) : to,
      });
    }
  };
  const onPointerUp = () => {
    if (!drag) return;
    if (drag.kind === 'move' && drag.moved)
      move(drag.ids, drag.delta, drag.track !== drag.track0 ? drag.track : undefined);
    if (drag.kind === 'trim' && drag.to !== drag.from) trim(drag.id, drag.edge, drag.to);
    setDrag(null);
  };

  const onClipKeyDown = (e: ReactKeyboardEvent, clip: Clip) => {
    if (e.key === 'Enter') {
      select(clip.id, e.shiftKey || e.ctrlKey || e.metaKey);
      e.preventDefault();
      return;
    }
    if (!e.altKey) return;
    const ids = selection.includes(clip.id) ? [...selection] : [clip.id];
    const by = e.shiftKey ? fps : 1;
    const i = TRACKS.findIndex((t) => t.id === clip.track);
    const nextTrack = (dir: -1 | 1) => {
      for (let j = i + dir; j >= 0 && j < TRACKS.length; j += dir)
        if (accepts(TRACKS[j]!.id, clip.item.type)) return TRACKS[j]!.id;
      return null;
    };
    if (e.key === 'ArrowLeft') move(ids, -by);
    else if (e.key === 'ArrowRight') move(ids, by);
    else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      const t = nextTrack(e.key === 'ArrowUp' ? -1 : 1);
      if (t) move(ids, 0, t);
    } else return;
    e.preventDefault();
  };
  const onHandleKeyDown = (e: ReactKeyboardEvent, clip: Clip, edge: 'start' | 'end') => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const by = (e.shiftKey ? fps : 1) * (e.key === 'ArrowLeft' ? -1 : 1);
    trim(clip.id, edge, (edge === 'start' ? clip.start : end(clip)) + by);
    e.preventDefault();
  };

  // The clips' handlers read the timeline's latest state (set after each commit, before any input reaches
  // them) through one object that never changes, so they never break ClipBody's memo.
  const latest = useRef({
    onClipPointerDown,
    onClipKeyDown,
    onHandlePointerDown,
    onHandleKeyDown,
    setFade,
  });
  useLayoutEffect(() => {
    latest.current = {
      onClipPointerDown,
      onClipKeyDown,
      onHandlePointerDown,
      onHandleKeyDown,
      setFade,
    };
  });
  const actions = useMemo<ClipActions>(
    () => ({
      clipPointerDown: (e, clip) => latest.current.onClipPointerDown(e, clip),
      clipKeyDown: (e, clip) => latest.current.onClipKeyDown(e, clip),
      handlePointerDown: (e, clip, edge) => latest.current.onHandlePointerDown(e, clip, edge),
      handleKeyDown: (e, clip, edge) => latest.current.onHandleKeyDown(e, clip, edge),
      setFade: (id, edge, frames) => latest.current.setFade(id, edge, frames),
    }),
    [],
  );
  const clipsByTrack = useMemo(() => {
    const m = new Map<TrackId, Clip[]>();
    for (const c of tl.clips) m.set(c.track, [...(m.get(c.track) ?? []), c]);
    return m;
  }, [tl.clips]);
  const cuts = useMemo(() => mainCuts(tl), [tl]);

  return (
    <section
      aria-labelledby="tracks-heading"
      className="rounded-xl border bg-card p-3 shadow-sm sm:p-4"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="tracks-heading" className="font-semibold">
          Tracks
        </h2>
        <output
          aria-label="Playhead"
          className="font-mono text-xs tabular-nums text-muted-foreground"
        >
          {formatTimecode(playhead, fps)} / {formatTimecode(length, fps)}
        </output>
        <TimelineTools onShowShortcuts={onShowShortcuts} />
      </div>
      <div className="flex overflow-hidden rounded-lg border">
        <TrackLabels />
        <div
          ref={scrollRef}
          tabIndex={0}
          aria-label="Timeline, scrolls sideways"
          className="relative min-w-0 flex-1 overflow-x-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          data-testid="timeline-scroll"
        >
          <div className="relative" style={{ width }}>
            <div
              role="slider"
              tabIndex={-1}
              aria-label="Timeline ruler"
              aria-valuemin={0}
              aria-valuemax={length}
              aria-valuenow={playhead}
              aria-valuetext={formatTimecode(playhead, fps)}
              className="relative cursor-pointer border-b bg-muted/30 select-none"
              style={{ height: RULER_H }}
              onPointerDown={(e) => seekFrame(frameAt(e.clientX))}
            >
              {ticks.map((f) => (
                <span
                  key={f}
                  className="absolute top-0 h-full border-l border-muted-foreground/30 pl-1 text-[10px] leading-6 text-muted-foreground tabular-nums"
                  style={{ left: f * ppf }}
                >
                  {formatTimecode(f, fps)}
                </span>
              ))}
            </div>
            <div
              ref={lanesRef}
              className="relative"
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={() => setDrag(null)}
            >
              {TRACKS.map((t) => (
                <div
                  key={t.id}
                  role="group"
                  aria-label={`Track: ${t.name}`}
                  data-track={t.id}
                  style={{ height: LANE_H }}
                  className={cn(
                    'relative border-b last:border-b-0',
                    drag?.kind === 'move' && drag.track === t.id && 'bg-primary/5',
                  )}
                  onPointerDown={(e) => {
                    if (e.target === e.currentTarget) select(null);
                  }}
                >
                  {clipsByTrack.get(t.id)?.map((c) => {
                    const sel = selection.includes(c.id);
                    const moving = drag?.kind === 'move' && drag.ids.includes(c.id) && drag.moved;
                    const trimming = drag?.kind === 'trim' && drag.id === c.id ? drag : null;
                    let start = c.start;
                    let len = c.length;
                    if (trimming?.edge === 'start') {
                      start = Math.min(end(c) - 1, trimming.to);
                      len = end(c) - start;
                    } else if (trimming) len = Math.max(1, trimming.to - c.start);
                    const widthPx = Math.max(2, len * ppf);
                    // Away from the view a clip is its box and label; what it shows of its media is drawn near the view.
                    const near = sel || !!trimming || moving || inWindow(win, start * ppf, widthPx);
                    // A clip box out of the view is skipped by the browser's style, layout and paint
                    // (content-visibility: auto; its size is its box's), which a zoom step otherwise redoes for
                    // all 100 clips of a long project. Its paint containment would clip what spills out of the
                    // box: the ring of a selected, moved or focused clip, and the label's padding of a clip
                    // narrower than CONTAINED_MIN_W. Those are drawn as before.
                    const contained = !sel && !moving && !trimming && widthPx >= CONTAINED_MIN_W;
                    return (
                      <div
                        key={c.id}
                        className={cn(
                          'absolute top-1 bottom-1',
                          contained &&
                            '[content-visibility:auto] has-[:focus-visible]:[content-visibility:visible]',
                        )}
                        style={{
                          left: start * ppf,
                          width: widthPx,
                          transform: moving
                            ? `translate(${drag.delta * ppf}px, ${(TRACKS.findIndex((x) => x.id === drag.track) - TRACKS.findIndex((x) => x.id === t.id)) * LANE_H}px)`
                            : undefined,
                        }}
                      >
                        <ClipBody
                          clip={c}
                          trackName={t.name}
                          fps={fps}
                          start={start}
                          len={len}
                          sel={sel}
                          moving={moving}
                          trimming={!!trimming}
                          contentFrames={contentFrames}
                          // Only a clip drawn in full follows the zoom and the window: the rest keep their
                          // props, so a zoom step or a scroll re-renders the clips near the view only.
                          ppf={near ? ppf : 0}
                          win={near ? win : null}
                          actions={actions}
                        />
                      </div>
                    );
                  })}
                </div>
              ))}
              <TransitionMarkers
                cuts={cuts}
                fps={fps}
                pxPerFrame={ppf}
                top={TRACKS.findIndex((x) => x.id === 'main') * LANE_H}
                height={LANE_H}
                selected={selection}
                onSelect={(id) => select(id)}
              />
            </div>
            <div
              aria-hidden="true"
              className="pointer-events-none absolute top-0 bottom-0 w-0.5 bg-red-500"
              style={{ left: playhead * ppf }}
              data-testid="playhead"
            />
            <MarkerFlags
              fps={fps}
              pxPerFrame={ppf}
              height={RULER_H}
              open={openMarker}
              onOpen={setOpenMarker}
            />
          </div>
        </div>
      </div>
      {openMarker ? (
        <MarkerEditor key={openMarker} id={openMarker} fps={fps} onClose={closeMarker} />
      ) : null}
      <Inspector />
    </section>
  );
}
