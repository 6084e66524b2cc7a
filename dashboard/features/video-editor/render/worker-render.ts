import { decodeSounds } from './audio';
import type { EngineOutput } from './engine-job';
import { RenderAbortedError, throwIfAborted, type FfmpegService } from './ffmpeg-service';
import { sweepRenderFiles } from './render-files';
import type {
  FromRenderWorker,
  RenderJobMessage,
  ToRenderWorker,
  WorkerErrorInfo,
} from './render-worker-protocol';
import type { SoundBank } from './sound-bank';
import { encodeAudioWithFfmpeg, type EncodedAudioFile } from './webcodecs-engine';

// The page's side of the export's worker (render.worker.ts): one worker per export, sent the timeline
// snapshot and the fetched files; it draws, mixes, encodes and muxes while the page only decodes the
// sounds when asked (OfflineAudioContext's decodeAudioData), relays progress, and encodes the sound track
// with ffmpeg.wasm (its own worker) where the browser has no AAC encoder, from the WAV the worker wrote
// (mounted, not copied), handing back the encoded file, whose packets the worker muxes beside the frames.
// The page holds no mix and converts nothing itself: its thread stays free for the editor (docs/architecture.md). Cancel asks the worker to stop (its engine
// deletes the file and releases its lock), then terminates it; a worker that does not answer in time is
// terminated anyway, which releases its lock, and the sweep deletes its file (render-files.ts).

/** How long a stopping worker may take to clean up before it is terminated. */
const STOP_GRACE_MS = 3000;

export interface WorkerRenderJob extends Omit<RenderJobMessage, 'kind'> {
  signal?: AbortSignal;
  onProgress: (fraction: number, stage: string) => void;
  ffmpeg: () => FfmpegService;
  /** For tests: how the worker is made. */
  makeWorker?: () => Worker;
}

/** Whether this page can start a module worker at all (the worker itself checks OffscreenCanvas and VideoEncoder). */
export const canRenderInWorker = () => typeof Worker !== 'undefined';

/** The export's worker, loading (render.worker.ts); renderInWorker sends it the job. */
export const startRenderWorker = () =>
  new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module', name: 'render' });

/** The error the worker reported, as the page's own (a cancel as RenderAbortedError). */
export function workerError(info: WorkerErrorInfo): Error {
  if (info.name === 'AbortError') return new RenderAbortedError();
  const error = new Error(info.message);
  error.name = info.name;
  return error;
}

/**
 * Runs the WebCodecs export in a worker. Resolves with its output (an OPFS file whose `dispose` has the
 * worker delete it, or bytes), or null when the worker cannot do this export: the caller then renders on
 * the page (render-timeline.ts).
 */
export async function renderInWorker(job: WorkerRenderJob): Promise<EngineOutput | null> {
  const { signal, onProgress, ffmpeg, makeWorker = startRenderWorker, ...message } = job;
  throwIfAborted(signal);
  const worker = makeWorker();
  const send = (m: ToRenderWorker, transfer: Transferable[] = []) =>
    worker.postMessage(m, transfer);
  let stopTimer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  // Sound tracks ffmpeg.wasm encoded for the worker: deleted once the worker has muxed them (or failed).
  const audioFiles: EncodedAudioFile[] = [];
  const disposeAudio = async () => {
    for (const f of audioFiles.splice(0)) await f.dispose();
  };

  const ended = new Promise<Extract<FromRenderWorker, { kind: 'done' | 'unsupported' }>>(
    (resolve, reject) => {
      worker.onmessage = (e: MessageEvent<FromRenderWorker>) => {
        const m = e.data;
        switch (m.kind) {
          case 'progress':
            return onProgress(m.fraction, m.stage);
          case 'sounds':
            return void decodeSounds(m.clips, message.blobs, m.durationSec, signal)
              .then((bank) => send({ kind: 'sounds', bank }, bank ? transferables(bank) : []))
              .catch(reject);
          case 'encode-audio':
            return void encodeAudioWithFfmpeg(
              ffmpeg(),
              m.wav,
              message.input.settings,
              message.durationSec,
              message.spool,
              signal,
              onProgress,
            )
              .then((file) => {
                audioFiles.push(file);
                send({ kind: 'encoded-audio', data: file.data });
              })
              .catch(reject);
          case 'done':
          case 'unsupported':
            return resolve(m);
          case 'error':
            return reject(workerError(m.error));
        }
      };
      worker.onerror = (e) => {
        e.preventDefault();
        reject(new Error(e.message || 'The export worker failed'));
      };
      // Cancel: the worker stops within about a frame and cleans up, or is terminated after STOP_GRACE_MS.
      signal?.addEventListener(
        'abort',
        () => {
          send({ kind: 'abort' });
          stopTimer = setTimeout(() => {
            timedOut = true;
            reject(new RenderAbortedError());
          }, STOP_GRACE_MS);
        },
        { once: true },
      );
    },
  );

  send({ kind: 'render', ...message });
  let result: Extract<FromRenderWorker, { kind: 'done' | 'unsupported' }>;
  try {
    result = await ended;
  } catch (error) {
    worker.terminate();
    // Terminated before it cleaned up (or while it waited for the page): its locks are gone with it, so the sweep deletes its files.
    if (timedOut || !signal?.aborted) await sweepRenderFiles().catch(() => undefined);
    throw signal?.aborted ? new RenderAbortedError() : error;
  } finally {
    clearTimeout(stopTimer);
    await disposeAudio();
  }
  if (result.kind === 'unsupported') {
    worker.terminate();
    return null;
  }

  let disposed: Promise<void> | null = null;
  // The worker holds the file's lock: it deletes the file, releases the lock and is terminated.
  const dispose = () =>
    (disposed ??= new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        worker.terminate();
        resolve();
      };
      const timer = setTimeout(() => {
        worker.terminate();
        void sweepRenderFiles()
          .catch(() => undefined)
          .finally(resolve);
      }, STOP_GRACE_MS);
      worker.onmessage = (e: MessageEvent<FromRenderWorker>) =>
        e.data.kind === 'disposed' && finish();
      send({ kind: 'dispose' });
    }));
  const { written } = result;
  const engine = result.audio === 'ffmpeg' ? 'webcodecs+ffmpeg' : 'webcodecs';
  if ('bytes' in written) {
    worker.terminate();
    return { bytes: written.bytes, engine };
  }
  return { file: written.file, dispose, engine };
}

/** The decoded files' buffers, each once (several sounds may play one file): moved to the worker, not copied. */
function transferables(bank: SoundBank): Transferable[] {
  return [...new Set(bank.files.flat().map((c) => c.buffer))];
}
