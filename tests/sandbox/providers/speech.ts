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

/**
 * A WAV file's length from its header: the `data` chunk's size over the `fmt ` chunk's byte rate
 * (bytes per second). RIFF is a list of chunks, each a 4-byte id, a little-endian 32-bit size and its
 * data padded to an even length; a WAVE file's `fmt ` data holds format tag (2 bytes), channels (2),
 * sample rate (4), then the byte rate (4) (Microsoft's "Multimedia Programming Interface and Data
 * Specifications 1.0", 1991, the RIFF WAVE form; https://www-mmsp.ece.mcgill.ca/Documents/AudioFormats/WAVE/WAVE.html).
 * A streamed file may give its data size as 0 or 0xFFFFFFFF: the bytes that follow are the data.
 * Undefined for anything else.
 */
export function wavDurationMs(bytes: Buffer): number | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE')
    return undefined;
  let byteRate: number | undefined;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ' && body + 12 <= bytes.length) byteRate = bytes.readUInt32LE(body + 8);
    if (id === 'data') {
      if (!byteRate) return undefined;
      const left = bytes.length - body;
      const dataBytes = size === 0 || size === 0xffffffff ? left : Math.min(size, left);
      return Math.round((dataBytes * 1000) / byteRate);
    }
    at = body + size + (size % 2);
  }
  return undefined;
}

/**
 * How long the sandbox takes an uploaded file to be: an MP3's frames, a WAV's header, otherwise its size
 * at 128 kbit/s.
 */
export function uploadedDurationMs(bytes: Buffer): number {
  const mp3 = countMp3Frames(bytes);
  if (mp3) return mp3DurationMs(mp3.frames, mp3.sampleRate);
  return wavDurationMs(bytes) ?? Math.round((bytes.length * 8) / 128);
}
