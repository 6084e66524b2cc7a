import type { VideoFormat, VideoQuality } from '@core/editor/model';

// Pure encoding choices: codec strings, bitrates and quality levels per format and quality.
// WebCodecs encoders take a target bitrate; x264/libvpx take a quality level (CRF); ProRes a profile.

/**
 * Video bitrate in bits per pixel per frame. At 1920x1080, 30 fps: high 8.1 Mb/s, medium 5.0 Mb/s,
 * low 2.5 Mb/s (YouTube recommends 8 Mb/s for 1080p30 uploads). Used for WebCodecs (H.264 and VP9).
 */
export const BITS_PER_PIXEL: Record<VideoQuality, number> = { high: 0.13, medium: 0.08, low: 0.04 };
const MIN_VIDEO_BITRATE = 250_000;

export function videoBitrate(
  quality: VideoQuality,
  width: number,
  height: number,
  fps: number,
): number {
  return Math.max(MIN_VIDEO_BITRATE, Math.round(BITS_PER_PIXEL[quality] * width * height * fps));
}

/** x264 CRF (lower is better; 23 is x264's default). */
export const X264_CRF: Record<VideoQuality, number> = { high: 18, medium: 23, low: 28 };
/**
 * libvpx (VP8) CRF (4-63) under a bitrate cap, for webm made by ffmpeg.wasm: the 0.12.10 core's
 * libvpx-vp9 crashes ("memory access out of bounds") with most option sets, so that path writes VP8.
 */
export const VP8_CRF: Record<VideoQuality, number> = { high: 10, medium: 20, low: 30 };
/** ProRes profiles (prores_aw): 3 = 422 HQ, 2 = 422, 1 = 422 LT. */
export const PRORES_PROFILE: Record<VideoQuality, number> = { high: 3, medium: 2, low: 1 };

export const AUDIO_SAMPLE_RATE = 48_000;
export const AUDIO_CHANNELS = 2;
/** AAC (mp4) and Opus (webm) bitrates (Vorbis gets 32 kb/s more); mov carries 16-bit PCM as ProRes masters usually do. */
export const AAC_BITRATE: Record<VideoQuality, number> = {
  high: 192_000,
  medium: 128_000,
  low: 96_000,
};
export const OPUS_BITRATE: Record<VideoQuality, number> = {
  high: 128_000,
  medium: 96_000,
  low: 64_000,
};

export interface FormatInfo {
  extension: VideoFormat;
  mimeType: string;
  /** WebCodecs codec family, or null where only ffmpeg.wasm can encode (ProRes). */
  webCodec: 'avc' | 'vp9' | null;
  audioCodec: 'aac' | 'opus' | 'pcm';
}

export const FORMATS: Record<VideoFormat, FormatInfo> = {
  mp4: { extension: 'mp4', mimeType: 'video/mp4', webCodec: 'avc', audioCodec: 'aac' },
  webm: { extension: 'webm', mimeType: 'video/webm', webCodec: 'vp9', audioCodec: 'opus' },
  mov: { extension: 'mov', mimeType: 'video/quicktime', webCodec: null, audioCodec: 'pcm' },
};

/** H.264 and 4:2:0 need even sizes: odd sizes are rounded down (never below 2). */
export function evenSize(width: number, height: number): { width: number; height: number } {
  const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);
  return { width: even(width), height: even(height) };
}

// H.264 levels (ITU-T H.264 table A-1): macroblocks per second and per frame.
const AVC_LEVELS: { id: number; mbps: number; fs: number }[] = [
  { id: 0x1e, mbps: 40_500, fs: 1_620 }, // 3.0
  { id: 0x1f, mbps: 108_000, fs: 3_600 }, // 3.1
  { id: 0x20, mbps: 216_000, fs: 5_120 }, // 3.2
  { id: 0x28, mbps: 245_760, fs: 8_192 }, // 4.0
  { id: 0x2a, mbps: 522_240, fs: 8_704 }, // 4.2
  { id: 0x32, mbps: 589_824, fs: 22_080 }, // 5.0
  { id: 0x33, mbps: 983_040, fs: 36_864 }, // 5.1
  { id: 0x34, mbps: 2_073_600, fs: 36_864 }, // 5.2
  { id: 0x3c, mbps: 4_177_920, fs: 139_264 }, // 6.0
];

export type AvcProfile = 'high' | 'main' | 'baseline';
const AVC_PROFILE_PREFIX: Record<AvcProfile, string> = {
  high: '6400',
  main: '4d00',
  baseline: '42e0',
};

/** RFC 6381 codec string for H.264 at the lowest level that fits the size and rate, e.g. avc1.640028 for 1080p30 High. */
export function avcCodecString(
  profile: AvcProfile,
  width: number,
  height: number,
  fps: number,
): string {
  const fs = Math.ceil(width / 16) * Math.ceil(height / 16);
  const level =
    AVC_LEVELS.find((l) => fs <= l.fs && fs * fps <= l.mbps) ?? AVC_LEVELS[AVC_LEVELS.length - 1]!;
  return `avc1.${AVC_PROFILE_PREFIX[profile]}${level.id.toString(16).padStart(2, '0')}`;
}

// VP9 levels (VP9 bitstream spec, Annex A): luma samples per picture and per second.
const VP9_LEVELS: { id: number; ps: number; sr: number }[] = [
  { id: 10, ps: 36_864, sr: 829_440 },
  { id: 11, ps: 73_728, sr: 2_764_800 },
  { id: 20, ps: 122_880, sr: 4_608_000 },
  { id: 21, ps: 245_760, sr: 9_216_000 },
  { id: 30, ps: 552_960, sr: 20_736_000 },
  { id: 31, ps: 983_040, sr: 36_864_000 },
  { id: 40, ps: 2_228_224, sr: 83_558_400 },
  { id: 41, ps: 2_228_224, sr: 160_432_128 },
  { id: 50, ps: 8_912_896, sr: 311_951_360 },
  { id: 51, ps: 8_912_896, sr: 588_251_136 },
  { id: 52, ps: 8_912_896, sr: 1_176_502_272 },
  { id: 60, ps: 35_651_584, sr: 1_176_502_272 },
];

/** Codec string for VP9 profile 0, 8 bit, e.g. vp09.00.40.08 for 1080p30. */
export function vp9CodecString(width: number, height: number, fps: number): string {
  const ps = width * height;
  const level =
    VP9_LEVELS.find((l) => ps <= l.ps && ps * fps <= l.sr) ?? VP9_LEVELS[VP9_LEVELS.length - 1]!;
  return `vp09.00.${String(level.id).padStart(2, '0')}.08`;
}

/** Codec strings to try in order with VideoEncoder.isConfigSupported (best first). */
export function webCodecCandidates(
  codec: 'avc' | 'vp9',
  width: number,
  height: number,
  fps: number,
): string[] {
  if (codec === 'vp9') return [vp9CodecString(width, height, fps)];
  return (['high', 'main', 'baseline'] as const).map((p) => avcCodecString(p, width, height, fps));
}

/** A key frame every 2 seconds keeps seeking in players quick at a small size cost. */
export function isKeyFrame(index: number, fps: number): boolean {
  return index % Math.max(1, Math.round(fps * 2)) === 0;
}
