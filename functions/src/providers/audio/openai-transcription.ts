import OpenAI, { toFile } from 'openai';
import { openAiClient } from '../openai-client';
import { TRANSCRIPTION_MAX_BYTES } from '@core/jobs';
import { retrying, type Attempt, type RetryDeps } from '../../lib/retry';
import { classifyHttpFailure, providerMessage } from '../provider-errors';
import { OPENAI_TRANSCRIPTION_MODEL, tooLargeForOpenAi } from './openai-transcription-facts';
import {
  keptWords,
  TRANSCRIPTION_FAILED,
  type AudioFailure,
  type SpeechTranscriber,
  type TranscribedWords,
  type TranscriptionOutcome,
} from './transcriber';

// OpenAI transcription through the official SDK (already in the functions bundle for the text provider):
// POST {base}/v1/audio/transcriptions, multipart {file, model, response_format, timestamp_granularities[],
// language?}, Bearer key. Only whisper-1 gives word times (response_format verbose_json with
// timestamp_granularities[]=word); the gpt-4o-transcribe models answer json text alone. The verbose answer is
// {language (a name: "english"), duration, text, words: [{word, start, end}]}, times in seconds. A file may be
// 25 MB at most (TRANSCRIPTION_MAX_BYTES.openai; a larger one is refused with 413 before it is read), in one of
// flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav or webm, told by its name. Errors are {error: {message, type,
// param, code}} (./provider-errors.ts). Only answers that made nothing (429 other than insufficient_quota,
// 502-504) are sent again: each transcription is charged.

// The model and the too-large message live apart from the SDK (./openai-transcription-facts.ts), so the job
// kind can name them without loading the SDK.
export { OPENAI_TRANSCRIPTION_MODEL, tooLargeForOpenAi };

export interface OpenAiTranscriberOptions {
  apiKey: string;
  /** Provider base URL without /v1 or a trailing slash (functions/src/config.ts). */
  baseUrl: string;
  timeoutMs: number;
  retry: RetryDeps;
  /** The SDK's fetch (tests record the requests); global fetch when omitted. */
  fetch?: typeof fetch;
}

/** An ISO-639-1 code for a language name as Whisper reports it ("english" -> "en"); null when no code has that English name. */
export function languageCodeOf(name: unknown): string | null {
  if (typeof name !== 'string' || !name.trim()) return null;
  const wanted = name.trim().toLowerCase();
  if (/^[a-z]{2}$/.test(wanted)) return wanted;
  return languageCodes().get(wanted) ?? null;
}

let byName: Map<string, string> | undefined;
/** Every two-letter code Intl knows, by its English name (built once, from the runtime's ICU data, not a table of ours). */
function languageCodes(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      const label = names.of(code);
      if (label && !byName.has(label.toLowerCase())) byName.set(label.toLowerCase(), code);
    }
  }
  return byName;
}

export function openAiTranscriptionFailure(
  status: number | undefined,
  body: unknown,
  apiKey: string,
): AudioFailure {
  const failed = TRANSCRIPTION_FAILED;
  if (status === undefined)
    return {
      code: 'provider_error',
      message: `${failed}: OpenAI could not be reached. Please try again.`,
    };
  if (status === 413) return { code: 'invalid_input', message: tooLargeForOpenAi, status };
  const reason = classifyHttpFailure('openai', status, body).reason;
  if (reason === 'invalid_key')
    return {
      code: 'invalid_key',
      message: `${failed}: OpenAI did not accept your API key. Update it in the Integrations page.`,
      status,
    };
  if (reason === 'no_credit')
    return {
      code: 'no_credit',
      message: `${failed}: your OpenAI quota is used up. Add credits to your OpenAI account, then try again.`,
      status,
    };
  if (reason === 'rate_limited')
    return {
      code: 'rate_limited',
      message: `${failed}: OpenAI is rate limiting your key (too many requests). Please try again in a minute.`,
      status,
    };
  // {error: {message}}: the message alone, masked (an invalid-key message echoes part of the key).
  const text = providerMessage(body, apiKey);
  if (reason === 'unavailable' || !text) return { code: 'provider_error', message: failed, status };
  return {
    code: reason === 'rejected' ? 'invalid_input' : 'provider_error',
    message: `${failed}: ${text}`,
    status,
  };
}

/** The words of a verbose_json answer with word timestamps; undefined when it has none (not a verbose answer). */
export function readOpenAiTranscript(body: unknown): TranscribedWords | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as { text?: unknown; language?: unknown; words?: unknown };
  if (!Array.isArray(b.words)) return undefined;
  const words = keptWords(
    (b.words as ({ word?: unknown; start?: unknown; end?: unknown } | null)[]).map((w) => ({
      text: w?.word,
      start: w?.start,
      end: w?.end,
    })),
  );
  return {
    text: typeof b.text === 'string' ? b.text.trim() : words.map((w) => w.text).join(' '),
    languageCode: languageCodeOf(b.language),
    words,
  };
}

export function createOpenAiTranscriber(options: OpenAiTranscriberOptions): SpeechTranscriber {
  const client = openAiClient(options);

  async function transcribe(
    request: Parameters<SpeechTranscriber['transcribe']>[0],
    signal?: AbortSignal,
  ): Promise<TranscriptionOutcome> {
    // Checked here too (the job checks before it starts): a call OpenAI would refuse unread is not made.
    if (request.bytes.length > TRANSCRIPTION_MAX_BYTES.openai)
      return { ok: false, failure: { code: 'invalid_input', message: tooLargeForOpenAi } };
    // ISO-639-1 only: a three-letter code is left for OpenAI to detect.
    const language =
      request.languageCode && /^[a-z]{2}$/.test(request.languageCode)
        ? request.languageCode
        : undefined;
    const result = await retrying(async (): Promise<Attempt<TranscribedWords, AudioFailure>> => {
      try {
        const file = await toFile(request.bytes, request.fileName, { type: request.contentType });
        const answer = await client.audio.transcriptions.create(
          {
            file,
            model: OPENAI_TRANSCRIPTION_MODEL,
            response_format: 'verbose_json',
            timestamp_granularities: ['word'],
            ...(language ? { language } : {}),
          },
          { signal: signal ?? null },
        );
        const transcript = readOpenAiTranscript(answer);
        if (!transcript)
          return {
            ok: false,
            error: { code: 'provider_error', message: TRANSCRIPTION_FAILED },
            retryable: false,
          };
        return { ok: true, value: transcript };
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
          const body = { error: error.error };
          const classified = classifyHttpFailure(
            'openai',
            error.status,
            body,
            error.headers,
            options.retry.now(),
          );
          const retryable =
            [429, 502, 503, 504].includes(error.status) && classified.reason !== 'no_credit';
          return {
            ok: false,
            error: openAiTranscriptionFailure(error.status, body, options.apiKey),
            retryable,
            retryAfterMs: classified.retryAfterMs,
          };
        }
        // No answer (refused connection, timeout) or one that could not be read.
        return {
          ok: false,
          error: openAiTranscriptionFailure(undefined, undefined, options.apiKey),
          retryable: false,
        };
      }
    }, options.retry);
    return result.ok
      ? { ok: true, transcript: result.value }
      : { ok: false, failure: result.error };
  }

  return { transcribe };
}
