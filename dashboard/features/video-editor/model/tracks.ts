import type { TimelineItem } from '@core/editor/model';
import { clipSpeed, sourceFrames, type Clip, type Timeline, type TrackId } from './clip';
import { CLIP_SPEED } from '@core/editor/model';
import { normalizeTransitions } from './transitions';

export { clipSpeed, type Clip, type Timeline, type TrackId } from './clip';

// The multi-track timeline in whole frames at the project's frame rate. Pure: every edit takes a Timeline
// and returns a new one, or the very same object when it changes nothing (so undo records nothing).
// Stored projects keep the list of TimelineItems (core/editor/model.ts) in seconds: toItems/fromItems
// convert, and fromItems migrates a project saved by the list editor (items without a track).

export type TrackKind = 'main' | 'overlay' | 'caption' | 'audio';

export interface TrackDef {
  id: TrackId;
  kind: TrackKind;
  name: string;
}

/** Top to bottom as the timeline shows them; pictures are painted bottom up (main, then overlays, then captions). */
export const TRACKS: readonly TrackDef[] = [
  { id: 'caption', kind: 'caption', name: 'Captions' },
  { id: 'overlay-2', kind: 'overlay', name: 'Overlay 2' },
  { id: 'overlay-1', kind: 'overlay', name: 'Overlay 1' },
  { id: 'main', kind: 'main', name: 'Main video' },
  { id: 'audio-1', kind: 'audio', name: 'Audio 1' },
  { id: 'audio-2', kind: 'audio', name: 'Audio 2' },
];

/** Paint order of the picture tracks, bottom first. */
export const PAINT_ORDER: readonly TrackId[] = ['main', 'overlay-1', 'overlay-2', 'caption'];

export const trackDef = (id: TrackId): TrackDef => TRACKS.find((t) => t.id === id)!;

/** Which clip types a track takes: pictures on main and overlays, titles on captions, sound on audio tracks. */
export function accepts(track: TrackId, type: TimelineItem['type']): boolean {
  const kind = trackDef(track).kind;
  if (kind === 'audio') return type === 'audio';
  if (kind === 'caption') return type === 'title';
  return type !== 'audio';
}

export const end = (c: Clip) => c.start + c.length;
const byStart = (a: Clip, b: Clip) => a.start - b.start;

export function trackClips(tl: Timeline, track: TrackId): Clip[] {
  return tl.clips.filter((c) => c.track === track).sort(byStart);
}

/** The project's length in frames: the end of its last clip. */
export function timelineLength(tl: Timeline): number {
  return tl.clips.reduce((m, c) => Math.max(m, end(c)), 0);
}

/** True when no two clips of a track overlap and every position is a whole, non-negative frame. */
export function isValid(tl: Timeline): boolean {
  for (const c of tl.clips) {
    const speed = clipSpeed(c);
    if (![c.start, c.length].every(Number.isInteger) || c.start < 0 || c.length < 1 || !(c.in >= 0))
      return false;
    // At speed 1 the in-point is a whole frame; at another speed it may fall between source frames.
    if (speed === 1 && !Number.isInteger(c.in)) return false;
    if (c.sourceLength !== undefined && sourceFrames(c.in + c.length * speed) > c.sourceLength)
      return false;
    if (!accepts(c.track, c.item.type)) return false;
  }
  for (const t of TRACKS) {
    const cs = trackClips(tl, t.id);
    for (let i = 1; i < cs.length; i++) if (cs[i]!.start < end(cs[i - 1]!)) return false;
  }
  return true;
}

const defaultTrack = (type: TimelineItem['type']): TrackId =>
  type === 'audio' ? 'audio-1' : 'main';

/**
 * Reads stored items into frames. Items without a track (saved by the list editor) are placed the way that
 * editor played them: pictures back to back on the main track, sounds back to back on Audio 1.
 */
export function fromItems(items: readonly TimelineItem[], fps: number): Timeline {
  const packed: Record<string, number> = { main: 0, 'audio-1': 0 };
  const clips = items.map((item): Clip => {
    const length = Math.max(1, Math.round(item.duration * fps));
    const track = item.track ?? defaultTrack(item.type);
    let start: number;
    if (item.track) start = Math.max(0, Math.round(item.start_time * fps));
    else {
      start = packed[track]!;
      packed[track] = start + length;
    }
    const speed = item.speed ?? 1;
    const inFrames = (item.in_point ?? 0) * fps;
    const clip: Clip = {
      id: item.id,
      track,
      start,
      length,
      in: Math.max(0, speed === 1 ? Math.round(inFrames) : sourceFrames(inFrames)),
      item,
    };
    if (item.source_duration !== undefined)
      clip.sourceLength = Math.max(
        Math.ceil(sourceFrames(clip.in + length * speed)),
        Math.round(item.source_duration * fps),
      );
    return clip;
  });
  return { fps, clips };
}

/**
 * The items at another frame rate: each clip's start and end (seconds) go to the nearest frame of `to`, as
 * fromItems rounds a saved project; a clip keeps at least one frame, and a clip that would then overlap the
 * one before it on its track starts where that one ends. Keyframes (source frames) and transitions (whole
 * frames) are counted again at the new rate.
 */
export function changeFps(
  items: readonly TimelineItem[],
  from: number,
  to: number,
): TimelineItem[] {
  const tl = fromItems(items, from);
  const ends: Partial<Record<TrackId, number>> = {};
  const order = new Map(TRACKS.map((t, i) => [t.id, i]));
  const sorted = [...tl.clips].sort(
    (a, b) => order.get(a.track)! - order.get(b.track)! || a.start - b.start,
  );
  const rescaled = sorted.map((c): TimelineItem => {
    const startAt = Math.round((c.start / from) * to);
    const endAt = Math.round(((c.start + c.length) / from) * to);
    const start = Math.max(startAt, ends[c.track] ?? 0);
    const length = Math.max(1, endAt - start);
    ends[c.track] = start + length;
    const item = {
      ...toItems({ fps: from, clips: [c] })[0]!,
      start_time: start / to,
      duration: length / to,
    };
    if (item.transition_in)
      item.transition_in = {
        ...item.transition_in,
        duration: Math.max(1, Math.round(item.transition_in.duration * to)) / to,
      };
    if (item.keyframes) {
      item.keyframes = Object.fromEntries(
        Object.entries(item.keyframes).map(([prop, list]) => [
          prop,
          list?.map((k) => ({ ...k, frame: Math.round((k.frame / from) * to) })),
        ]),
      ) as typeof item.keyframes;
    }
    return item;
  });
  return toItems(fromItems(rescaled, to));
}

/** Writes frames back as stored items (seconds), in track order then time. */
export function toItems(tl: Timeline): TimelineItem[] {
  const order = new Map(TRACKS.map((t, i) => [t.id, i]));
  return [...tl.clips]
    .sort((a, b) => order.get(a.track)! - order.get(b.track)! || a.start - b.start)
    .map((c) => {
      const { in_point: _i, source_duration: _s, ...rest } = c.item;
      const item = {
        ...rest,
        track: c.track,
        start_time: c.start / tl.fps,
        duration: c.length / tl.fps,
      } as TimelineItem;
      if (c.in > 0) item.in_point = c.in / tl.fps;
      if (c.sourceLength !== undefined) item.source_duration = c.sourceLength / tl.fps;
      return item;
    });
}

function replace(tl: Timeline, next: readonly Clip[]): Timeline {
  const t = { fps: tl.fps, clips: next };
  // A transition lives on a cut: it goes when its clips stop touching and shrinks with the shorter clip.
  return isValid(t) ? normalizeTransitions(t, tl) : tl;
}

function update(tl: Timeline, id: string, patch: (c: Clip) => Clip): Timeline {
  const c = tl.clips.find((x) => x.id === id);
  if (!c) return tl;
  const n = patch(c);
  if (n.start === c.start && n.length === c.length && n.in === c.in && n.track === c.track)
    return tl;
  return replace(
    tl,
    tl.clips.map((x) => (x.id === id ? n : x)),
  );
}

/** Shifts every clip of `track` starting at or after `from` by `delta` frames (other than `except`). */
function shiftAfter(
  clips: readonly Clip[],
  track: TrackId,
  from: number,
  delta: number,
  except?: string,
): Clip[] {
  return clips.map((c) =>
    c.track === track && c.id !== except && c.start >= from ? { ...c, start: c.start + delta } : c,
  );
}

export interface EditOptions {
  /** Ripple: later clips on the track follow the edit (close or open the gap). */
  ripple?: boolean;
}

/**
 * Moves a clip's left edge to frame `to`: the source in-point moves with it. Without ripple the right edge
 * stays put and the edge stops at the previous clip, frame 0 and the source's start; with ripple the clip
 * keeps its start and the rest of the track shifts by the frames removed or added.
 */
export function trimStart(tl: Timeline, id: string, to: number, opts: EditOptions = {}): Timeline {
  const c = tl.clips.find((x) => x.id === id);
  if (!c) return tl;
  const prevEnd = trackClips(tl, c.track)
    .filter((x) => x.id !== id && end(x) <= c.start)
    .reduce((m, x) => Math.max(m, end(x)), 0);
  // A timeline frame of the clip is `speed` frames of its source.
  const speed = clipSpeed(c);
  const before = Math.floor(sourceFrames(c.in / speed));
  const lo = opts.ripple ? c.start - before : Math.max(prevEnd, c.start - before);
  const target = Math.min(end(c) - 1, Math.max(lo, Math.round(to)));
  const delta = target - c.start;
  if (delta === 0) return tl;
  const nextIn = Math.max(0, sourceFrames(c.in + delta * speed));
  if (!opts.ripple)
    return update(tl, id, (x) => ({ ...x, start: target, in: nextIn, length: x.length - delta }));
  const moved = shiftAfter(tl.clips, c.track, end(c), -delta, id);
  return replace(
    tl,
    moved.map((x) => (x.id === id ? { ...x, in: nextIn, length: x.length - delta } : x)),
  );
}

/** Moves a clip's right edge to frame `to`: stops at the next clip (unless ripple), one frame and the source's end. */
export function trimEnd(tl: Timeline, id: string, to: number, opts: EditOptions = {}): Timeline {
  const c = tl.clips.find((x) => x.id === id);
  if (!c) return tl;
  const nextStart = opts.ripple
    ? Infinity
    : (trackClips(tl, c.track).find((x) => x.id !== id && x.start >= end(c))?.start ?? Infinity);
  const sourceEnd =
    c.sourceLength !== undefined
      ? c.start + Math.floor(sourceFrames((c.sourceLength - c.in) / clipSpeed(c)))
      : Infinity;
  const target = Math.max(c.start + 1, Math.min(nextStart, sourceEnd, Math.round(to)));
  const delta = target - end(c);
  if (delta === 0) return tl;
  const clips = opts.ripple ? shiftAfter(tl.clips, c.track, end(c), delta, id) : tl.clips;
  return replace(
    tl,
    clips.map((x) => (x.id === id ? { ...x, length: x.length + delta } : x)),
  );
}

/** Clips the playhead cuts (strictly inside them), limited to `ids` when given. */
function cutAt(tl: Timeline, frame: number, ids?: readonly string[]): Clip[] {
  return tl.clips.filter(
    (c) => c.start < frame && frame < end(c) && (!ids || ids.length === 0 || ids.includes(c.id)),
  );
}

/**
 * Splits at the playhead every clip it crosses (only `ids` when the selection is not empty). The right part
 * gets a new id from `newId` and continues the source where the left part stops.
 */
export function splitAt(
  tl: Timeline,
  frame: number,
  newId: () => string,
  ids?: readonly string[],
): Timeline {
  const cut = cutAt(tl, frame, ids);
  if (cut.length === 0) return tl;
  const out: Clip[] = [];
  for (const c of tl.clips) {
    if (!cut.includes(c)) {
      out.push(c);
      continue;
    }
    const left = frame - c.start;
    const id = newId();
    // The fade-in stays with the left part, the fade-out with the right.
    const { fade_out: _o, ...leftItem } = c.item;
    // A transition stays on the left part's cut: the new cut inside the clip is a hard cut.
    const { fade_in: _i, transition_in: _t, ...rightItem } = c.item;
    out.push(
      { ...c, length: left, item: leftItem as TimelineItem },
      {
        ...c,
        id,
        start: frame,
        in: sourceFrames(c.in + left * clipSpeed(c)),
        length: c.length - left,
        item: { ...rightItem, id } as TimelineItem,
      },
    );
  }
  return replace(tl, out);
}

/** Q: removes the part of each cut clip before the playhead; the rest of the track moves left to close the gap. */
export function dropLeft(tl: Timeline, frame: number, ids?: readonly string[]): Timeline {
  const cut = cutAt(tl, frame, ids);
  if (cut.length === 0) return tl;
  let next: Timeline = tl;
  for (const c of cut) next = trimStart(next, c.id, frame, { ripple: true });
  return next;
}

/** W: removes the part of each cut clip after the playhead; the rest of the track moves left to close the gap. */
export function dropRight(tl: Timeline, frame: number, ids?: readonly string[]): Timeline {
  const cut = cutAt(tl, frame, ids);
  if (cut.length === 0) return tl;
  let next: Timeline = tl;
  for (const c of cut) next = trimEnd(next, c.id, frame, { ripple: true });
  return next;
}

/** Deletes clips; with ripple, later clips of each track move left by the frames removed before them. */
export function removeClips(
  tl: Timeline,
  ids: readonly string[],
  opts: EditOptions = {},
): Timeline {
  const gone = tl.clips.filter((c) => ids.includes(c.id));
  if (gone.length === 0) return tl;
  const kept = tl.clips.filter((c) => !ids.includes(c.id));
  if (!opts.ripple) return replace(tl, kept);
  return replace(
    tl,
    kept.map((c) => {
      const before = gone
        .filter((g) => g.track === c.track && end(g) <= c.start)
        .reduce((s, g) => s + g.length, 0);
      return before ? { ...c, start: c.start - before } : c;
    }),
  );
}

/**
 * Moves clips by `delta` frames and, for `toTrack`, onto that track (each moved clip keeps its offset from
 * the first). A move that would overlap another clip, go before frame 0 or put a clip on a track that does
 * not take it changes nothing.
 */
export function moveClips(
  tl: Timeline,
  ids: readonly string[],
  delta: number,
  toTrack?: TrackId,
): Timeline {
  const moving = tl.clips.filter((c) => ids.includes(c.id));
  if (moving.length === 0) return tl;
  const d = Math.round(delta);
  if (d === 0 && (!toTrack || moving.every((c) => c.track === toTrack))) return tl;
  return replace(
    tl,
    tl.clips.map((c) =>
      ids.includes(c.id) ? { ...c, start: c.start + d, track: toTrack ?? c.track } : c,
    ),
  );
}

/** Edges a dragged edge or clip can snap to: clip starts and ends (other than `exclude`), the playhead and markers. */
export function snapPoints(
  tl: Timeline,
  playhead: number,
  markers: readonly number[] = [],
  exclude: readonly string[] = [],
): number[] {
  const set = new Set<number>([0, playhead, ...markers]);
  for (const c of tl.clips) if (!exclude.includes(c.id)) set.add(c.start).add(end(c));
  return [...set].sort((a, b) => a - b);
}

export const SNAP_PX = 8;

/** The nearest point within `SNAP_PX` screen pixels at `pxPerFrame`, else `frame` itself. */
export function snap(
  frame: number,
  points: readonly number[],
  pxPerFrame: number,
  thresholdPx = SNAP_PX,
): number {
  let best = frame;
  let bestPx = thresholdPx + 1e-9;
  for (const p of points) {
    const px = Math.abs(p - frame) * pxPerFrame;
    if (px <= bestPx) {
      best = p;
      bestPx = px;
    }
  }
  return best;
}

/** The delta that snaps a moved selection: the start or end of the group nearest a snap point, else `delta`. */
export function snapMove(
  tl: Timeline,
  ids: readonly string[],
  delta: number,
  points: readonly number[],
  pxPerFrame: number,
): number {
  const moving = tl.clips.filter((c) => ids.includes(c.id));
  if (moving.length === 0) return delta;
  const s = Math.min(...moving.map((c) => c.start)) + delta;
  const e = Math.max(...moving.map(end)) + delta;
  const ss = snap(s, points, pxPerFrame);
  const se = snap(e, points, pxPerFrame);
  if (ss !== s && (se === e || Math.abs(ss - s) <= Math.abs(se - e))) return delta + ss - s;
  if (se !== e) return delta + se - e;
  return delta;
}

/** What Ctrl+C keeps: copies of the clips with starts relative to the first. */
export function copyClips(tl: Timeline, ids: readonly string[]): Clip[] {
  const cs = tl.clips.filter((c) => ids.includes(c.id));
  const first = Math.min(...cs.map((c) => c.start));
  return cs.map((c) => ({ ...c, start: c.start - first }));
}

/**
 * Pastes copied clips at `at` on their own tracks with new ids. Where they would overlap, the group moves
 * right to the first place where all of them fit. Returns the timeline and the new clips' ids.
 */
export function pasteClips(
  tl: Timeline,
  clipboard: readonly Clip[],
  at: number,
  newId: () => string,
): { timeline: Timeline; ids: string[] } {
  if (clipboard.length === 0) return { timeline: tl, ids: [] };
  const fresh = clipboard.map((c) => {
    const id = newId();
    return { ...c, id, item: { ...c.item, id } as TimelineItem };
  });
  const candidates = [Math.max(0, Math.round(at)), ...tl.clips.map(end).filter((e) => e > at)].sort(
    (a, b) => a - b,
  );
  for (const offset of candidates) {
    const placed = fresh.map((c) => ({ ...c, start: c.start + offset }));
    const t = { fps: tl.fps, clips: [...tl.clips, ...placed] };
    if (isValid(t)) return { timeline: normalizeTransitions(t, tl), ids: placed.map((c) => c.id) };
  }
  return { timeline: tl, ids: [] };
}

/** Ctrl+D: a copy of the selection right after its end (or the next place it fits). */
export function duplicateClips(
  tl: Timeline,
  ids: readonly string[],
  newId: () => string,
): { timeline: Timeline; ids: string[] } {
  const cs = tl.clips.filter((c) => ids.includes(c.id));
  if (cs.length === 0) return { timeline: tl, ids: [] };
  return pasteClips(tl, copyClips(tl, ids), Math.max(...cs.map(end)), newId);
}

function newClip(
  tl: Timeline,
  item: TimelineItem,
  track: TrackId,
  start: number,
  sourceSeconds?: number,
): Clip {
  const clip: Clip = {
    id: item.id,
    track,
    start,
    length: Math.max(1, Math.round(item.duration * tl.fps)),
    in: 0,
    item,
  };
  if (sourceSeconds !== undefined && sourceSeconds > 0)
    clip.sourceLength = Math.max(clip.length, Math.round(sourceSeconds * tl.fps));
  return clip;
}

/** Adds a clip at the end of a track (its default track when none is given). */
export function appendToTrack(
  tl: Timeline,
  item: TimelineItem,
  track: TrackId = defaultTrack(item.type),
  sourceSeconds?: number,
): Timeline {
  if (!accepts(track, item.type)) return tl;
  const start = trackClips(tl, track).reduce((m, c) => Math.max(m, end(c)), 0);
  return replace(tl, [...tl.clips, newClip(tl, item, track, start, sourceSeconds)]);
}

/**
 * Adds a clip at frame `at` of a track (its default track when none is given) when the whole clip fits
 * there, else at the first place after `at` where it does: the end of the next clip that is in the way,
 * at the latest the end of the track. Nothing on the track moves.
 */
export function insertAtFrame(
  tl: Timeline,
  item: TimelineItem,
  at: number,
  track: TrackId = defaultTrack(item.type),
  sourceSeconds?: number,
): Timeline {
  if (!accepts(track, item.type)) return tl;
  const from = Math.max(0, Math.round(at));
  const cs = trackClips(tl, track);
  const length = Math.max(1, Math.round(item.duration * tl.fps));
  const fits = (start: number) => cs.every((c) => end(c) <= start || c.start >= start + length);
  const start = [from, ...cs.map(end).filter((e) => e > from)].find(fits)!;
  return replace(tl, [...tl.clips, newClip(tl, item, track, start, sourceSeconds)]);
}

/** Sets a clip's gain in dB (clamped to -60..+12); 0 removes it. */
export function setGain(tl: Timeline, id: string, db: number): Timeline {
  const c = tl.clips.find((x) => x.id === id);
  if (!c || c.item.type === 'title' || c.item.type === 'image') return tl;
  const v = Math.round(Math.min(12, Math.max(-60, db)) * 10) / 10;
  if ((c.item.gain_db ?? 0) === v) return tl;
  const { gain_db: _g, ...rest } = c.item;
  const item = (v === 0 ? rest : { ...rest, gain_db: v }) as TimelineItem;
  return { fps: tl.fps, clips: tl.clips.map((x) => (x.id === id ? { ...x, item } : x)) };
}

/**
 * Sets the speed of a clip with video or sound (clamped to 0.25..4, to the hundredth; 1 removes it). The clip
 * keeps its in-point and the part of its source it plays, so its length becomes that span divided by the
 * speed (whole frames, never past the source's end), and the rest of its track moves by the frames it gains
 * or loses. Keyframes stay on their source frames.
 */
export function setSpeed(tl: Timeline, id: string, speed: number): Timeline {
  const c = tl.clips.find((x) => x.id === id);
  if (!c || (c.item.type !== 'video' && c.item.type !== 'audio') || !Number.isFinite(speed))
    return tl;
  const next = Math.round(Math.min(CLIP_SPEED.max, Math.max(CLIP_SPEED.min, speed)) * 100) / 100;
  const old = clipSpeed(c);
  if (next === old) return tl;
  // Back at 1 the in-point is a whole frame again.
  const inPoint = next === 1 ? Math.round(c.in) : c.in;
  let length = Math.max(1, Math.round(sourceFrames((c.length * old) / next)));
  if (c.sourceLength !== undefined)
    length = Math.min(length, Math.floor(sourceFrames((c.sourceLength - inPoint) / next)));
  if (length < 1) return tl;
  const { speed: _s, ...rest } = c.item;
  const item = (next === 1 ? rest : { ...rest, speed: next }) as TimelineItem;
  const moved = shiftAfter(tl.clips, c.track, end(c), length - c.length, id);
  return replace(
    tl,
    moved.map((x) => (x.id === id ? { ...x, in: inPoint, length, item } : x)),
  );
}

/** A clip's fades in whole frames, each cut to what the clip's length leaves after the other. */
export function fadeFrames(c: Clip, fps: number): { in: number; out: number } {
  const fin = Math.min(c.length, Math.round((c.item.fade_in ?? 0) * fps));
  return { in: fin, out: Math.min(c.length - fin, Math.round((c.item.fade_out ?? 0) * fps)) };
}

/** Sets the fade-in or fade-out of a clip with sound to `frames` (0 removes it); the two fades never overlap. */
export function setFade(tl: Timeline, id: string, edge: 'in' | 'out', frames: number): Timeline {
  const c = tl.clips.find((x) => x.id === id);
  if (!c || c.item.type === 'title' || c.item.type === 'image') return tl;
  const cur = fadeFrames(c, tl.fps);
  const f = Math.max(
    0,
    Math.min(c.length - (edge === 'in' ? cur.out : cur.in), Math.round(frames)),
  );
  const key = edge === 'in' ? 'fade_in' : 'fade_out';
  if (f === Math.round((c.item[key] ?? 0) * tl.fps)) return tl;
  const { [key]: _old, ...rest } = c.item;
  const item = (f === 0 ? rest : { ...rest, [key]: f / tl.fps }) as TimelineItem;
  return { fps: tl.fps, clips: tl.clips.map((x) => (x.id === id ? { ...x, item } : x)) };
}

/** Frame <-> timecode: hh:mm:ss:ff at the timeline's rate (hours only when there are any). */
export function formatTimecode(frame: number, fps: number): string {
  const f = Math.max(0, Math.round(frame));
  const totalSec = Math.floor(f / fps);
  const ff = f % fps;
  const h = Math.floor(totalSec / 3600);
  const m = Math.floor((totalSec % 3600) / 60);
  const s = totalSec % 60;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${h ? `${p(h)}:` : ''}${p(m)}:${p(s)}:${p(ff)}`;
}

/**
 * The clip list's drag and arrows: `activeId` takes `overId`'s place in its track, and that track's clips
 * run back to back from where its first clip starts. Another track or an unknown id changes nothing.
 */
export function reorderInTrack(
  tl: Timeline,
  activeId: string,
  overId: string | null | undefined,
): Timeline {
  const a = tl.clips.find((c) => c.id === activeId);
  const o = tl.clips.find((c) => c.id === overId);
  if (!a || !o || a === o || a.track !== o.track) return tl;
  const cs = trackClips(tl, a.track);
  const from = cs.indexOf(a);
  const to = cs.indexOf(o);
  cs.splice(from, 1);
  cs.splice(to, 0, a);
  let at = Math.min(...cs.map((c) => c.start));
  const placed = new Map(cs.map((c) => [c.id, (at += c.length) - c.length]));
  return replace(
    tl,
    tl.clips.map((c) => (placed.has(c.id) ? { ...c, start: placed.get(c.id)! } : c)),
  );
}
