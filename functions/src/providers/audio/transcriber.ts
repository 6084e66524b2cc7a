import type { JobErrorCode } from '@core/jobs';

// What every speech-to-text provider answers a transcription job (./elevenlabs.ts, ./openai-transcription.ts):
// the spoken words in order, each with its start and end in seconds from the file's start.

export interface AudioFailure {
  code: JobErrorCode;
  /** User-facing, starting with the kind's catalogue message ('Failed to transcribe', 'Failed to generate voiceover'...). */
  message: string;
  status?: number;
}

export interface TranscribedWords {
  text: string;
  languageCode: string | null;
  words: { text: string; start: number; end: number }[];
}
export type TranscriptionOutcome =
  { ok: true; transcript: TranscribedWords } | { ok: false; failure: AudioFailure };

export interface TranscriptionRequest {
  bytes: Buffer;
  contentType: string;
  fileName: string;
  languageCode?: string;
}

export interface SpeechTranscriber {
  transcribe(request: TranscriptionRequest, signal?: AbortSignal): Promise<TranscriptionOutcome>;
}

export const TRANSCRIPTION_FAILED = 'Failed to transcribe';
/** Words kept from one answer: a job document holds at most 1 MiB (about 90 minutes of speech). */
export const MAX_WORDS = 20_000;

/**
 * The words of an answer as a job keeps them: blank words and words without finite times left out, text
 * trimmed, times rounded to the millisecond, never negative and never ending before they start.
 */
export function keptWords(
  raw: Iterable<{ text: unknown; start: unknown; end: unknown }>,
): TranscribedWords['words'] {
  const ms = (n: number) => Math.round(n * 1000) / 1000;
  const words: TranscribedWords['words'] = [];
  for (const w of raw) {
    if (words.length >= MAX_WORDS) break;
    if (typeof w.text !== 'string' || !w.text.trim()) continue;
    if (
      typeof w.start !== 'number' ||
      typeof w.end !== 'number' ||
      !Number.isFinite(w.start) ||
      !Number.isFinite(w.end)
    )
      continue;
    const start = ms(Math.max(0, w.start));
    words.push({ text: w.text.trim(), start, end: Math.max(start, ms(w.end)) });
  }
  return words;
}
