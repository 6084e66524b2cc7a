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
  /** First frame used from the source. */
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
