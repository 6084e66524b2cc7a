import type { ProjectSettings, VideoQuality } from '@core/editor/model';
import {
  ALL_FORMATS,
  AudioSample,
  AudioSampleSource,
  BlobSource,
  canEncodeAudio,
  EncodedAudioPacketSource,
  EncodedPacket,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  Mp4OutputFormat,
  Output,
  WebMOutputFormat,
  type AudioCodec,
} from 'mediabunny';
import { decodeSounds, pcm16, wavHeader } from './audio';
import { drawFrame } from './draw-frame';
import type { EngineJob, EngineOutput } from './engine-job';
import {
  AAC_BITRATE,
  AUDIO_CHANNELS,
  AUDIO_SAMPLE_RATE,
  FORMATS,
  isKeyFrame,
  OPUS_BITRATE,
  videoBitrate,
  webCodecCandidates,
} from './encoding';
import { buildAudioArgs } from './ffmpeg-args';
import { throwIfAborted, type FfmpegService } from './ffmpeg-service';
import { openOutputSpool, openSpoolWriter, renderFileName, spoolBytes } from './output-spool';
import {
  avcSkipParams,
  referencePicture,
  skippedFrame,
  type AvcSkipParams,
  type ReferencePicture,
} from './h264-skip';
import { frameRuns, frameTime, sourceTime, type Scene } from './scene';
import { mixRange, type SoundBank } from './sound-bank';

// Frames drawn by drawFrame on an OffscreenCanvas, encoded by the browser's VideoEncoder (H.264 or
// VP9), muxed by mediabunny. A still (image, title, black) is drawn once per run and its frame reused
// with new timestamps: no canvas readback per frame, which is most of the cost of canvas frames.

// What the browser answered for each codec, size, rate and quality: asking again costs about 0.1 s (the
// browser makes an encoder to answer), and it does not change while the page lives.
const encoderConfigs = new Map<string, Promise<VideoEncoderConfig | null>>();

/** The first encoder configuration the browser supports for this codec and size, or null. */
export function pickVideoEncoderConfig(
  codec: 'avc' | 'vp9',
  width: number,
  height: number,
  fps: number,
  quality: VideoQuality,
): Promise<VideoEncoderConfig | null> {
  const key = `${codec} ${width}x${height} ${fps} ${quality}`;
  let answer = encoderConfigs.get(key);
  if (!answer)
    encoderConfigs.set(key, (answer = askVideoEncoderConfig(codec, width, height, fps, quality)));
  return answer;
}

async function askVideoEncoderConfig(
  codec: 'avc' | 'vp9',
  width: number,
  height: number,
  fps: number,
  quality: VideoQuality,
): Promise<VideoEncoderConfig | null> {
  if (
    typeof VideoEncoder === 'undefined' ||
    typeof VideoFrame === 'undefined' ||
    typeof OffscreenCanvas === 'undefined'
  )
    return null;
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

/**
 * Frames of a still the encoder codes (after the run's start or a key frame) before the rest are written
 * as skipped frames (h264-skip.ts): the encoder spends its first frames on a new picture refining it.
 * Chromium's encoder at 720p: its 4th frame of a busy still is 57 dB (PSNR) from where it settles after
 * 60 frames, the 1st 48 dB; each frame it codes costs several times what a settled one does.
 */
const STILL_REFINE_FRAMES = 4;

/** Seconds of the mix converted and written to the WAV per piece, where ffmpeg.wasm encodes the sound. */
const WAV_PIECE_SEC = 10;

/** A sound track ffmpeg.wasm encoded (`encodeAudioWithFfmpeg`): a file of the container's kind whose packets the muxer copies. */
export interface EncodedAudioFile {
  data: Blob;
  /** Deletes its OPFS file (nothing for a Blob in memory); safe to call more than once. */
  dispose: () => Promise<void>;
}

export interface WebCodecsJob extends EngineJob {
  encoderConfig: VideoEncoderConfig;
  /** The export's sounds, decoded (audio.ts `decodeSounds`: on the page by OfflineAudioContext, asked of the page from a worker); null for silence. */
  sounds: () => Promise<SoundBank | null>;
  /**
   * The sound track encoded by ffmpeg.wasm from this WAV (a Blob, an OPFS file where it can), where the
   * browser has no encoder for the container's audio codec (AAC on Linux Chromium).
   */
  encodeAudio: (wav: Blob) => Promise<EncodedAudioFile>;
  /** false: every frame of a still goes to the encoder, none written as a skipped frame (h264-skip.ts). */
  skipStills?: boolean;
}

/** What `encodeWithWebCodecs` wrote: the whole file, pictures and sound. */
export interface EncodedVideo {
  written: { file: File } | { bytes: Uint8Array };
  /** Deletes the OPFS file (nothing for bytes); safe to call more than once. */
  dispose: () => Promise<void>;
  /** Who encoded the sound: the browser ('webcodecs'), ffmpeg.wasm ('ffmpeg'; its packets copied into the mux), or nobody (silence). */
  audio: 'webcodecs' | 'ffmpeg' | null;
}

/** The page's decode of the sounds: OfflineAudioContext's decodeAudioData, which a worker lacks. */
export const pageSounds =
  (job: Pick<EngineJob, 'media' | 'durationSec' | 'signal'>) => (): Promise<SoundBank | null> =>
    decodeSounds(job.media.audio, job.media.blobs, job.durationSec, job.signal);

/** The whole WebCodecs export on this thread: frames and sound encoded and muxed, the sound encoded by ffmpeg.wasm where the browser has no encoder. */
export async function renderWithWebCodecs(
  job: Omit<WebCodecsJob, 'encodeAudio'> & { ffmpeg: () => FfmpegService },
): Promise<EngineOutput> {
  const audioFiles: EncodedAudioFile[] = [];
  try {
    const encoded = await encodeWithWebCodecs({
      ...job,
      encodeAudio: async (wav) => {
        const file = await encodeAudioWithFfmpeg(
          job.ffmpeg(),
          wav,
          job.input.settings,
          job.durationSec,
          job.spool ?? 'opfs',
          job.signal,
          job.onProgress,
        );
        audioFiles.push(file);
        return file;
      },
    });
    const engine = encoded.audio === 'ffmpeg' ? 'webcodecs+ffmpeg' : 'webcodecs';
    return 'file' in encoded.written
      ? { file: encoded.written.file, dispose: encoded.dispose, engine }
      : { bytes: encoded.written.bytes, engine };
  } finally {
    for (const f of audioFiles) await f.dispose();
  }
}

/**
 * The sound track as ffmpeg.wasm encodes it for `settings.format` (AAC in an mp4, Vorbis in a webm) from
 * `wav`, mounted (WORKERFS reads the Blob or OPFS file by slices as ffmpeg goes: never copied whole into
 * its memory). Its output, a few MiB a minute, is read out of ffmpeg's memory and copied into an OPFS
 * file (`spool` 'opfs', where the browser has one) so the export's muxer reads it lazily too.
 */
export async function encodeAudioWithFfmpeg(
  ffmpeg: FfmpegService,
  wav: Blob,
  settings: Pick<ProjectSettings, 'format' | 'quality'>,
  durationSec: number,
  spool: 'opfs' | 'memory',
  signal?: AbortSignal,
  onProgress?: (fraction: number, stage: string) => void,
): Promise<EncodedAudioFile> {
  const { format, quality } = settings;
  const extension = format === 'mp4' ? 'm4a' : format;
  const bytes = await ffmpeg.run(
    async (ff) => {
      await ff.mount([{ name: 'audio.wav', data: wav }]);
      const output = `audio.${extension}`;
      await ff.exec(
        buildAudioArgs({ wav: ff.path('audio.wav'), format, quality, output: ff.path(output) }),
        { durationSec, onProgress: (f) => onProgress?.(0.05 * f, 'Encoding audio') },
      );
      return ff.read(output);
    },
    { signal },
  );
  const spooled = spool === 'opfs' ? await spoolBytes(renderFileName(extension), bytes) : null;
  return spooled
    ? { data: spooled.file, dispose: spooled.dispose }
    : { data: new Blob([bytes as BlobPart]), dispose: () => Promise.resolve() };
}

/**
 * The mix as a 16-bit WAV written a piece at a time (`WAV_PIECE_SEC`) into an OPFS file (a Blob of the
 * pieces without OPFS): the input ffmpeg.wasm mounts. Never more than one piece of the mix in memory.
 */
async function writeWav(
  bank: SoundBank,
  opfs: boolean,
  signal?: AbortSignal,
): Promise<EncodedAudioFile> {
  const file = opfs ? await openSpoolWriter(renderFileName('wav')) : null;
  const parts: BlobPart[] = [];
  const write = async (bytes: Uint8Array) =>
    void (file ? await file.write(bytes) : parts.push(bytes as BlobPart));
  try {
    await write(wavHeader(bank.length, AUDIO_CHANNELS, bank.sampleRate));
    const piece = WAV_PIECE_SEC * bank.sampleRate;
    const scratch: [Float32Array<ArrayBuffer>, Float32Array<ArrayBuffer>] = [
      new Float32Array(piece),
      new Float32Array(piece),
    ];
    for (let from = 0; from < bank.length; from += piece) {
      throwIfAborted(signal);
      const to = Math.min(bank.length, from + piece);
      const [left, right] = mixRange(bank, from, to, scratch);
      await write(pcm16([left.subarray(0, to - from), right.subarray(0, to - from)]));
    }
    if (!file)
      return { data: new Blob(parts, { type: 'audio/wav' }), dispose: () => Promise.resolve() };
    return { data: await file.close(), dispose: () => file.dispose() };
  } catch (error) {
    await file?.dispose();
    throw error;
  }
}

/** The packets of an audio file ffmpeg.wasm made, read lazily (mediabunny), with the decoder config the muxer's first packet needs. */
async function openAudioPackets(data: Blob): Promise<{
  codec: AudioCodec;
  decoderConfig: AudioDecoderConfig;
  next: () => Promise<EncodedPacket | null>;
  close: () => void;
}> {
  const input = new Input({ source: new BlobSource(data), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryAudioTrack();
    if (!track?.codec) throw new Error('ffmpeg.wasm wrote no audio track');
    const decoderConfig = await track.getDecoderConfig();
    if (!decoderConfig)
      throw new Error(`No decoder config for the ${track.codec} track ffmpeg.wasm wrote`);
    const packets = new EncodedPacketSink(track).packets();
    return {
      codec: track.codec,
      decoderConfig,
      next: async () => (await packets.next()).value ?? null,
      close: () => {
        void packets.return(undefined).catch(() => undefined);
        input.dispose();
      },
    };
  } catch (error) {
    input.dispose();
    throw error;
  }
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
  const bank = await job.sounds();
  throwIfAborted(signal);
  const audioCodec = format === 'mp4' ? 'aac' : 'opus';
  const audioBitrate = format === 'mp4' ? AAC_BITRATE[quality] : OPUS_BITRATE[quality];
  // Chromium on Linux has no AAC encoder in WebCodecs: then ffmpeg.wasm encodes the sound first, from a
  // WAV written a piece at a time, and its packets are muxed beside the frames as they come.
  const audioInContainer =
    !!bank &&
    (await canEncodeAudio(audioCodec, {
      numberOfChannels: 2,
      sampleRate: AUDIO_SAMPLE_RATE,
      bitrate: audioBitrate,
    }));
  const opfs = job.spool !== 'memory';
  let copied: Awaited<ReturnType<typeof openAudioPackets>> | null = null;
  if (bank && !audioInContainer) {
    onProgress(0, 'Encoding audio');
    const wav = await writeWav(bank, opfs, signal);
    try {
      copied = await openAudioPackets((await job.encodeAudio(wav.data)).data);
    } finally {
      await wav.dispose();
    }
  }

  // Streamed into an OPFS file where the browser has one (output-spool.ts), else kept in memory. An mp4
  // streamed to a file reserves room for its index at the start (fast start without holding the media in
  // memory): mediabunny needs each track's most packets for that, a frame's and an audio packet's worth
  // (AAC 1024 samples, Opus 960) plus a margin.
  const spool = await openOutputSpool(renderFileName(format), opfs).catch((error: unknown) => {
    copied?.close();
    throw error;
  });
  const reserve = spool.kind === 'opfs' && format === 'mp4';
  const output = new Output({
    format:
      format === 'mp4'
        ? new Mp4OutputFormat({ fastStart: reserve ? 'reserve' : 'in-memory' })
        : new WebMOutputFormat(),
    target: spool.target,
  });
  const videoSource = new EncodedVideoPacketSource(info.webCodec);
  output.addVideoTrack(videoSource, {
    frameRate: fps,
    ...(reserve && { maximumPacketCount: totalFrames + 16 }),
  });
  const audioSource = audioInContainer
    ? new AudioSampleSource({ codec: audioCodec, bitrate: audioBitrate })
    : null;
  const packetSource = copied ? new EncodedAudioPacketSource(copied.codec) : null;
  const audioPackets = Math.ceil((durationSec * AUDIO_SAMPLE_RATE) / 960) + 64;
  if (audioSource)
    output.addAudioTrack(audioSource, reserve ? { maximumPacketCount: audioPackets } : {});
  if (packetSource)
    output.addAudioTrack(packetSource, reserve ? { maximumPacketCount: audioPackets } : {});
  output.setMetadataTags({ title: input.title });

  let failure: unknown = null;
  let videoPending: Promise<void> = Promise.resolve();
  let audioPending: Promise<void> = Promise.resolve();
  // Where the stream allows it (h264-skip.ts), the frames of a still after its first few are written as
  // skipped frames repeating the encoder's latest reference picture; the encoder's next frame is then a key frame.
  let skipParams: AvcSkipParams | null | undefined =
    job.skipStills === false || info.webCodec !== 'avc' ? null : undefined;
  let latestReference: ReferencePicture | null = null;
  let forceKeyFrame = false;
  let lastOutputTime = -Infinity;
  const encoder = new VideoEncoder({
    output: (chunk, meta) => {
      const packet = EncodedPacket.fromEncodedChunk(chunk);
      const description = meta?.decoderConfig?.description;
      if (skipParams === undefined && description) {
        const params = avcSkipParams(
          ArrayBuffer.isView(description)
            ? new Uint8Array(description.buffer, description.byteOffset, description.byteLength)
            : new Uint8Array(description),
        );
        // Only where this encoder's key frames are IDR pictures: the frame after skipped ones must restart the count.
        skipParams = params && referencePicture(params, packet.data)?.idr ? params : null;
      }
      // Frames out of time order are reordered (B-frames): a skipped frame would not follow the picture shown before it.
      if (chunk.timestamp < lastOutputTime) skipParams = null;
      lastOutputTime = chunk.timestamp;
      if (skipParams)
        latestReference = referencePicture(skipParams, packet.data) ?? latestReference;
      videoPending = videoPending
        .then(() => videoSource.add(packet, meta))
        .catch((e: unknown) => void (failure ??= e));
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
    const scene: Scene = {
      width,
      height,
      items: input.items,
      fps,
      captionStyle: input.settings.captionStyle,
    };
    const samplesPerFrame = AUDIO_SAMPLE_RATE / fps;
    // Progress rises: ffmpeg.wasm's AAC, first, took it to 0.05 (encodeAudioWithFfmpeg).
    const videoFrom = copied ? 0.05 : 0;
    // ffmpeg.wasm's packets up to `until` seconds, one read ahead (its first, timed before 0, is the encoder's priming: the mp4 keeps it behind an edit list).
    let nextPacket: EncodedPacket | null = null;
    let firstPacket = true;
    const copyPackets = async (until: number) => {
      if (!copied || !packetSource) return;
      for (;;) {
        nextPacket ??= await copied.next();
        if (!nextPacket || nextPacket.timestamp >= until) return;
        await packetSource.add(
          nextPacket,
          firstPacket ? { decoderConfig: copied.decoderConfig } : undefined,
        );
        firstPacket = false;
        nextPacket = null;
      }
    };

    // What every frame needs, encoded or skipped: the sound that starts with it, and progress.
    const beforeFrame = async (index: number) => {
      check();
      // Each second of audio goes in with its first frame, so the muxer always has both tracks to interleave:
      // mixed now (never the whole mix at once) or ffmpeg.wasm's packets of that second copied.
      if (bank && audioSource && index % fps === 0) {
        const from = Math.round(index * samplesPerFrame);
        const to = Math.min(bank.length, Math.round((index + fps) * samplesPerFrame));
        if (to > from) {
          const [left, right] = mixRange(bank, from, to);
          const data = new Float32Array((to - from) * 2);
          data.set(left, 0);
          data.set(right, to - from);
          const sample = new AudioSample({
            data,
            format: 'f32-planar',
            numberOfChannels: 2,
            sampleRate: bank.sampleRate,
            timestamp: from / bank.sampleRate,
          });
          audioPending = audioPending
            .then(() => audioSource.add(sample))
            .finally(() => sample.close())
            .catch((e: unknown) => void (failure ??= e));
        }
      }
      if (packetSource && index % fps === 0) await copyPackets((index + fps) / fps);
      if (index % 10 === 0)
        onProgress(videoFrom + ((0.95 - videoFrom) * index) / totalFrames, 'Encoding video');
    };

    const encode = async (source: VideoFrame | OffscreenCanvas, index: number) => {
      await beforeFrame(index);
      while (encoder.encodeQueueSize > MAX_ENCODE_QUEUE)
        await new Promise<void>((r) =>
          encoder.addEventListener('dequeue', () => r(), { once: true }),
        );
      const { micros, durationMicros } = frameTime(index, fps);
      const frame = new VideoFrame(source, { timestamp: micros, duration: durationMicros });
      try {
        encoder.encode(frame, { keyFrame: isKeyFrame(index, fps) || forceKeyFrame });
        forceKeyFrame = false;
      } finally {
        frame.close();
      }
    };

    // A still's frames: the encoder codes the first STILL_REFINE_FRAMES after the run's start and after each
    // key frame; the others are skipped frames, where the encoder's next frame would be a key frame anyway
    // or enough of them follow to be worth the key frame they force.
    const encodeStill = async (still: VideoFrame, frames: number[]) => {
      const last = frames[frames.length - 1]!;
      // The run's last key frame (before its first frame when it has none): one is ahead of frame i when later than i.
      let lastKey = last;
      while (lastKey >= frames[0]! && !isKeyFrame(lastKey, fps)) lastKey--;
      let coded = 0;
      let skipped = 0;
      for (const i of frames) {
        const key = isKeyFrame(i, fps);
        if (key) coded = 0;
        // Skipping from here is worth it when the encoder's next frame is a key frame anyway (within the run
        // or the next run's first), or when enough frames are left to pay for the key frame it forces.
        const worth =
          skipped > 0 ||
          lastKey > i ||
          isKeyFrame(last + 1, fps) ||
          last - i + 1 >= STILL_REFINE_FRAMES;
        if (skipParams && !key && coded >= STILL_REFINE_FRAMES && worth) {
          // The encoder's frames so far go into the mux first, and its latest reference picture is known.
          if (skipped === 0) await encoder.flush();
          check();
          // (The frames the flush brought out may have shown the stream to be one skipped frames cannot follow.)
          const params = skipParams as AvcSkipParams | null;
          if (params && latestReference) {
            await beforeFrame(i);
            const { micros, durationMicros } = frameTime(i, fps);
            const packet = new EncodedPacket(
              skippedFrame(params, latestReference, ++skipped),
              'delta',
              micros / 1e6,
              durationMicros / 1e6,
            );
            videoPending = videoPending
              .then(() => videoSource.add(packet))
              .catch((e: unknown) => void (failure ??= e));
            forceKeyFrame = true;
            continue;
          }
        }
        skipped = 0;
        await encode(still, i);
        coded++;
      }
    };

    const runs = frameRuns(input.items, fps, totalFrames);
    // The last run that shows each video clip: after it, the clip's decoder and frames are let go.
    const lastRun = new Map<string, number>();
    runs.forEach((run, k) => run.layers.forEach((l) => l.type === 'video' && lastRun.set(l.id, k)));
    for (const [k, run] of runs.entries()) {
      const frames = Array.from({ length: run.frames }, (_, k) => run.startFrame + k);
      const videos = run.layers.filter(
        (l): l is Extract<typeof l, { type: 'video' }> => l.type === 'video',
      );
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
          await encodeStill(still, frames);
        } finally {
          still.close();
        }
      }
    }
    check();
    onProgress(0.95, 'Finishing');
    await copyPackets(Infinity);
    await encoder.flush();
    await videoPending;
    await audioPending;
    check();
    await output.finalize();
  } catch (error) {
    if (encoder.state !== 'closed') encoder.close();
    copied?.close();
    await output.cancel().catch(() => undefined);
    await spool.dispose();
    throw error;
  }
  if (encoder.state !== 'closed') encoder.close();
  copied?.close();
  const written = await spool.result().catch(async (error: unknown) => {
    await spool.dispose();
    throw error;
  });
  return {
    written,
    dispose: () => spool.dispose(),
    audio: audioInContainer ? 'webcodecs' : copied ? 'ffmpeg' : null,
  };
}
