import { countMp3Frames, mp3DurationMs } from './mp3';

// What the speech-to-text sandboxes (ElevenLabs speech to text, OpenAI transcription) hear in an uploaded
// file: deterministic words for the file's length, so a test predicts every word and its time.

/** The words the sandbox hears in `durationMs` of audio: one every half second, 0.4 s long, from this list in turn. */
export const SANDBOX_TRANSCRIPT = [
  'Hello',
  'and',
  'welcome',
  'to',
  'the',
  'sandbox',
  'where',
  'every',
  'word',
  'has',
  'its',
  'time.',
] as const;

export function sandboxTranscriptWords(
  durationMs: number,
): { text: string; start: number; end: number }[] {
  const words: { text: string; start: number; end: number }[] = [];
  for (let i = 0; i * 500 + 400 <= durationMs; i++)
    words.push({
      text: SANDBOX_TRANSCRIPT[i % SANDBOX_TRANSCRIPT.length]!,
      start: i * 0.5,
      end: i * 0.5 + 0.4,
    });
  return words;
}

/** How long the sandbox takes an uploaded file to be: an MP3's frames, otherwise its size at 128 kbit/s. */
export function uploadedDurationMs(bytes: Buffer): number {
  const mp3 = countMp3Frames(bytes);
  return mp3 ? mp3DurationMs(mp3.frames, mp3.sampleRate) : Math.round((bytes.length * 8) / 128);
}
