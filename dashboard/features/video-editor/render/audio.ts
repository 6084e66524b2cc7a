import { AUDIO_CHANNELS, AUDIO_SAMPLE_RATE } from './encoding';
import { throwIfAborted } from './ffmpeg-service';
import { MediaLoadError } from './media';
import type { SoundClip } from './scene';
import { bankSound, mixFrames, mixRange, type BankSound, type SoundBank } from './sound-bank';

// The audio track mixed offline, the same way ffmpeg's filter in ffmpeg-args.ts does it: each sound (an
// audio clip or a video clip's own sound, see soundClips) from its file's start, cut at its duration,
// scaled by its volume, placed at its start time, summed (no normalisation) into 48 kHz stereo of the
// render's length. A clip's fades ramp its gain from and to silence; its volume keyframes through its envelope.
// A clip at another speed plays its part of the file time-stretched with the pitch kept (time-stretch.ts).
// That module, with soundtouchjs (LGPL-2.1), is its own chunk, fetched only for a mix with such a clip.

/**
 * The whole mix of `clips` over `durationSec` as one AudioBuffer (the transcript's sound, timeline-audio.ts):
 * the export's mixer (`decodeSounds`, sound-bank.ts `mixRange`) over every frame at once. The export itself
 * never holds its whole mix: it mixes a piece at a time.
 */
export async function mixAudio(
  clips: readonly SoundClip[],
  blobs: Map<string, Blob>,
  durationSec: number,
  signal?: AbortSignal,
): Promise<AudioBuffer | null> {
  const bank = await decodeSounds(clips, blobs, durationSec, signal);
  if (!bank) return null;
  throwIfAborted(signal);
  const [left, right] = mixRange(bank, 0, bank.length);
  const buffer = new AudioBuffer({
    length: bank.length,
    numberOfChannels: AUDIO_CHANNELS,
    sampleRate: bank.sampleRate,
  });
  buffer.copyToChannel(left, 0);
  buffer.copyToChannel(right, 1);
  return buffer;
}

/** 16-bit PCM WAV of planar float channels (clipped to -1..1). */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number): Uint8Array {
  const frames = channels[0]?.length ?? 0;
  const bytes = new Uint8Array(44 + frames * channels.length * 2);
  bytes.set(wavHeader(frames, channels.length, sampleRate));
  bytes.set(pcm16(channels), 44);
  return bytes;
}

/** The 44-byte RIFF header of a 16-bit PCM WAV of `frames` frames: written first, then the samples in pieces (`pcm16`). */
export function wavHeader(frames: number, channelCount: number, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, s: string) =>
    [...s].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  const dataBytes = frames * channelCount * 2;
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channelCount * 2, true);
  view.setUint16(32, channelCount * 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  return bytes;
}

/** Planar float channels as interleaved little-endian 16-bit samples (clipped to -1..1): a WAV's data, or a piece of it. */
export function pcm16(channels: readonly Float32Array[]): Uint8Array {
  const frames = channels[0]?.length ?? 0;
  const n = channels.length;
  const out = new Int16Array(frames * n);
  for (let c = 0; c < n; c++) {
    const channel = channels[c]!;
    for (let i = 0, o = c; i < frames; i++, o += n) {
      const s = Math.max(-1, Math.min(1, channel[i]!));
      out[o] = s < 0 ? s * 0x8000 : s * 0x7fff;
    }
  }
  // Int16Array is the platform's byte order: little-endian on every browser this runs in.
  return new Uint8Array(out.buffer);
}

/**
 * The export's sounds decoded once at the mix's rate (decodeAudioData resamples; an OfflineAudioContext
 * is the page's alone, so a worker asks the page for this), a clip at another speed as its time-stretched
 * part: what `mixRange` (sound-bank.ts) mixes a piece at a time. Files used by several clips are decoded
 * once. The channels are copies, free to be transferred to the export's worker.
 */
export async function decodeSounds(
  clips: readonly SoundClip[],
  blobs: Map<string, Blob>,
  durationSec: number,
  signal?: AbortSignal,
): Promise<SoundBank | null> {
  if (clips.length === 0) return null;
  const ctx = new OfflineAudioContext(AUDIO_CHANNELS, 1, AUDIO_SAMPLE_RATE);
  const files: Float32Array[][] = [];
  const fileOf = new Map<string, number>();
  const sounds: BankSound[] = [];
  const decoded = new Map<string, AudioBuffer>();
  for (const clip of clips) {
    throwIfAborted(signal);
    const url = clip.url;
    if (!decoded.has(url)) {
      const bytes = await blobs.get(url)!.arrayBuffer();
      decoded.set(
        url,
        await ctx
          .decodeAudioData(bytes)
          .catch((e: unknown) =>
            Promise.reject(new MediaLoadError(`audio "${clip.name ?? url.slice(0, 60)}"`, e)),
          ),
      );
    }
    const buffer = decoded.get(url)!;
    const channels = () =>
      Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c));
    const speed = clip.speed ?? 1;
    if (speed !== 1) {
      const { timeStretch } = await import('./time-stretch');
      const stretched = timeStretch(
        channels(),
        buffer.sampleRate,
        clip.offset,
        clip.duration,
        speed,
      );
      files.push(stretched);
      sounds.push(bankSound(clip, files.length - 1, stretched, AUDIO_SAMPLE_RATE, true));
      continue;
    }
    if (!fileOf.has(url)) {
      files.push(channels().map((c) => c.slice()));
      fileOf.set(url, files.length - 1);
    }
    const file = fileOf.get(url)!;
    sounds.push(bankSound(clip, file, files[file]!, AUDIO_SAMPLE_RATE, false));
  }
  return { sampleRate: AUDIO_SAMPLE_RATE, length: mixFrames(durationSec), files, sounds };
}
