import type { TimelineItem } from '@core/editor/model';

// The multi-track timeline's shapes, apart from its edits (./tracks.ts) so that the modules the edits call
// (./transitions.ts) can name them without importing the edits back.

export type TrackId = NonNullable<TimelineItem['track']>;

export interface Clip {
  id: string;
  track: TrackId;
  /** First frame on the timeline. */
  start: number;
  /** Frames on the timeline (at least 1). */
  length: number;
  /**
   * First frame used from the source: a whole frame, or any frame of the source at a speed other than 1
   * (a split or trim of a 1.5x clip may land between two source frames).
   */
  in: number;
  /** The source's length in frames when known (video, audio): the out point cannot pass it. */
  sourceLength?: number;
  /** The item's type, settings and gain; its times are ignored (start, length and in are the truth). */
  item: TimelineItem;
}

export interface Timeline {
  fps: number;
  clips: readonly Clip[];
}

/** A clip's playback speed (1 without one): it plays `length * speed` frames of its source from `in`. */
export const clipSpeed = (c: Pick<Clip, 'item'>): number => c.item.speed ?? 1;

/** Source frames, kept to a millionth of a frame so that sums of speeds stay exact (1.5 * 3 = 4.5). */
export const sourceFrames = (f: number): number => Math.round(f * 1e6) / 1e6;
