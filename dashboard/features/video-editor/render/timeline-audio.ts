import type { ProjectSettings, TimelineItem } from '@core/editor/model';
import { encodeWav, mixAudio } from './audio';
import { loadMedia } from './media';
import { renderDuration } from './scene';

// What the whole timeline sounds like, as a WAV file to transcribe (caption-tools.tsx, Transcribe
// timeline): the same mix the export makes (audio.ts mixAudio, with the project's track mutes and solos),
// then downmixed to mono at 16 kHz, which speech recognition needs and which keeps the file small: 32 kB a
// second, so the 50 MB an upload may hold (storage.rules) is about 27 minutes.

export const TRANSCRIBE_SAMPLE_RATE = 16_000;
/** Seconds of 16-bit mono WAV (its 44-byte header included) that fit in `bytes`. */
export function transcribeMaxSeconds(bytes: number): number {
  return Math.floor((bytes - 44) / (TRANSCRIBE_SAMPLE_RATE * 2));
}
/** A 16-bit mono WAV this long fills 50 MB (storage.rules caps audio uploads there). */
export const TRANSCRIBE_MAX_SECONDS = transcribeMaxSeconds(50 * 1024 * 1024);

export class TimelineAudioError extends Error {}

/**
 * The timeline's sound from 0 to its end as a 16 kHz mono WAV blob, and how long it is (seconds).
 * Throws TimelineAudioError when there is nothing to hear or it is too long to upload.
 */
export async function timelineAudioWav(
  items: readonly TimelineItem[],
  settings: Pick<ProjectSettings, 'trackMix' | 'fps'>,
  opts: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<{ blob: Blob; duration: number }> {
  const duration = renderDuration(items);
  if (duration > TRANSCRIBE_MAX_SECONDS)
    throw new TimelineAudioError(
      `The timeline is too long to transcribe at once (${Math.floor(TRANSCRIBE_MAX_SECONDS / 60)} minutes at most).`,
    );
  const sounding = items.filter((i) => i.type === 'audio' || i.type === 'video');
  const media = await loadMedia(sounding, {
    signal: opts.signal,
    fetch: opts.fetch ?? fetch.bind(globalThis),
    decodeVideo: false,
    trackMix: settings.trackMix,
    fps: settings.fps,
  });
  try {
    if (media.audio.length === 0)
      throw new TimelineAudioError('Nothing on the timeline makes a sound to transcribe.');
    const mixed = await mixAudio(media.audio, media.blobs, duration, opts.signal);
    if (!mixed)
      throw new TimelineAudioError('Nothing on the timeline makes a sound to transcribe.');
    // The browser resamples and downmixes (speakers: mono is the average of left and right).
    const ctx = new OfflineAudioContext(
      1,
      Math.max(1, Math.ceil(duration * TRANSCRIBE_SAMPLE_RATE)),
      TRANSCRIBE_SAMPLE_RATE,
    );
    const source = new AudioBufferSourceNode(ctx, { buffer: mixed });
    source.connect(ctx.destination);
    source.start(0);
    const mono = await ctx.startRendering();
    const bytes = encodeWav([mono.getChannelData(0)], TRANSCRIBE_SAMPLE_RATE);
    return { blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'audio/wav' }), duration };
  } finally {
    media.close();
  }
}
