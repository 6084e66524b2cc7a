import BezierEasing from 'bezier-easing';
import {
  EASING_CURVES,
  KEYFRAME_PROP_DEFS,
  KEYFRAME_PROPS,
  type Easing,
  type KeyframeProp,
} from '@core/editor/keyframes';
import type { TimelineItem } from '@core/editor/model';
import { isCaption } from './captions';
import { clipSpeed, type Clip, type Timeline } from './clip';

// Keyframes on a clip's properties (position, scale, rotation and opacity of a picture, volume of a sound),
// stored per property at whole frames of the clip's source (counted like the in-point, so a trim or a split
// keeps each keyframe at its moment). Between two keyframes the value follows the easing of the first one;
// before the first and after the last it holds. Pure: every edit returns the very same timeline when it
// changes nothing, so undo records nothing.

export {
  EASING_LABELS,
  EASINGS,
  KEYFRAME_PROP_DEFS,
  KEYFRAME_PROPS,
  type Easing,
  type KeyframeProp,
} from '@core/editor/keyframes';

export type Keyframe = NonNullable<NonNullable<TimelineItem['keyframes']>[KeyframeProp]>[number];
type Keyframes = NonNullable<TimelineItem['keyframes']>;

const curves = new Map<string, (x: number) => number>();
function curve(points: readonly [number, number, number, number]): (x: number) => number {
  const key = points.join(',');
  let fn = curves.get(key);
  if (!fn) curves.set(key, (fn = BezierEasing(...points)));
  return fn;
}

/** How far (0..1) a value has gone from a keyframe to the next at progress p (0..1) of the way, by its easing. */
export function ease(kf: Pick<Keyframe, 'easing' | 'bezier'>, p: number): number {
  const q = Math.min(1, Math.max(0, p));
  switch (kf.easing) {
    case 'linear':
      return q;
    case 'hold':
      return 0;
    case 'bezier':
      return curve(kf.bezier ?? EASING_CURVES.bezier)(q);
    default:
      return curve(EASING_CURVES[kf.easing])(q);
  }
}

const sortedCache = new WeakMap<readonly Keyframe[], readonly Keyframe[]>();
const sorted = (kfs: readonly Keyframe[]) => {
  let s = sortedCache.get(kfs);
  if (!s) sortedCache.set(kfs, (s = [...kfs].sort((a, b) => a.frame - b.frame)));
  return s;
};

/**
 * The value at `frame` (a source frame, fractional between frames): the keyframe's value at a keyframe,
 * eased between two, the first's before it and the last's after it; `neutral` without keyframes.
 */
export function interpolate(
  kfs: readonly Keyframe[] | undefined,
  frame: number,
  neutral: number,
): number {
  if (!kfs || kfs.length === 0) return neutral;
  const list = sorted(kfs);
  const first = list[0]!;
  const last = list[list.length - 1]!;
  if (frame <= first.frame) return first.value;
  if (frame >= last.frame) return last.value;
  let i = 0;
  while (list[i + 1]!.frame <= frame) i++;
  const a = list[i]!;
  const b = list[i + 1]!;
  return a.value + (b.value - a.value) * ease(a, (frame - a.frame) / (b.frame - a.frame));
}

/** The source frame a clip is at, at timeline time `t` (seconds), like scene.ts `sourceTime` in frames. */
export function sourceFrameAt(item: TimelineItem, t: number, fps: number): number {
  const f = ((t - item.start_time) * (item.speed ?? 1) + (item.in_point ?? 0)) * fps;
  // Frame times are i / fps: a keyframe's own frame lands on it exactly.
  const r = Math.round(f);
  return Math.abs(f - r) < 1e-6 ? r : f;
}

/** A property's value on a clip at timeline time `t`. */
export function valueAt(item: TimelineItem, prop: KeyframeProp, t: number, fps: number): number {
  return interpolate(
    item.keyframes?.[prop],
    sourceFrameAt(item, t, fps),
    KEYFRAME_PROP_DEFS[prop].neutral,
  );
}

export interface Transform {
  /** Offset of the centre in reference pixels (a frame whose shorter side is 1080). */
  x: number;
  y: number;
  /** Factor (1 = as fitted). */
  scale: number;
  /** Degrees clockwise. */
  rotation: number;
  /** 0..1. */
  opacity: number;
}

const IDENTITY: Transform = { x: 0, y: 0, scale: 1, rotation: 0, opacity: 1 };

/** A picture's transform at timeline time `t` (the identity without keyframes). */
export function transformAt(item: TimelineItem, t: number, fps: number): Transform {
  const k = item.keyframes;
  if (!k || !(k.x || k.y || k.scale || k.rotation || k.opacity)) return IDENTITY;
  const v = (p: KeyframeProp) => valueAt(item, p, t, fps);
  return {
    x: v('x'),
    y: v('y'),
    scale: v('scale') / 100,
    rotation: v('rotation'),
    opacity: Math.min(1, Math.max(0, v('opacity') / 100)),
  };
}

/** Whether a clip's picture moves or fades by keyframes (what the ffmpeg export must draw frame by frame). */
export function isAnimated(item: TimelineItem): boolean {
  const k = item.keyframes;
  return (
    !!k &&
    (['x', 'y', 'scale', 'rotation', 'opacity'] as const).some((p) => (k[p]?.length ?? 0) > 0)
  );
}

/** The volume envelope of a clip at timeline time `t`, as a gain factor (1 without volume keyframes). */
export function volumeGainAt(item: TimelineItem, t: number, fps: number): number {
  if (!item.keyframes?.volume?.length) return 1;
  return 10 ** (valueAt(item, 'volume', t, fps) / 20);
}

/** The properties a clip can keyframe: a picture's transform and opacity, the volume of a clip with sound. */
export function keyframeProps(item: TimelineItem): KeyframeProp[] {
  const out: KeyframeProp[] = [];
  if (item.type !== 'audio' && !isCaption(item)) out.push('x', 'y', 'scale', 'rotation', 'opacity');
  if (item.type === 'audio' || item.type === 'video') out.push('volume');
  return out;
}

/** The source frame of a clip at timeline frame `frame` (a source frame runs `speed` times as fast). */
export const clipSourceFrame = (c: Clip, frame: number) => (frame - c.start) * clipSpeed(c) + c.in;

/** The timeline frame (fractional) where a clip shows source frame `frame`. */
export const clipTimelineFrame = (c: Clip, frame: number) =>
  c.start + (frame - c.in) / clipSpeed(c);

/** Every keyframe of a clip as timeline frames within the clip (for the timeline's diamonds), one per frame. */
export function keyframeMarks(c: Clip): number[] {
  const frames = new Set<number>();
  for (const p of KEYFRAME_PROPS)
    for (const kf of c.item.keyframes?.[p] ?? [])
      frames.add(Math.round(clipTimelineFrame(c, kf.frame)));
  return [...frames].filter((f) => f >= c.start && f < c.start + c.length).sort((a, b) => a - b);
}

function withList(item: TimelineItem, prop: KeyframeProp, list: readonly Keyframe[]): TimelineItem {
  const { [prop]: _old, ...others } = item.keyframes ?? {};
  const keyframes: Keyframes = list.length
    ? { ...others, [prop]: [...list].sort((a, b) => a.frame - b.frame) }
    : others;
  const { keyframes: _k, ...rest } = item;
  return (Object.keys(keyframes).length ? { ...rest, keyframes } : rest) as TimelineItem;
}

function updateItem(
  tl: Timeline,
  id: string,
  prop: KeyframeProp,
  change: (list: readonly Keyframe[], c: Clip) => readonly Keyframe[] | null,
): Timeline {
  const c = tl.clips.find((x) => x.id === id);
  if (!c || !keyframeProps(c.item).includes(prop)) return tl;
  const next = change(c.item.keyframes?.[prop] ?? [], c);
  if (!next) return tl;
  return {
    fps: tl.fps,
    clips: tl.clips.map((x) => (x.id === id ? { ...x, item: withList(x.item, prop, next) } : x)),
  };
}

const clampValue = (prop: KeyframeProp, v: number) => {
  const d = KEYFRAME_PROP_DEFS[prop];
  return Math.min(d.max, Math.max(d.min, Math.round(v * 1000) / 1000));
};

/**
 * Adds a keyframe on `prop` at source frame `frame` holding the value the property has there (the neutral
 * value on a property without keyframes), linear to the next. Nothing changes if one is already there.
 */
export function addKeyframe(tl: Timeline, id: string, prop: KeyframeProp, frame: number): Timeline {
  const f = Math.max(0, Math.round(frame));
  return updateItem(tl, id, prop, (list) =>
    list.some((k) => k.frame === f)
      ? null
      : [
          ...list,
          {
            frame: f,
            value: clampValue(prop, interpolate(list, f, KEYFRAME_PROP_DEFS[prop].neutral)),
            easing: 'linear',
          },
        ],
  );
}

/** Changes the value (clamped to the property's range) or the easing of the keyframe at `frame`. */
export function updateKeyframe(
  tl: Timeline,
  id: string,
  prop: KeyframeProp,
  frame: number,
  patch: { value?: number; easing?: Easing; bezier?: [number, number, number, number] },
): Timeline {
  return updateItem(tl, id, prop, (list) => {
    const kf = list.find((k) => k.frame === frame);
    if (!kf) return null;
    const value =
      patch.value === undefined || !Number.isFinite(patch.value)
        ? kf.value
        : clampValue(prop, patch.value);
    const easing = patch.easing ?? kf.easing;
    const bezier =
      easing === 'bezier'
        ? patch.bezier
          ? ([
              Math.min(1, Math.max(0, patch.bezier[0])),
              patch.bezier[1],
              Math.min(1, Math.max(0, patch.bezier[2])),
              patch.bezier[3],
            ] as const)
          : (kf.bezier ?? EASING_CURVES.bezier)
        : undefined;
    const next: Keyframe = {
      frame,
      value,
      easing,
      ...(bezier && { bezier: [...bezier] as [number, number, number, number] }),
    };
    if (
      next.value === kf.value &&
      next.easing === kf.easing &&
      (next.bezier ?? []).join() === (kf.bezier ?? []).join()
    )
      return null;
    return list.map((k) => (k === kf ? next : k));
  });
}

/** Removes the keyframe on `prop` at source frame `frame`. */
export function removeKeyframe(
  tl: Timeline,
  id: string,
  prop: KeyframeProp,
  frame: number,
): Timeline {
  return updateItem(tl, id, prop, (list) =>
    list.some((k) => k.frame === frame) ? list.filter((k) => k.frame !== frame) : null,
  );
}

/** A point of a gain envelope: timeline seconds and a gain factor. */
export interface GainPoint {
  t: number;
  gain: number;
}

/** Steps an eased segment of the volume envelope is cut into for the export's piecewise-linear ramps. */
const ENVELOPE_STEPS = 16;

/**
 * A clip's volume keyframes as gain points in timeline seconds, joined by straight lines (what both exports
 * ramp through): one point per keyframe, eased segments (and linear ones, being linear in dB) cut into
 * 16 steps, a hold kept to 1 ms before the next keyframe. Undefined without volume keyframes.
 */
export function volumeEnvelope(item: TimelineItem, fps: number): GainPoint[] | undefined {
  const list = item.keyframes?.volume;
  if (!list?.length) return undefined;
  const s = sorted(list);
  const time = (frame: number) =>
    item.start_time + (frame / fps - (item.in_point ?? 0)) / (item.speed ?? 1);
  const gain = (db: number) => 10 ** (db / 20);
  const points: GainPoint[] = [];
  s.forEach((a, i) => {
    points.push({ t: time(a.frame), gain: gain(a.value) });
    const b = s[i + 1];
    if (!b || b.value === a.value) return;
    if (a.easing === 'hold')
      return void points.push({ t: time(b.frame) - 0.001, gain: gain(a.value) });
    for (let k = 1; k < ENVELOPE_STEPS; k++) {
      const f = a.frame + ((b.frame - a.frame) * k) / ENVELOPE_STEPS;
      points.push({ t: time(f), gain: gain(interpolate(s, f, 0)) });
    }
  });
  return points;
}

/** A gain envelope at time `t`: its first gain before it, its last after it, straight lines between. */
export function envelopeGainAt(points: readonly GainPoint[], t: number): number {
  if (t <= points[0]!.t) return points[0]!.gain;
  for (let i = 1; i < points.length; i++) {
    const b = points[i]!;
    if (t < b.t) {
      const a = points[i - 1]!;
      return a.gain + ((b.gain - a.gain) * (t - a.t)) / (b.t - a.t);
    }
  }
  return points[points.length - 1]!.gain;
}
