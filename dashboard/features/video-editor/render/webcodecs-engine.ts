import type { ProjectSettings, VideoQuality } from '@core/editor/model';
import { AudioSample, AudioSampleSource, canEncodeAudio, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output, WebMOutputFormat } from 'mediabunny';
import { encodeWav, mixAudio, mixedAudio, sliceMixed, type MixedAudio } from './audio';
import { drawFrame } from './draw-frame';
import type { EngineJob, EngineOutput } from './engine-job';
import { AAC_BITRATE, AUDIO_SAMPLE_RATE, FORMATS, isKeyFrame, OPUS_BITRATE, videoBitrate, webCodecCandidates } from './encoding';
import { buildAddAudioArgs } from './ffmpeg-args';
import { throwIfAborted, type FfmpegService } from './ffmpeg-service';
import { openOutputSpool, renderFileName } from './output-spool';
import { frameRuns, frameTime, sourceTime, type Scene } from './scene';

// Frames drawn by drawFrame on an OffscreenCanvas, encoded by the browser's VideoEncoder (H.264 or
// VP9), muxed by mediabunny. A still (image, title, black) is drawn once per run and its frame reused
// with new timestamps: no canvas readback per frame, which is most of the cost of canvas frames.

/** The first encoder configuration the browser supports for this codec and size, or null. */
export async function pickVideoEncoderConfig(codec: 'avc' | 'vp9', width: number, height: number, fps: number, quality: VideoQuality): Promise<VideoEncoderConfig | null> {
  if (typeof VideoEncoder === 'undefined' || typeof VideoFrame === 'undefined' || typeof OffscreenCanvas === 'undefined') return null;
  for (const codecString of webCodecCandidates(codec, width, height, fps)) {
    const config: VideoEncoderConfig = {
      codec: codecString,
      width,
      height,
      framerate: fps,
      bitrate: videoBitrate(quality, width, height, fps),
      bitrateMode: 'variable',
      latencyMode: 'quality',
      ...(codec === 'avc' ? { avc: { format: 'avc' as const } } : {}),
    };
    const support = await VideoEncoder.isConfigSupported(config).catch(() => null);
    if (support?.supported) return config;
  }
  return null;
}

const MAX_ENCODE_QUEUE = 6;

export interface WebCodecsJob extends EngineJob {
  encoderConfig: VideoEncoderConfig;
  /** The sound track, mixed: on the page by OfflineAudioContext (`pageMix`), asked of the page from a worker. */
  mix: () => Promise<MixedAudio | null>;
}

/** What `encodeWithWebCodecs` wrote, and the sound it could not put in the container (ffmpeg.wasm adds it: `addAudioWithFfmpeg`). */
export interface EncodedVideo {
  written: { file: File } | { bytes: Uint8Array };
  /** Deletes the OPFS file (nothing for bytes); safe to call more than once. */
  dispose: () => Promise<void>;
  /** The mix, when the browser has no encoder for the container's audio codec (AAC on Linux Chromium). */
  audioToAdd: MixedAudio | null;
}

/** The page's mix: audio clips and video clips' sound through OfflineAudioContext (audio.ts), which a worker lacks. */
export const pageMix = (job: Pick<EngineJob, 'media' | 'durationSec' | 'signal'>) => async (): Promise<MixedAudio | null> => {
  const buffer = await mixAudio(job.media.audio, job.media.blobs, job.durationSec, job.signal);
  return buffer && mixedAudio(buffer);
};

/** The whole WebCodecs export on this thread: frames and sound encoded and muxed, AAC added by ffmpeg.wasm where the browser has no encoder. */
export async function renderWithWebCodecs(job: WebCodecsJob & { ffmpeg: () => FfmpegService }): Promise<EngineOutput> {
  const encoded = await encodeWithWebCodecs(job);
  const { written, audioToAdd } = encoded;
  if (!audioToAdd) return 'file' in written ? { file: written.file, dispose: encoded.dispose, engine: 'webcodecs' } : { bytes: written.bytes, engine: 'webcodecs' };
  try {
    job.onProgress(0.97, 'Adding audio');
    const bytes = await addAudioWithFfmpeg(job.ffmpeg(), written, encodeWav(audioToAdd.channels, audioToAdd.sampleRate), job.input.settings, job.signal);
    return { bytes, engine: 'webcodecs+ffmpeg' };
  } finally {
    await encoded.dispose();
  }
}

/**
 * ffmpeg.wasm muxes the mix (`wav`, encodeWav's, made where the frames were encoded) with the video: it
 * writes its output in memory (its MEMFS); a video in OPFS is mounted (WORKERFS), read as ffmpeg goes,
 * never copied whole into memory. render-timeline.ts spools the output into OPFS.
 */
export async function addAudioWithFfmpeg(
  ffmpeg: FfmpegService,
  written: EncodedVideo['written'],
  wav: Uint8Array,
  settings: Pick<ProjectSettings, 'format' | 'quality'>,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const { format, quality } = settings;
  return ffmpeg.run(
    async (ff) => {
      const video = `video.${format}`;
      if ('file' in written) await ff.mount([{ name: video, data: written.file }]);
      else await ff.write(video, written.bytes);
      await ff.write('audio.wav', wav);
      await ff.exec(buildAddAudioArgs({ video: ff.path(video), wav: ff.path('audio.wav'), format, quality, output: ff.path(`out.${format}`) }));
      if (!('file' in written)) await ff.remove(video);
      await ff.remove('audio.wav');
      return ff.read(`out.${format}`);
    },
    { signal },
  );
}

/**
 * Frames drawn by drawFrame and encoded, muxed with the sound where the browser encodes its codec. Runs
 * on the page or in the export's worker (render.worker.ts): it needs OffscreenCanvas, VideoEncoder,
 * mediabunny and OPFS, all of which a worker has.
 */
export async function encodeWithWebCodecs(job: WebCodecsJob): Promise<EncodedVideo> {
  const { input, width, height, fps, totalFrames, durationSec, media, signal, onProgress } = job;
  const format = input.settings.format;
  const quality = input.settings.quality;
  const info = FORMATS[format];
  if (!info.webCodec) throw new Error(`${format} has no WebCodecs encoder`);

  onProgress(0, 'Mixing audio');
  const mixed = await job.mix();
  throwIfAborted(signal);
  const audioCodec = format === 'mp4' ? 'aac' : 'opus';
  const audioBitrate = format === 'mp4' ? AAC_BITRATE[quality] : OPUS_BITRATE[quality];
  // Chromium on Linux has no AAC encoder in WebCodecs: then ffmpeg.wasm adds the audio afterwards.
  const audioInContainer = !!mixed && (await canEncodeAudio(audioCodec, { numberOfChannels: 2, sampleRate: AUDIO_SAMPLE_RATE, bitrate: audioBitrate }));

  // Streamed into an OPFS file where the browser has one (output-spool.ts), else kept in memory. An mp4
  // streamed to a file reserves room for its index at the start (fast start without holding the media in
  // memory): mediabunny needs each track's most packets for that, a frame's and an audio packet's worth
  // (AAC 1024 samples, Opus 960) plus a margin.
  const spool = await openOutputSpool(renderFileName(format), job.spool !== 'memory');
  const reserve = spool.kind === 'opfs' && format === 'mp4';
  const output = new Output({ format: format === 'mp4' ? new Mp4OutputFormat({ fastStart: reserve ? 'reserve' : 'in-memory' }) : new WebMOutputFormat(), target: spool.target });
  const videoSource = new EncodedVideoPacketSource(info.webCodec);
  output.addVideoTrack(videoSource, { frameRate: fps, ...(reserve && { maximumPacketCount: totalFrames + 16 }) });
  const audioSource = audioInContainer ? new AudioSampleSource({ codec: audioCodec, bitrate: audioBitrate }) : null;
  if (audioSource) output.addAudioTrack(audioSource, reserve ? { maximumPacketCount: Math.ceil((durationSec * AUDIO_SAMPLE_RATE) / 960) + 64 } : {});
  output.setMetadataTags({ title: input.title });

  let failure: unknown = null;
  let videoPending: Promise<void> = Promise.resolve();
  let audioPending: Promise<void> = Promise.resolve();
  const encoder = new VideoEncoder({
    output: (chunk, meta) => {
      const packet = EncodedPacket.fromEncodedChunk(chunk);
      videoPending = videoPending.then(() => videoSource.add(packet, meta)).catch((e: unknown) => void (failure ??= e));
    },
    error: (e) => void (failure ??= e),
  });
  const check = () => {
    throwIfAborted(signal);
    if (failure) throw failure;
  };

  try {
    await output.start();
    encoder.configure(job.encoderConfig);
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('No 2D canvas context');
    const scene: Scene = { width, height, items: input.items, fps, captionStyle: input.settings.captionStyle };
    const samplesPerFrame = AUDIO_SAMPLE_RATE / fps;

    const encode = async (source: VideoFrame | OffscreenCanvas, index: number) => {
      check();
      while (encoder.encodeQueueSize > MAX_ENCODE_QUEUE) await new Promise<void>((r) => encoder.addEventListener('dequeue', () => r(), { once: true }));
      // Each second of audio goes in with its first frame, so the muxer always has both tracks to interleave.
      if (mixed && audioSource && index % fps === 0) {
        const slice = sliceMixed(mixed, Math.round(index * samplesPerFrame), Math.round((index + fps) * samplesPerFrame));
        if (slice) {
          const sample = new AudioSample({ data: slice.data, format: 'f32-planar', numberOfChannels: mixed.channels.length, sampleRate: mixed.sampleRate, timestamp: slice.timestamp });
          audioPending = audioPending
            .then(() => audioSource.add(sample))
            .finally(() => sample.close())
            .catch((e: unknown) => void (failure ??= e));
        }
      }
      const { micros, durationMicros } = frameTime(index, fps);
      const frame = new VideoFrame(source, { timestamp: micros, duration: durationMicros });
      try {
        encoder.encode(frame, { keyFrame: isKeyFrame(index, fps) });
      } finally {
        frame.close();
      }
      if (index % 10 === 0) onProgress((0.95 * index) / totalFrames, 'Encoding video');
    };

    const runs = frameRuns(input.items, fps, totalFrames);
    // The last run that shows each video clip: after it, the clip's decoder and frames are let go.
    const lastRun = new Map<string, number>();
    runs.forEach((run, k) => run.layers.forEach((l) => l.type === 'video' && lastRun.set(l.id, k)));
    for (const [k, run] of runs.entries()) {
      const frames = Array.from({ length: run.frames }, (_, k) => run.startFrame + k);
      const videos = run.layers.filter((l): l is Extract<typeof l, { type: 'video' }> => l.type === 'video');
      if (videos.length > 0) {
        for (const item of videos)
          media.startVideo(
            item,
            frames.map((i) => sourceTime(item, i / fps)),
          );
        for (const i of frames) {
          check();
          for (const item of videos) await media.advance(item);
          drawFrame(ctx, scene, i / fps, media);
          await encode(canvas, i);
        }
        for (const item of videos) if (lastRun.get(item.id) === k) media.endVideo(item);
      } else {
        drawFrame(ctx, scene, run.startFrame / fps, media);
        const still = new VideoFrame(canvas, { timestamp: frameTime(run.startFrame, fps).micros });
        try {
          for (const i of frames) await encode(still, i);
        } finally {
          still.close();
        }
      }
    }
    check();
    onProgress(0.95, 'Finishing');
    await encoder.flush();
    await videoPending;
    await audioPending;
    check();
    await output.finalize();
  } catch (error) {
    if (encoder.state !== 'closed') encoder.close();
    await output.cancel().catch(() => undefined);
    await spool.dispose();
    throw error;
  }
  if (encoder.state !== 'closed') encoder.close();
  const written = await spool.result().catch(async (error: unknown) => {
    await spool.dispose();
    throw error;
  });
  return { written, dispose: () => spool.dispose(), audioToAdd: mixed && !audioInContainer ? mixed : null };
}
