import type { VideoQuality } from '@core/editor/model';
import { AudioBufferSource, canEncodeAudio, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output, WebMOutputFormat } from 'mediabunny';
import { encodeWav, mixAudio, sliceAudio } from './audio';
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

export async function renderWithWebCodecs(job: EngineJob & { encoderConfig: VideoEncoderConfig; ffmpeg: () => FfmpegService }): Promise<EngineOutput> {
  const { input, width, height, fps, totalFrames, durationSec, media, signal, onProgress } = job;
  const format = input.settings.format;
  const quality = input.settings.quality;
  const info = FORMATS[format];
  if (!info.webCodec) throw new Error(`${format} has no WebCodecs encoder`);

  onProgress(0, 'Mixing audio');
  const mixed = await mixAudio(media.audio, media.blobs, durationSec, signal);
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
  const audioSource = audioInContainer ? new AudioBufferSource({ codec: audioCodec, bitrate: audioBitrate }) : null;
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
        const slice = sliceAudio(mixed, Math.round(index * samplesPerFrame), Math.round((index + fps) * samplesPerFrame));
        if (slice) audioPending = audioPending.then(() => audioSource.add(slice)).catch((e: unknown) => void (failure ??= e));
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

    for (const run of frameRuns(input.items, fps, totalFrames)) {
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
  if (!mixed || audioInContainer) return 'file' in written ? { file: written.file, dispose: () => spool.dispose(), engine: 'webcodecs' } : { bytes: written.bytes, engine: 'webcodecs' };
  // ffmpeg.wasm writes its output in memory (its MEMFS); the video in OPFS is mounted (WORKERFS), read
  // as ffmpeg goes, never copied whole into memory. render-timeline.ts spools the output into OPFS.
  try {
    onProgress(0.97, 'Adding audio');
    const wav = encodeWav(
      Array.from({ length: mixed.numberOfChannels }, (_, c) => mixed.getChannelData(c)),
      mixed.sampleRate,
    );
    const bytes = await job.ffmpeg().run(
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
    return { bytes, engine: 'webcodecs+ffmpeg' };
  } finally {
    await spool.dispose();
  }
}
