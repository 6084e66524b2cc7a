import type { GainPoint } from '../model/keyframes';
import { AUDIO_SAMPLE_RATE } from './encoding';
import type { SoundClip } from './scene';

// The export's sound track mixed piece by piece (a second at a time for the encoder, a few seconds at a
// time for the WAV ffmpeg.wasm encodes), so no export holds its whole mix: a 60-minute mix is 1.4 GB of
// float samples. The files are decoded once, at the mix's rate (`decodeSounds` in audio.ts, on the page:
// decodeAudioData resamples), into a `SoundBank`; `mixRange` sums any stretch of frames from it in plain
// JS. Every sample of a piece is computed from its absolute frame index (the file's frame, the gain at
// that frame's time), so pieces joined end to end are the one long mix exactly: no click at a join,
// whatever the pieces' sizes. It mixes as audio.ts `mixAudio` (OfflineAudioContext) does: each sound from
// its file's frame `offset`, cut at its duration, scaled by its volume, linear fades from and to silence,
// its volume keyframes as straight lines between their points, summed without normalising into stereo
// (a mono file on both sides, 5.1 down-mixed with Web Audio's speaker rules).

/** One sound of the mix: which decoded file it plays and how. */
export interface BankSound {
  /** Index into `SoundBank.files`. */
  file: number;
  /** First frame of the mix it plays at. */
  startFrame: number;
  /** Frame of the file it starts from (its in-point; 0 for a time-stretched copy). */
  offsetFrame: number;
  /** Frames it plays (its duration, cut where the file ends). */
  frames: number;
  volume: number;
  /** Timeline seconds (as SoundClip). */
  start_time: number;
  duration: number;
  fadeIn?: number;
  fadeOut?: number;
  envelope?: GainPoint[];
}

/** The decoded files of a mix (planar float, the mix's rate) and the sounds that play them. */
export interface SoundBank {
  sampleRate: number;
  /** Frames of the whole mix. */
  length: number;
  files: Float32Array[][];
  sounds: BankSound[];
}

/** A sound of `clip` playing `channels` (decoded at `sampleRate`); `stretched`: the channels are already its time-stretched part (speed != 1). */
export function bankSound(
  clip: SoundClip,
  file: number,
  channels: readonly Float32Array[],
  sampleRate: number,
  stretched: boolean,
): BankSound {
  const offsetFrame = stretched ? 0 : Math.round(clip.offset * sampleRate);
  const available = Math.max(0, (channels[0]?.length ?? 0) - offsetFrame);
  return {
    file,
    startFrame: Math.round(clip.start_time * sampleRate),
    offsetFrame,
    frames: Math.min(available, Math.round(clip.duration * sampleRate)),
    volume: clip.volume,
    start_time: clip.start_time,
    duration: clip.duration,
    ...(clip.fadeIn ? { fadeIn: clip.fadeIn } : {}),
    ...(clip.fadeOut ? { fadeOut: clip.fadeOut } : {}),
    ...(clip.envelope?.length ? { envelope: clip.envelope } : {}),
  };
}

/** Piecewise-linear gain through `points` (held flat before the first and after the last), read at rising times in O(1) each. */
function linearCurve(points: readonly GainPoint[]): (t: number) => number {
  let i = 1;
  return (t) => {
    if (t <= points[0]!.t) return points[0]!.gain;
    if (i > 1 && t < points[i - 1]!.t) i = 1;
    while (i < points.length && t >= points[i]!.t) i++;
    if (i >= points.length) return points[points.length - 1]!.gain;
    const a = points[i - 1]!;
    const b = points[i]!;
    return a.gain + ((b.gain - a.gain) * (t - a.t)) / (b.t - a.t);
  };
}

/** A sound's gain at timeline time t: volume x fade in x fade out x envelope. */
function gainCurve(s: BankSound): (t: number) => number {
  const end = s.start_time + s.duration;
  const fadeIn = s.fadeIn
    ? linearCurve([
        { t: s.start_time, gain: 0 },
        { t: s.start_time + s.fadeIn, gain: 1 },
      ])
    : null;
  const fadeOut = s.fadeOut
    ? linearCurve([
        { t: end - s.fadeOut, gain: 1 },
        { t: end, gain: 0 },
      ])
    : null;
  const envelope = s.envelope?.length ? linearCurve(s.envelope) : null;
  if (!fadeIn && !fadeOut && !envelope) return () => s.volume;
  return (t) =>
    s.volume * (fadeIn ? fadeIn(t) : 1) * (fadeOut ? fadeOut(t) : 1) * (envelope ? envelope(t) : 1);
}

/** Frames [from, to) of the mix as planar stereo float (`into`, when given, is reused and must hold `to - from` frames a channel). */
export function mixRange(
  bank: SoundBank,
  from: number,
  to: number,
  into?: [Float32Array<ArrayBuffer>, Float32Array<ArrayBuffer>],
): [Float32Array<ArrayBuffer>, Float32Array<ArrayBuffer>] {
  const frames = Math.max(0, to - from);
  const [left, right] = into ?? [new Float32Array(frames), new Float32Array(frames)];
  left.fill(0, 0, frames);
  right.fill(0, 0, frames);
  const rate = bank.sampleRate;
  for (const s of bank.sounds) {
    const a = Math.max(from, s.startFrame);
    const b = Math.min(to, s.startFrame + s.frames);
    if (a >= b) continue;
    const file = bank.files[s.file]!;
    const gain = gainCurve(s);
    const shift = s.offsetFrame - s.startFrame;
    const [l, r] = stereo(file);
    const side = file.length >= 6 ? surround(file) : null;
    for (let n = a; n < b; n++) {
      const g = gain(n / rate);
      const k = n + shift;
      const out = n - from;
      if (side) {
        left[out]! += g * (l[k]! + side.c[k]! * SQRT_HALF + side.sl[k]! * SQRT_HALF);
        right[out]! += g * (r[k]! + side.c[k]! * SQRT_HALF + side.sr[k]! * SQRT_HALF);
      } else {
        left[out]! += g * l[k]!;
        right[out]! += g * r[k]!;
      }
    }
  }
  return [left, right];
}

const SQRT_HALF = Math.SQRT1_2;

/** Left and right of a file: a mono file on both sides (Web Audio's up-mix), else its first two channels. */
function stereo(file: Float32Array[]): [Float32Array, Float32Array] {
  return [file[0]!, file[1] ?? file[0]!];
}

/** 5.1 (L R C LFE SL SR): Web Audio's speaker down-mix adds the centre and each surround at -3 dB (the LFE is dropped). */
function surround(file: Float32Array[]): { c: Float32Array; sl: Float32Array; sr: Float32Array } {
  return { c: file[2]!, sl: file[4]!, sr: file[5]! };
}

/** Frames in a mix of `durationSec`, as the export counts them. */
export const mixFrames = (durationSec: number) =>
  Math.max(1, Math.round(durationSec * AUDIO_SAMPLE_RATE));
