import { AUDIO_CHANNELS, AUDIO_SAMPLE_RATE } from './encoding';
import { throwIfAborted } from './ffmpeg-service';
import { envelopeGainAt } from '../model/keyframes';
import { MediaLoadError } from './media';
import type { SoundClip } from './scene';

// The audio track mixed offline, the same way ffmpeg's filter in ffmpeg-args.ts does it: each sound (an
// audio clip or a video clip's own sound, see soundClips) from its file's start, cut at its duration,
// scaled by its volume, placed at its start time, summed (no normalisation) into 48 kHz stereo of the
// render's length. A clip's fades ramp its gain from and to silence; its volume keyframes through its envelope.
// A clip at another speed plays its part of the file time-stretched with the pitch kept (time-stretch.ts).
// That module, with soundtouchjs (LGPL-2.1), is its own chunk, fetched only for a mix with such a clip.

export async function mixAudio(clips: readonly SoundClip[], blobs: Map<string, Blob>, durationSec: number, signal?: AbortSignal): Promise<AudioBuffer | null> {
  if (clips.length === 0) return null;
  const length = Math.max(1, Math.round(durationSec * AUDIO_SAMPLE_RATE));
  const ctx = new OfflineAudioContext(AUDIO_CHANNELS, length, AUDIO_SAMPLE_RATE);
  const decoded = new Map<string, AudioBuffer>();
  for (const clip of clips) {
    throwIfAborted(signal);
    const url = clip.url;
    if (!decoded.has(url)) {
      const bytes = await blobs.get(url)!.arrayBuffer();
      decoded.set(url, await ctx.decodeAudioData(bytes).catch((e: unknown) => Promise.reject(new MediaLoadError(`audio "${clip.name ?? url.slice(0, 60)}"`, e))));
    }
    const file = decoded.get(url)!;
    const speed = clip.speed ?? 1;
    let buffer = file;
    let offset = clip.offset;
    if (speed !== 1) {
      const { timeStretch } = await import('./time-stretch');
      const [l, r] = timeStretch(
        Array.from({ length: file.numberOfChannels }, (_, c) => file.getChannelData(c)),
        file.sampleRate,
        clip.offset,
        clip.duration,
        speed,
      );
      buffer = new AudioBuffer({ length: l.length, numberOfChannels: 2, sampleRate: file.sampleRate });
      buffer.copyToChannel(l, 0);
      buffer.copyToChannel(r, 1);
      offset = 0;
    }
    const source = new AudioBufferSourceNode(ctx, { buffer });
    const gain = new GainNode(ctx, { gain: clip.volume });
    // Fades: linear ramps from and to silence, as ffmpeg's afade (t=in/out) does in audioFilter.
    const end = clip.start_time + clip.duration;
    if (clip.fadeIn) gain.gain.setValueAtTime(0, clip.start_time).linearRampToValueAtTime(clip.volume, clip.start_time + clip.fadeIn);
    if (clip.fadeOut) gain.gain.setValueAtTime(clip.volume, end - clip.fadeOut).linearRampToValueAtTime(0, end);
    // Volume keyframes: a second gain ramping through the envelope's points (ffmpeg's volume expression in audioFilter).
    let out: AudioNode = source.connect(gain);
    if (clip.envelope?.length) {
      const env = new GainNode(ctx);
      env.gain.setValueAtTime(envelopeGainAt(clip.envelope, 0), 0);
      for (const p of clip.envelope) if (p.t > 0) env.gain.linearRampToValueAtTime(p.gain, p.t);
      out = out.connect(env);
    }
    out.connect(ctx.destination);
    source.start(clip.start_time, offset, clip.duration);
  }
  throwIfAborted(signal);
  return ctx.startRendering();
}

/** 16-bit PCM WAV of planar float channels (clipped to -1..1). */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number): Uint8Array {
  const frames = channels[0]?.length ?? 0;
  const n = channels.length;
  const bytes = new Uint8Array(44 + frames * n * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, s: string) => [...s].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + frames * n * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, n, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * n * 2, true);
  view.setUint16(32, n * 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, frames * n * 2, true);
  let o = 44;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < n; c++) {
      const s = Math.max(-1, Math.min(1, channels[c]![i]!));
      view.setInt16(o, s < 0 ? s * 0x8000 : s * 0x7fff, true);
      o += 2;
    }
  }
  return bytes;
}

/**
 * A mixed sound track as planar 32-bit float PCM: what the WebCodecs export encodes. An AudioBuffer does
 * not exist in a worker, so the mix made on the page (OfflineAudioContext) reaches the export's worker
 * (render.worker.ts) in this form.
 */
export interface MixedAudio {
  sampleRate: number;
  channels: Float32Array[];
}

/** The mix's channels copied out of its AudioBuffer (copies: the buffer may be dropped, the arrays transferred). */
export function mixedAudio(buffer: AudioBuffer): MixedAudio {
  return { sampleRate: buffer.sampleRate, channels: Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c).slice()) };
}

/** Frames [from, to) of a mix as one planar float PCM block (channel after channel), for feeding an encoder a second at a time. */
export function sliceMixed(mix: MixedAudio, from: number, to: number): { data: Float32Array; frames: number; timestamp: number } | null {
  const length = mix.channels[0]?.length ?? 0;
  const start = Math.max(0, Math.min(length, from));
  const end = Math.max(start, Math.min(length, to));
  if (end === start) return null;
  const frames = end - start;
  const data = new Float32Array(frames * mix.channels.length);
  mix.channels.forEach((channel, c) => data.set(channel.subarray(start, end), c * frames));
  return { data, frames, timestamp: start / mix.sampleRate };
}
