import type { ProjectSettings, TimelineItem } from '@core/editor/model';
import type { RenderMedia } from './media';

// The shapes the render entry (render-timeline.ts) hands to either engine (webcodecs-engine.ts,
// ffmpeg-engine.ts) and gets back. They live apart from all three so no engine imports the entry that
// imports it: the lint's cycle check (.dependency-cruiser.cjs) counts type-only imports too.

export interface RenderInput {
  items: readonly TimelineItem[];
  settings: ProjectSettings;
  /** Project title: stored as the file's title tag (the download name is the caller's `{title}.{format}`). */
  title: string;
}

export interface EngineJob {
  input: RenderInput;
  width: number;
  height: number;
  fps: number;
  totalFrames: number;
  durationSec: number;
  media: RenderMedia;
  signal?: AbortSignal;
  onProgress: (fraction: number, stage: string) => void;
  /** Where the WebCodecs muxer writes the file: an OPFS file where the browser has one (default), or memory. */
  spool?: 'opfs' | 'memory';
}

export type EngineOutput = (
  | { bytes: Uint8Array }
  /** The file in OPFS (output-spool.ts): `dispose` deletes it once it is uploaded or dropped. */
  | { file: File; dispose: () => Promise<void> }
) & { engine: string };
