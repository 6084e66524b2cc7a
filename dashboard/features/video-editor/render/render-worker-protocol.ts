import type { RenderInput } from './engine-job';
import type { SoundClip } from './scene';
import type { SoundBank } from './sound-bank';

// Messages between the page (worker-render.ts) and the export's worker (render.worker.ts). One worker
// per export: 'render' starts it, the worker asks the page for the decoded sounds ('sounds':
// OfflineAudioContext's decodeAudioData is the page's alone) and, where it has no encoder for the
// container's audio codec, for the sound track encoded by ffmpeg.wasm from the WAV it wrote ('encode-audio':
// ffmpeg.wasm's service is the page's), reports 'progress', and answers 'done' with the file (it keeps the file and its Web
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
  /** false: every frame of a still to the encoder (RenderOptions.skipStills). */
  skipStills?: boolean;
}

export type ToRenderWorker =
  | RenderJobMessage
  /** The answer to 'sounds': the decoded files (transferred) and how each sound plays them, null for silence. */
  | { kind: 'sounds'; bank: SoundBank | null }
  /** The answer to 'encode-audio': the sound track as ffmpeg.wasm encoded it (an OPFS file where it can; the page deletes it after 'done'). */
  | { kind: 'encoded-audio'; data: Blob }
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
  /** The worker needs the sounds of these clips decoded, to mix them a piece at a time over durationSec. */
  | { kind: 'sounds'; clips: SoundClip[]; durationSec: number }
  /**
   * No encoder here for the container's audio codec (AAC on Linux Chromium): the mix as a 16-bit WAV this
   * worker wrote a piece at a time (an OPFS file where it can), for the page's ffmpeg.wasm to encode.
   */
  | { kind: 'encode-audio'; wav: Blob }
  /** The whole file, pictures and sound; `audio` says who encoded the sound (EncodedVideo in webcodecs-engine.ts). */
  | {
      kind: 'done';
      written: { file: File } | { bytes: Uint8Array };
      audio: 'webcodecs' | 'ffmpeg' | null;
    }
  /** This worker cannot do the export (no OffscreenCanvas or VideoEncoder here, the config unsupported, a video it cannot decode). */
  | { kind: 'unsupported'; reason: string }
  | { kind: 'error'; error: WorkerErrorInfo }
  | { kind: 'disposed' };
