import { CLIP_DURATION, NEW_CLIP_DURATIONS, TITLE_DEFAULTS } from '@core/constants';
import type { AudioItem, TimelineItem } from '@core/editor/model';

// Timeline kernels: plain data in, new data out, never mutating. The visual track (video, image, title)
// and the audio track each run back to back from 0 in their own order.

export type Track = 'visual' | 'audio';
export type ClipType = TimelineItem['type'];
export type MediaSource = {
  url: string;
  storagePath?: string;
  generationId?: string;
  name?: string;
};

export function trackOf(item: Pick<TimelineItem, 'type'>): Track {
  return item.type === 'audio' ? 'audio' : 'visual';
}

const round1 = (n: number) => Math.round(n * 10) / 10;
// Sums of tenths drift in binary floating point (0.1 + 0.2): start times are kept to the millisecond.
const roundMs = (n: number) => Math.round(n * 1000) / 1000;

/** Clamps a duration to the 0.1-30 s range on its 0.1 s step; anything not a number becomes the minimum. */
export function clampDuration(seconds: number): number {
  if (!Number.isFinite(seconds)) return CLIP_DURATION.min;
  return Math.min(CLIP_DURATION.max, Math.max(CLIP_DURATION.min, round1(seconds)));
}

/** Start times recomputed so each track's clips run back to back from 0 in list order. */
export function recomputeStartTimes(items: readonly TimelineItem[]): TimelineItem[] {
  const ends: Record<Track, number> = { visual: 0, audio: 0 };
  return items.map((item) => {
    const track = trackOf(item);
    const start_time = roundMs(ends[track]);
    ends[track] += item.duration;
    return item.start_time === start_time ? item : { ...item, start_time };
  });
}

/** Sum of durations on one track: where the next clip of that track starts. */
export function trackDuration(items: readonly TimelineItem[], track: Track): number {
  return roundMs(items.filter((i) => trackOf(i) === track).reduce((sum, i) => sum + i.duration, 0));
}

/** The project's length: the end of the longer track. */
export function totalDuration(items: readonly TimelineItem[]): number {
  return Math.max(trackDuration(items, 'visual'), trackDuration(items, 'audio'));
}

/** A new clip with the default duration (image 5 s, title 3 s; audio and video their own length, else 10 s), clamped to the clip range. */
export function createClip(type: 'title', id: string): TimelineItem;
export function createClip(
  type: 'video' | 'image' | 'audio',
  id: string,
  source: MediaSource,
  durationSec?: number,
): TimelineItem;
export function createClip(
  type: ClipType,
  id: string,
  source?: MediaSource,
  durationSec?: number,
): TimelineItem {
  const media = () => {
    if (!source) throw new Error(`A ${type} clip needs a source`);
    const settings: MediaSource = { url: source.url };
    if (source.storagePath) settings.storagePath = source.storagePath;
    if (source.generationId) settings.generationId = source.generationId;
    if (source.name) settings.name = source.name.slice(0, 200);
    return settings;
  };
  switch (type) {
    case 'title':
      return {
        id,
        type,
        settings: {
          text: TITLE_DEFAULTS.text,
          fontSize: TITLE_DEFAULTS.fontSize,
          color: TITLE_DEFAULTS.color,
        },
        start_time: 0,
        duration: NEW_CLIP_DURATIONS.title,
      };
    case 'audio': {
      const item: AudioItem = {
        id,
        type,
        settings: { ...media(), volume: 1 },
        start_time: 0,
        duration: durationSec === undefined ? NEW_CLIP_DURATIONS.audio : clampDuration(durationSec),
      };
      return item;
    }
    case 'video':
      return {
        id,
        type,
        settings: media(),
        start_time: 0,
        duration: durationSec === undefined ? NEW_CLIP_DURATIONS.video : clampDuration(durationSec),
      };
    default:
      return { id, type, settings: media(), start_time: 0, duration: NEW_CLIP_DURATIONS[type] };
  }
}

/** Appends a clip at the end of its track: it starts after the sum of that track's durations. */
export function appendClip(items: readonly TimelineItem[], clip: TimelineItem): TimelineItem[] {
  return [...items, { ...clip, start_time: trackDuration(items, trackOf(clip)) }];
}

/**
 * Moves `activeId` to where `overId` is, within one track. No destination (a drop outside the list), an
 * unknown id or a drop on another track changes nothing and returns the same array.
 */
export function reorderClip(
  items: readonly TimelineItem[],
  activeId: string,
  overId: string | null | undefined,
): readonly TimelineItem[] {
  if (!overId || overId === activeId) return items;
  const from = items.findIndex((i) => i.id === activeId);
  const to = items.findIndex((i) => i.id === overId);
  if (from < 0 || to < 0 || trackOf(items[from]!) !== trackOf(items[to]!)) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return recomputeStartTimes(next);
}

/** Moves a clip one place up (-1) or down (+1) within its track; at either end nothing changes. */
export function moveClip(
  items: readonly TimelineItem[],
  id: string,
  direction: -1 | 1,
): readonly TimelineItem[] {
  const index = items.findIndex((i) => i.id === id);
  if (index < 0) return items;
  const track = trackOf(items[index]!);
  const sameTrack = items
    .map((item, i) => ({ item, i }))
    .filter(({ item }) => trackOf(item) === track);
  const pos = sameTrack.findIndex(({ i }) => i === index);
  const neighbour = sameTrack[pos + direction];
  return neighbour ? reorderClip(items, id, neighbour.item.id) : items;
}

/** Sets one clip's duration (clamped, 0.1 s steps) and moves the clips after it. */
export function setClipDuration(
  items: readonly TimelineItem[],
  id: string,
  seconds: number,
): readonly TimelineItem[] {
  const duration = clampDuration(seconds);
  const target = items.find((i) => i.id === id);
  if (!target || target.duration === duration) return items;
  return recomputeStartTimes(items.map((i) => (i.id === id ? { ...i, duration } : i)));
}

export function removeClip(items: readonly TimelineItem[], id: string): readonly TimelineItem[] {
  if (!items.some((i) => i.id === id)) return items;
  return recomputeStartTimes(items.filter((i) => i.id !== id));
}

/** Changes a title clip's text, size or colour. */
export function updateTitle(
  items: readonly TimelineItem[],
  id: string,
  patch: Partial<{ text: string; fontSize: number; color: string }>,
): readonly TimelineItem[] {
  return items.map((i) =>
    i.id === id && i.type === 'title' ? { ...i, settings: { ...i.settings, ...patch } } : i,
  );
}

/** Mutes or unmutes a video clip's own sound (preview and render); other clips are left alone. */
export function setClipMuted(
  items: readonly TimelineItem[],
  id: string,
  muted: boolean,
): readonly TimelineItem[] {
  const target = items.find((i) => i.id === id);
  if (target?.type !== 'video' || (target.settings.muted === true) === muted) return items;
  return items.map((i) => {
    if (i.id !== id || i.type !== 'video') return i;
    const { muted: _old, ...rest } = i.settings;
    return { ...i, settings: muted ? { ...rest, muted: true } : rest };
  });
}

/** A seek position: within 0..total, on the 0.1 s step of the slider. */
export function clampSeek(seconds: number, total: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.min(round1(seconds), round1(total));
}

/** mm:ss.t (tenths), e.g. 75.36 s -> '01:15.3'. Tenths are truncated, so the readout never runs ahead. */
export function formatTime(seconds: number): string {
  const tenths = Math.floor(Math.max(0, Number.isFinite(seconds) ? seconds : 0) * 10 + 1e-6);
  const minutes = Math.floor(tenths / 600);
  const secs = Math.floor((tenths % 600) / 10);
  return `${String(minutes).padStart(2, '0')}:${String(secs).padStart(2, '0')}.${tenths % 10}`;
}

export interface Playback {
  time: number;
  playing: boolean;
}

/** Playback advanced by elapsed real time; at the end it stops and returns to 0. */
export function advancePlayback(state: Playback, elapsedSec: number, total: number): Playback {
  if (!state.playing) return state;
  const time = state.time + Math.max(0, elapsedSec);
  if (total <= 0 || time >= total) return { time: 0, playing: false };
  return { time, playing: true };
}

/** Play from a stopped state restarts at 0 when the playhead sits at the end. */
export function startPlayback(state: Playback, total: number): Playback {
  if (total <= 0) return { time: 0, playing: false };
  return { time: state.time >= total ? 0 : state.time, playing: true };
}
