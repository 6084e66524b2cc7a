// Real MP3 files made in code, so a sandbox answer's length is exactly what was asked: silent MPEG-1
// Layer III frames (1152 samples each) with zeroed side info, which every decoder plays as silence.
// Constant bitrate and the padding bit keep the average bitrate exact, so a player's duration estimate
// (file size / bitrate) agrees with the frame count.

const SAMPLES_PER_FRAME = 1152;
/** MPEG-1 Layer III bitrate table (kbps), index 1..14. */
const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const;
const SAMPLE_RATES: Record<number, number> = { 44100: 0, 48000: 1, 32000: 2 };

export interface Mp3Format {
  sampleRate: number;
  kbps: number;
}

/** ElevenLabs' output_format ('mp3_44100_128'); undefined for a format this builder cannot make. */
export function parseMp3Format(value: string | undefined): Mp3Format | undefined {
  const m = /^mp3_(\d+)_(\d+)$/.exec(value ?? 'mp3_44100_128');
  if (!m) return undefined;
  const sampleRate = Number(m[1]);
  const kbps = Number(m[2]);
  if (
    !(sampleRate in SAMPLE_RATES) ||
    !BITRATES.includes(kbps as (typeof BITRATES)[number]) ||
    kbps === 0
  )
    return undefined;
  return { sampleRate, kbps };
}

export function mp3FrameCount(durationMs: number, sampleRate: number): number {
  return Math.max(1, Math.round((durationMs * sampleRate) / 1000 / SAMPLES_PER_FRAME));
}

/** Duration of an MP3 made by silentMp3 (frames x 1152 samples). */
export function mp3DurationMs(frames: number, sampleRate: number): number {
  return (frames * SAMPLES_PER_FRAME * 1000) / sampleRate;
}

/** A mono CBR MP3 of `durationMs` (rounded to whole frames: within 13 ms at 44.1 kHz). */
export function silentMp3(
  durationMs: number,
  format: Mp3Format = { sampleRate: 44100, kbps: 128 },
): Buffer {
  const frames = mp3FrameCount(durationMs, format.sampleRate);
  const exact = (144 * format.kbps * 1000) / format.sampleRate;
  const sizes: number[] = [];
  for (let i = 0; i < frames; i++) sizes.push(Math.floor(exact * (i + 1)) - Math.floor(exact * i));
  const out = Buffer.alloc(sizes.reduce((a, b) => a + b, 0));
  const base = Math.floor(exact);
  let offset = 0;
  for (const size of sizes) {
    const padding = size > base ? 1 : 0;
    out[offset] = 0xff;
    out[offset + 1] = 0xfb; // MPEG-1, Layer III, no CRC
    out[offset + 2] =
      (BITRATES.indexOf(format.kbps as (typeof BITRATES)[number]) << 4) |
      (SAMPLE_RATES[format.sampleRate]! << 2) |
      (padding << 1);
    out[offset + 3] = 0xc0; // mono; the 17 bytes of side info and the main data stay zero: silence
    offset += size;
  }
  return out;
}

/** Frames in an MP3 made here (or any MPEG-1 Layer III CBR stream without tags), read by walking headers. */
export function countMp3Frames(bytes: Buffer): { frames: number; sampleRate: number } | undefined {
  let offset = 0;
  let frames = 0;
  let sampleRate = 0;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff || (bytes[offset + 1]! & 0xfe) !== 0xfa) return undefined;
    const b2 = bytes[offset + 2]!;
    const kbps = BITRATES[b2 >> 4];
    const rate = Object.entries(SAMPLE_RATES).find(([, v]) => v === ((b2 >> 2) & 3))?.[0];
    if (!kbps || !rate) return undefined;
    sampleRate = Number(rate);
    offset += Math.floor((144 * kbps * 1000) / sampleRate) + ((b2 >> 1) & 1);
    frames += 1;
  }
  return offset === bytes.length ? { frames, sampleRate } : undefined;
}
