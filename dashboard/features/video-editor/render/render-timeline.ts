import type { VideoFormat } from '@core/editor/model';
import type { RenderInput } from './engine-job';
import { evenSize, FORMATS } from './encoding';
import { renderWithFfmpeg } from './ffmpeg-engine';
import { ffmpegCoreUrls } from './ffmpeg-core-urls';
import {
  createFfmpegService,
  RenderAbortedError,
  throwIfAborted,
  type FfmpegService,
} from './ffmpeg-service';
import { fetchMedia, loadMedia, MediaLoadError } from './media';
import { renderFileName, spoolBytes } from './output-spool';
import { sweepRenderFiles } from './render-files';
import { frameCount, renderDuration } from './scene';
import type { EngineOutput } from './engine-job';
import { pageSounds, pickVideoEncoderConfig, renderWithWebCodecs } from './webcodecs-engine';
import { canRenderInWorker, renderInWorker, startRenderWorker } from './worker-render';

export { RenderAbortedError } from './ffmpeg-service';
export { MediaLoadError } from './media';

export type RenderEngine = 'auto' | 'webcodecs' | 'ffmpeg';

export type { RenderInput } from './engine-job';

export interface RenderOptions {
  /** Aborting stops the work within about one frame (WebCodecs) or at once (ffmpeg.wasm worker terminated) and frees it. */
  signal?: AbortSignal;
  /** fraction 0..1, rising; stage is a short label for the UI ('Loading media', 'Encoding video', ...). */
  onProgress?: (fraction: number, stage: string) => void;
  /**
   * auto: WebCodecs (H.264 for mp4, VP9 for webm) where the browser can encode the codec, else
   * ffmpeg.wasm; mov (ProRes) always uses ffmpeg.wasm. 'webcodecs' fails rather than fall back.
   */
  engine?: RenderEngine;
  /** An ffmpeg service to reuse; by default one is created for this render and disposed at its end. */
  ffmpeg?: FfmpegService;
  /** For tests: replaces global fetch when loading media. */
  fetch?: typeof fetch;
  /**
   * Where the export is written: 'opfs' (default) streams the WebCodecs mux into a file in the origin
   * private file system where the browser has one, and copies an output ffmpeg.wasm made into such a
   * file; 'memory' keeps it in one buffer (and the result is a Blob of it).
   */
  spool?: 'opfs' | 'memory';
  /**
   * Where the WebCodecs export draws, encodes and muxes: 'auto' (default) in a worker (render.worker.ts)
   * where the browser can, else on the page; 'worker' fails rather than fall back; 'main' on the page.
   */
  thread?: 'auto' | 'worker' | 'main';
  /**
   * H.264 exports write a still's frames after its first few as skipped frames, a few bytes each that
   * repeat the picture (h264-skip.ts), where the encoder's stream allows it; false sends every frame to
   * the encoder (the tests' and the bench's reference).
   */
  skipStills?: boolean;
}

export interface RenderResult {
  blob: Blob;
  mimeType: string;
  extension: VideoFormat;
  /** 'webcodecs', 'webcodecs+ffmpeg' (AAC added by ffmpeg.wasm) or 'ffmpeg'. */
  engine: string;
  durationSec: number;
  /** 'opfs': `blob` is a file in the origin private file system (output-spool.ts); 'memory': bytes in memory. */
  storage: 'opfs' | 'memory';
  /** Deletes the OPFS file behind `blob` (nothing for memory): call it once the file is uploaded or dropped. */
  dispose: () => Promise<void>;
  /** Where the frames were drawn and encoded: 'worker' (render.worker.ts) or 'main' (the page, and every ffmpeg.wasm export). */
  thread: 'worker' | 'main';
}

export class RenderUnsupportedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderUnsupportedError';
  }
}

/**
 * Renders the whole timeline to a file at settings.resolution (rounded down to even sizes), 30 fps,
 * in settings.format at settings.quality (see encoding.ts for the bitrates and CRFs). The frames come
 * from drawFrame, the same function as the preview. Audio clips are mixed into the file: AAC (mp4),
 * Opus (webm), PCM (mov). The length is the end of the longer track.
 */
export async function renderTimeline(
  request: RenderInput,
  options: RenderOptions = {},
): Promise<RenderResult> {
  const { signal, onProgress = () => undefined, engine = 'auto', thread = 'auto' } = options;
  throwIfAborted(signal);
  // The timeline as it is now: an edit made while the export runs does not reach the file.
  const input: RenderInput = structuredClone({
    items: request.items,
    settings: request.settings,
    title: request.title,
  });
  const { width, height } = evenSize(
    input.settings.resolution.width,
    input.settings.resolution.height,
  );
  const fps = input.settings.fps;
  const format = input.settings.format;
  const info = FORMATS[format];
  const durationSec = renderDuration(input.items);
  const totalFrames = frameCount(durationSec, fps);
  if (totalFrames === 0)
    throw new RenderUnsupportedError('Nothing to render: add a clip to the timeline first');
  // Files that closed or crashed tabs left in OPFS (render-files.ts); never one an open tab still needs.
  if (options.spool !== 'memory') await sweepRenderFiles().catch(() => undefined);

  // The export's worker loads its code while the page asks for the encoder and fetches the media.
  // renderInWorker takes it over (and ends it); unused, it is ended below.
  let worker =
    engine !== 'ffmpeg' && info.webCodec && thread !== 'main' && canRenderInWorker()
      ? startRenderWorker()
      : null;
  let encoderConfig: VideoEncoderConfig | null = null;

  const ownFfmpeg = !options.ffmpeg;
  let ffmpegService: FfmpegService | null = options.ffmpeg ?? null;
  const ffmpeg = () => (ffmpegService ??= createFfmpegService(ffmpegCoreUrls));
  const engineProgress = (f: number, stage: string) => onProgress(0.1 + 0.9 * f, stage);
  const fetchOpts = {
    signal,
    fetch: options.fetch ?? fetch.bind(globalThis),
    onProgress: (f: number) => onProgress(0.1 * f, 'Loading media'),
  };

  const finish = async (out: EngineOutput, ran: RenderResult['thread']): Promise<RenderResult> => {
    // An output in memory (ffmpeg.wasm's, or a mux without OPFS) goes into an OPFS file where it can, so
    // the bytes can be dropped and what the caller uploads is a file, not a second copy in a Blob.
    const spooled =
      'file' in out
        ? out
        : options.spool === 'memory'
          ? null
          : await spoolBytes(renderFileName(info.extension), out.bytes);
    const stored = spooled
      ? { blob: spooled.file, storage: 'opfs' as const, dispose: spooled.dispose }
      : {
          blob: new Blob([(out as { bytes: Uint8Array }).bytes as BlobPart], {
            type: info.mimeType,
          }),
          storage: 'memory' as const,
          dispose: () => Promise.resolve(),
        };
    onProgress(1, 'Done');
    return {
      ...stored,
      mimeType: info.mimeType,
      extension: info.extension,
      engine: out.engine,
      durationSec: totalFrames / fps,
      thread: ran,
    };
  };

  let blobs: Map<string, Blob> | undefined;
  try {
    if (engine !== 'ffmpeg' && info.webCodec)
      encoderConfig = await pickVideoEncoderConfig(
        info.webCodec,
        width,
        height,
        fps,
        input.settings.quality,
      );
    if (engine === 'webcodecs' && !encoderConfig)
      throw new RenderUnsupportedError(`This browser cannot encode ${format} with WebCodecs`);
    if (thread === 'worker' && (!encoderConfig || !canRenderInWorker()))
      throw new RenderUnsupportedError('This browser cannot export in a worker');
    // The WebCodecs export in a worker (worker-render.ts), so the editor keeps answering while it runs.
    if (encoderConfig && thread !== 'main' && canRenderInWorker()) {
      blobs = await fetchMedia(input.items, fetchOpts);
      const started = worker;
      worker = null;
      const out = await renderInWorker({
        input,
        blobs,
        encoderConfig,
        width,
        height,
        fps,
        totalFrames,
        durationSec: totalFrames / fps,
        spool: options.spool ?? 'opfs',
        ...(options.skipStills === false && { skipStills: false }),
        signal,
        onProgress: engineProgress,
        ffmpeg,
        ...(started && { makeWorker: () => started }),
      });
      if (out) return await finish(out, 'worker');
      if (thread === 'worker')
        throw new RenderUnsupportedError('This browser cannot export in a worker');
    }
    // On the page: the fallback, and every ffmpeg.wasm export (ffmpeg.wasm runs in its own worker).
    const load = (decodeVideo: boolean) =>
      loadMedia(input.items, {
        ...fetchOpts,
        blobs,
        decodeVideo,
        trackMix: input.settings.trackMix,
        fps,
      });
    const media = await load(!!encoderConfig).catch((error: unknown) => {
      // A video the browser cannot decode (container or codec): with engine 'auto', ffmpeg.wasm decodes it.
      if (
        engine === 'auto' &&
        error instanceof MediaLoadError &&
        error.undecodable &&
        format !== 'mov'
      ) {
        encoderConfig = null;
        return load(false);
      }
      throw error;
    });
    try {
      const job = {
        input,
        width,
        height,
        fps,
        totalFrames,
        durationSec: totalFrames / fps,
        media,
        signal,
        spool: options.spool,
        onProgress: engineProgress,
        skipStills: options.skipStills,
      };
      const config: VideoEncoderConfig | null = encoderConfig;
      const out = config
        ? await renderWithWebCodecs({
            ...job,
            encoderConfig: config,
            ffmpeg,
            sounds: pageSounds(job),
          })
        : await renderWithFfmpeg({ ...job, ffmpeg: ffmpeg() });
      return await finish(out, 'main');
    } finally {
      media.close();
    }
  } catch (error) {
    if (signal?.aborted) throw new RenderAbortedError();
    throw error;
  } finally {
    worker?.terminate();
    if (ownFfmpeg) ffmpegService?.dispose();
  }
}

export { activeVisualAt, audioDuration, frameCount, renderDuration, visualDuration } from './scene';
