import type {
  CaptionStyle,
  ProjectSettings,
  TimelineItem,
  TransitionKind,
  VideoItem,
  VisualItem,
} from '@core/editor/model';
import { spokenState } from '../model/captions';
import { VIDEO_FPS } from '@core/constants';
import { isAnimated, volumeEnvelope, type GainPoint } from '../model/keyframes';

// Pure timeline-to-frame kernels shared by the preview (drawFrame) and the export (renderTimeline).
// Times are seconds; frame i of a render shows time i / fps.

/** What drawFrame composes: the timeline and the size of the 2D context it draws on. */
export interface Scene {
  width: number;
  height: number;
  items: readonly TimelineItem[];
  /** The project's frame rate, which keyframes count in (core/constants.ts VIDEO_FPS when absent). */
  fps?: number;
  /** The caption track's look (the project's settings.captionStyle; DEFAULT_CAPTION_STYLE when absent). */
  captionStyle?: CaptionStyle;
}

export type MediaItem = Extract<VisualItem, { type: 'video' | 'image' }>;

/**
 * Where drawFrame gets pixels for image and video clips. The preview backs it with <img>/<video>
 * elements, the renderer with decoded ImageBitmaps and VideoFrames. Returning nothing (still loading,
 * failed) draws the black background for that clip.
 */
export interface FrameSource {
  frameFor(item: MediaItem, localTime: number): CanvasImageSource | null | undefined;
}

// Start times are kept to the millisecond (model/timeline.ts) and frame times are i / fps: a small
// tolerance keeps a frame that lands exactly on a boundary in the clip that starts there.
const EPS = 1e-6;

/** Length of the visual track: the end of its last clip (0 with none). */
export function visualDuration(items: readonly TimelineItem[]): number {
  let end = 0;
  for (const item of items)
    if (item.type !== 'audio') end = Math.max(end, item.start_time + item.duration);
  return end;
}

/** Length of the audio track: the end of its last clip (0 with none). */
export function audioDuration(items: readonly TimelineItem[]): number {
  let end = 0;
  for (const item of items)
    if (item.type === 'audio') end = Math.max(end, item.start_time + item.duration);
  return end;
}

/**
 * Length of a render: the end of the longer track, like preview playback (an audio track longer than
 * the pictures ends on black).
 */
export function renderDuration(items: readonly TimelineItem[]): number {
  return Math.max(visualDuration(items), audioDuration(items));
}

/** The visual clip showing at time t (start inclusive, end exclusive), or null between/after clips. */
export function activeVisualAt(items: readonly TimelineItem[], t: number): VisualItem | null {
  for (const item of items) {
    if (item.type === 'audio') continue;
    if (t + EPS >= item.start_time && t + EPS < item.start_time + item.duration) return item;
  }
  return null;
}

const onMain = (item: TimelineItem) => item.type !== 'audio' && (item.track ?? 'main') === 'main';

/**
 * A transition between two main-track clips that touch: it lasts `duration` seconds centred on the cut
 * (half in each clip; odd frame counts still cover whole frames, as frame times fall between the halves).
 * During it the left clip plays on past its end and the right one starts early, both from their own sources.
 */
export interface Transition {
  kind: TransitionKind;
  from: VisualItem;
  to: VisualItem;
  /** The cut, in seconds. */
  cut: number;
  start: number;
  duration: number;
}

/**
 * Every transition of the main track: a clip with `transition_in` whose left neighbour on the main track
 * ends where it starts, cut to the shorter of the two clips (model/transitions.ts keeps it so on every edit).
 */
export function transitions(items: readonly TimelineItem[]): Transition[] {
  // Asked for every frame (frameRuns, drawFrame) of an item list that does not change: found once per list.
  const cached = transitionCache.get(items);
  if (cached) return cached;
  const out: Transition[] = [];
  for (const to of items) {
    if (!to.transition_in || !onMain(to)) continue;
    const from = items.find(
      (x) => x !== to && onMain(x) && Math.abs(x.start_time + x.duration - to.start_time) < EPS,
    );
    if (!from) continue;
    const duration = Math.min(to.transition_in.duration, from.duration, to.duration);
    if (!(duration > 0)) continue;
    out.push({
      kind: to.transition_in.kind,
      from: from as VisualItem,
      to: to as VisualItem,
      cut: to.start_time,
      start: to.start_time - duration / 2,
      duration,
    });
  }
  transitionCache.set(items, out);
  return out;
}
const transitionCache = new WeakMap<readonly TimelineItem[], Transition[]>();

/** The transition running at time t and how far along it is (0 at its start, towards 1 at its end). */
export function transitionAt(
  items: readonly TimelineItem[],
  t: number,
): { transition: Transition; progress: number } | null {
  for (const tr of transitions(items)) {
    const local = t + EPS - tr.start;
    if (local >= 0 && local < tr.duration)
      return { transition: tr, progress: Math.min(1, Math.max(0, (t - tr.start) / tr.duration)) };
  }
  return null;
}

/** Paint order of picture tracks, bottom first (an item without a track is on the main track). */
const LAYER: Record<string, number> = { main: 0, 'overlay-1': 1, 'overlay-2': 2, caption: 3 };
const layerOf = (item: TimelineItem) => LAYER[item.track ?? 'main'] ?? 0;

/**
 * Every picture clip showing at time t, bottom layer first: the main track, then overlays, then captions.
 * During a transition both of its clips show, the left one first.
 */
export function activeVisualsAt(items: readonly TimelineItem[], t: number): VisualItem[] {
  const out: VisualItem[] = [];
  for (const item of items) {
    if (item.type === 'audio') continue;
    if (t + EPS >= item.start_time && t + EPS < item.start_time + item.duration) out.push(item);
  }
  const tr = transitionAt(items, t)?.transition;
  if (tr) {
    const at = out.indexOf(tr.from) >= 0 ? out.indexOf(tr.from) + 1 : out.indexOf(tr.to);
    if (!out.includes(tr.from)) out.splice(Math.max(0, at), 0, tr.from);
    else if (!out.includes(tr.to)) out.splice(at, 0, tr.to);
  }
  return out.sort((a, b) => layerOf(a) - layerOf(b));
}

/**
 * Where in its source a clip is at timeline time t: its in-point plus the time since its start times its
 * speed (before its start, as a transition's right clip, the source before the in-point, never before the
 * file's start).
 */
export function sourceTime(item: TimelineItem, t: number): number {
  return Math.max(0, (t - item.start_time) * (item.speed ?? 1) + (item.in_point ?? 0));
}

/** dB to a gain factor (0 dB = 1, -6 dB ~ 0.5). */
export const dbToGain = (db: number | undefined) => (db ? 10 ** (db / 20) : 1);

/**
 * Whether a track is heard: not muted, and soloed when any track is soloed. Items without a track are on
 * the main track (pictures) or Audio 1 (sound).
 */
export function trackAudible(item: TimelineItem, mix: ProjectSettings['trackMix']): boolean {
  if (!mix) return true;
  const track = item.track ?? (item.type === 'audio' ? 'audio-1' : 'main');
  if (mix[track]?.muted) return false;
  const anySolo = Object.values(mix).some((m) => m.solo);
  return !anySolo || !!mix[track]?.solo;
}

/** One sound in the mix: an audio clip, or the sound of a video clip (from its file's start). */
export interface SoundClip {
  url: string;
  name?: string;
  start_time: number;
  duration: number;
  /** Seconds into the file where the sound starts (the clip's in-point). */
  offset: number;
  /**
   * Playback speed (absent = 1): `duration * speed` seconds of the file from `offset` are time-stretched,
   * pitch kept, into `duration` seconds.
   */
  speed?: number;
  /** Gain factor: the audio clip's volume (0..1) times its dB gain. */
  volume: number;
  /** Seconds the gain ramps up from silence at the start and down to silence at the end (within the clip). */
  fadeIn?: number;
  fadeOut?: number;
  /** The clip's volume keyframes (model/keyframes.ts `volumeEnvelope`): gain points in timeline seconds, straight lines between. */
  envelope?: GainPoint[];
}

/** A clip's fades in seconds, each cut to what its duration leaves after the other. */
export function clipFades(item: TimelineItem): { fadeIn: number; fadeOut: number } {
  const fadeIn = Math.min(item.duration, item.fade_in ?? 0);
  return { fadeIn, fadeOut: Math.min(item.duration - fadeIn, item.fade_out ?? 0) };
}

/** The fade envelope of a clip at timeline time `t`: 0 at its ends when it fades, 1 in between (linear ramps). */
export function fadeGainAt(item: TimelineItem, t: number): number {
  const { fadeIn, fadeOut } = clipFades(item);
  const local = t - item.start_time;
  let g = 1;
  if (fadeIn > 0 && local < fadeIn) g = Math.max(0, local / fadeIn);
  const left = item.duration - local;
  if (fadeOut > 0 && left < fadeOut) g = Math.min(g, Math.max(0, left / fadeOut));
  return g;
}

/** When a clip's sound plays and how its gain ramps: a SoundClip without its file and volume. */
export type SoundSpan = Pick<
  SoundClip,
  'start_time' | 'duration' | 'offset' | 'fadeIn' | 'fadeOut' | 'speed'
>;

/**
 * When a clip's sound plays, with its fades. A main-track transition crossfades the two clips' sounds
 * linearly over the transition (it replaces the clip's own fade at that edge): the left clip's sound goes
 * on past its end (as far as its source goes, when known) and ramps down to silence at the transition's
 * end; the right clip's starts early (as far as its in-point allows) and ramps up from silence.
 */
export function soundSpan(items: readonly TimelineItem[], item: TimelineItem): SoundSpan {
  let { fadeIn, fadeOut } = clipFades(item);
  let start = item.start_time;
  let end = item.start_time + item.duration;
  let offset = item.in_point ?? 0;
  // A second of the timeline is `speed` seconds of the source.
  const speed = item.speed ?? 1;
  if (item.type === 'video') {
    for (const tr of transitions(items)) {
      const half = tr.duration / 2;
      if (tr.to === item) {
        const pre = Math.min(half, offset / speed);
        start -= pre;
        offset -= pre * speed;
        fadeIn = pre + half;
      }
      if (tr.from === item) {
        const left =
          item.source_duration !== undefined
            ? Math.max(0, (item.source_duration - offset) / speed - item.duration)
            : half;
        const post = Math.min(half, left);
        end += post;
        fadeOut = post + half;
      }
    }
  }
  return {
    start_time: start,
    duration: end - start,
    offset,
    ...(speed !== 1 && { speed }),
    ...(fadeIn > 0 && { fadeIn }),
    ...(fadeOut > 0 && { fadeOut }),
  };
}

/** The gain envelope of a sound at timeline time `t`: linear ramps from and to silence at its ends, 1 in between. */
export function spanGainAt(span: SoundSpan, t: number): number {
  const local = t - span.start_time;
  if (local < 0 || local > span.duration) return 0;
  let g = 1;
  if (span.fadeIn && local < span.fadeIn) g = Math.max(0, local / span.fadeIn);
  const left = span.duration - local;
  if (span.fadeOut && left < span.fadeOut) g = Math.min(g, Math.max(0, left / span.fadeOut));
  return g;
}

/**
 * Everything the render mixes: audio clips at their volume, and each video clip's own sound at full
 * volume unless the clip is muted or its file has no audio track (`hasSound` says which do); volume
 * keyframes (counted in frames of `fps`) give a clip its envelope.
 */
export function soundClips(
  items: readonly TimelineItem[],
  hasSound: (item: VideoItem) => boolean,
  mix?: ProjectSettings['trackMix'],
  fps = VIDEO_FPS,
): SoundClip[] {
  const out: SoundClip[] = [];
  for (const item of items) {
    if (!trackAudible(item, mix)) continue;
    if (item.type !== 'audio' && item.type !== 'video') continue;
    const envelope = volumeEnvelope(item, fps);
    const common = { url: '', ...soundSpan(items, item), ...(envelope && { envelope }) };
    if (item.type === 'audio')
      out.push({
        ...common,
        url: item.settings.url,
        name: item.settings.name,
        volume: item.settings.volume * dbToGain(item.gain_db),
      });
    else if (item.type === 'video' && item.settings.muted !== true && hasSound(item))
      out.push({
        ...common,
        url: item.settings.url,
        name: item.settings.name,
        volume: dbToGain(item.gain_db),
      });
  }
  return out;
}

/** Number of frames of a render of `durationSec` at `fps` (at least 1 when there is anything to show). */
export function frameCount(durationSec: number, fps: number): number {
  if (!(durationSec > 0) || !(fps > 0)) return 0;
  return Math.max(1, Math.round(durationSec * fps));
}

/** Presentation time of frame i, in seconds and in WebCodecs microseconds. */
export function frameTime(
  index: number,
  fps: number,
): { seconds: number; micros: number; durationMicros: number } {
  const micros = Math.round((index * 1e6) / fps);
  return {
    seconds: index / fps,
    micros,
    durationMicros: Math.round(((index + 1) * 1e6) / fps) - micros,
  };
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A source of srcW x srcH fitted inside dstW x dstH keeping its aspect (contain), centred: the rest is black bars. */
export function fitContain(srcW: number, srcH: number, dstW: number, dstH: number): Rect {
  if (!(srcW > 0 && srcH > 0 && dstW > 0 && dstH > 0)) return { x: 0, y: 0, width: 0, height: 0 };
  const scale = Math.min(dstW / srcW, dstH / srcH);
  const width = srcW * scale;
  const height = srcH * scale;
  return { x: (dstW - width) / 2, y: (dstH - height) / 2, width, height };
}

/**
 * A run of consecutive frames showing the same thing: one clip, or nothing (a gap or the tail after
 * the visual track). The ffmpeg engine turns each run into one input; `item` is null for black.
 */
export interface FrameRun {
  /** The bottom layer (what the ffmpeg engine renders); null for black. */
  item: VisualItem | null;
  /** Every layer showing, bottom first (what drawFrame paints). */
  layers: VisualItem[];
  startFrame: number;
  frames: number;
}

/** Splits frames 0..total-1 into runs showing the same clips. */
export function frameRuns(
  items: readonly TimelineItem[],
  fps: number,
  totalFrames: number,
): FrameRun[] {
  const runs: FrameRun[] = [];
  let spoken = '';
  for (let i = 0; i < totalFrames; i++) {
    const layers = activeVisualsAt(items, i / fps);
    const last = runs[runs.length - 1];
    // A caption's highlight moves from word to word: a new spoken word starts a new run.
    const nowSpoken = spokenState(layers, i / fps);
    // A picture moving by keyframes changes every frame: each frame is its own run, unless a video layer
    // already has every frame drawn (the WebCodecs export) or laid on by ffmpeg.
    const animated = layers.some(isAnimated) && !layers.some((l) => l.type === 'video');
    if (
      last &&
      !animated &&
      nowSpoken === spoken &&
      last.layers.length === layers.length &&
      last.layers.every((l, k) => l === layers[k])
    )
      last.frames++;
    else runs.push({ item: layers[0] ?? null, layers, startFrame: i, frames: 1 });
    spoken = nowSpoken;
  }
  return runs;
}
