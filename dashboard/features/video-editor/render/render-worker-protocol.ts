import type { MixedAudio } from './audio';
import type { RenderInput } from './engine-job';
import type { SoundClip } from './scene';

// Messages between the page (worker-render.ts) and the export's worker (render.worker.ts). One worker
// per export: 'render' starts it, the worker asks the page for the sound ('mix': OfflineAudioContext is
// the page's alone), reports 'progress', and answers 'done' with the file (it keeps the file and its Web
// Lock until the page sends 'dispose'), 'unsupported' (the page renders on its own thread instead) or
// 'error'. 'abort' stops it within about a frame; the page terminates the worker after every ending.

export interface RenderJobMessage {
  kind: 'render';
  /** The timeline as it was when Export was clicked (a structured clone: later edits cannot reach it). */
  input: RenderInput;
  /** Every media file, fetched by the page (cloning a Blob copies no bytes). */
  blobs: Map<string, Blob>;
  encoderConfig: VideoEncoderConfig;
  width: number;
  height: number;
  fps: number;
  totalFrames: number;
  durationSec: number;
  spool: 'opfs' | 'memory';
}

export type ToRenderWorker =
  | RenderJobMessage
  /** The answer to 'mix': planar float PCM (transferred), null for silence. */
  | { kind: 'mixed'; audio: MixedAudio | null }
  | { kind: 'abort' }
  /** Delete the output file and release its lock (after the upload, or when the page drops it). */
  | { kind: 'dispose' };

/** An error crossing the boundary: its name tells the page which error to throw (worker-render.ts `workerError`). */
export interface WorkerErrorInfo {
  name: string;
  message: string;
}

export type FromRenderWorker =
  | { kind: 'progress'; fraction: number; stage: string }
  /** The worker needs the sound track: these clips mixed over durationSec. */
  | { kind: 'mix'; clips: SoundClip[]; durationSec: number }
  /**
   * `wav`: the browser has no encoder for the container's audio codec, so this is the mix as a 16-bit WAV
   * (made here and transferred: encoding it on the page held the page's thread), which the page adds with ffmpeg.wasm.
   */
  | { kind: 'done'; written: { file: File } | { bytes: Uint8Array }; wav: Uint8Array | null }
  /** This worker cannot do the export (no OffscreenCanvas or VideoEncoder here, the config unsupported, a video it cannot decode). */
  | { kind: 'unsupported'; reason: string }
  | { kind: 'error'; error: WorkerErrorInfo }
  | { kind: 'disposed' };
