import { MediaLoadError, loadMedia, type RenderMedia } from './media';
import type { FromRenderWorker, RenderJobMessage, ToRenderWorker } from './render-worker-protocol';
import type { SoundBank } from './sound-bank';
import { encodeWithWebCodecs } from './webcodecs-engine';

// The export's worker: the WebCodecs export (drawFrame on an OffscreenCanvas, VideoEncoder, mediabunny's
// mux streamed into an OPFS file) off the page's thread, so the editor keeps answering while it runs.
// The page (worker-render.ts) sends the timeline snapshot and the fetched files, decodes the sounds when
// asked (OfflineAudioContext is not in workers; this worker mixes them a piece at a time), encodes the
// sound with ffmpeg.wasm from the WAV this worker writes where it has no AAC encoder, and shows the progress this reports. The output file and
// its Web Lock (render-files.ts: navigator.locks is the same origin-wide manager here) stay with this
// worker until 'dispose'; a terminated worker's locks are released by the browser, and the page's sweep
// deletes what it left. Titles and captions are drawn in Arial, a system font, which a worker's
// OffscreenCanvas resolves as the page's canvas does (no web font to load into self.fonts).

// The program's lib is the DOM's: the worker scope's members used here, typed by hand.
const scope = self as unknown as {
  postMessage(message: FromRenderWorker, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<ToRenderWorker>) => void) | null;
};
const post = (message: FromRenderWorker, transfer: Transferable[] = []) =>
  scope.postMessage(message, transfer);

const controller = new AbortController();
let answer: { sounds?: (bank: SoundBank | null) => void; audio?: (data: Blob) => void } = {};
let disposeOutput: (() => Promise<void>) | null = null;

async function render(job: RenderJobMessage): Promise<void> {
  if (
    typeof OffscreenCanvas === 'undefined' ||
    typeof VideoEncoder === 'undefined' ||
    typeof VideoFrame === 'undefined'
  )
    return post({ kind: 'unsupported', reason: 'no OffscreenCanvas or VideoEncoder in workers' });
  const support = await VideoEncoder.isConfigSupported(job.encoderConfig).catch(() => null);
  if (!support?.supported)
    return post({
      kind: 'unsupported',
      reason: `${job.encoderConfig.codec} not encodable in a worker`,
    });
  const { signal } = controller;
  const { input, fps } = job;
  let media: RenderMedia;
  try {
    media = await loadMedia(input.items, {
      signal,
      fetch: () => Promise.reject(new Error('the page fetches')),
      blobs: job.blobs,
      decodeVideo: true,
      trackMix: input.settings.trackMix,
      fps,
    });
  } catch (error) {
    // A video WebCodecs cannot decode: the page's own path hands it to ffmpeg.wasm.
    if (error instanceof MediaLoadError && error.undecodable)
      return post({ kind: 'unsupported', reason: error.message });
    throw error;
  }
  try {
    const encoded = await encodeWithWebCodecs({
      ...job,
      media,
      signal,
      onProgress: (fraction, stage) => post({ kind: 'progress', fraction, stage }),
      sounds: () => {
        if (media.audio.length === 0) return Promise.resolve(null);
        post({ kind: 'sounds', clips: media.audio, durationSec: job.durationSec });
        return new Promise<SoundBank | null>((resolve, reject) => {
          answer.sounds = resolve;
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        });
      },
      // The page encodes it and deletes its file once this worker is done with it.
      encodeAudio: (wav) => {
        post({ kind: 'encode-audio', wav });
        return new Promise((resolve, reject) => {
          answer.audio = (data) => resolve({ data, dispose: () => Promise.resolve() });
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        });
      },
    });
    disposeOutput = encoded.dispose;
    post(
      { kind: 'done', written: encoded.written, audio: encoded.audio },
      'bytes' in encoded.written ? [encoded.written.bytes.buffer] : [],
    );
  } finally {
    media.close();
  }
}

scope.onmessage = (e: MessageEvent<ToRenderWorker>) => {
  const message = e.data;
  switch (message.kind) {
    case 'render':
      void render(message).catch((error: unknown) =>
        post({
          kind: 'error',
          error: {
            name: error instanceof Error ? error.name : 'Error',
            message: error instanceof Error ? error.message : String(error),
          },
        }),
      );
      return;
    case 'sounds':
      answer.sounds?.(message.bank);
      answer = {};
      return;
    case 'encoded-audio':
      answer.audio?.(message.data);
      answer = {};
      return;
    case 'abort':
      controller.abort();
      return;
    case 'dispose':
      void (disposeOutput?.() ?? Promise.resolve()).finally(() => post({ kind: 'disposed' }));
      return;
  }
};
