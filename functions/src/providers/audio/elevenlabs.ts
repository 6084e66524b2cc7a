import { parseRetryAfter, retrying, type Attempt, type RetryDeps } from '../../lib/retry';
import { classifyHttpFailure, parseJsonBody, providerMessage } from '../provider-errors';
import {
  keptWords,
  TRANSCRIPTION_FAILED,
  type AudioFailure,
  type SpeechTranscriber,
  type TranscribedWords,
  type TranscriptionOutcome,
} from './transcriber';

// ElevenLabs with plain fetch, not @elevenlabs/elevenlabs-js: the SDK bundles to 10.5 MB (its generated
// schemas for the whole API) into the one functions bundle every trigger loads, for the two endpoints used
// here. Text to speech: POST /v1/text-to-speech/{voice_id}?output_format=mp3_44100_128 {text, model_id};
// music: POST /v1/music?output_format=mp3_44100_128 {prompt, music_length_ms, model_id music_v1}. Both answer
// the MP3 bytes. Speech to text: POST /v1/speech-to-text, multipart {file, model_id, timestamps_granularity
// word, language_code?}, answers JSON {language_code, text, words: [{text, start, end, type}]} with times in
// seconds (type word, spacing or audio_event). Only answers that made nothing (429, 502-504) are sent again:
// each call is charged.

export const OUTPUT_FORMAT = 'mp3_44100_128';
export const MUSIC_MODEL = 'music_v1';

export type AudioOutcome =
  | { ok: true; bytes: Buffer; contentType: 'audio/mpeg'; characterCost: number | null }
  | { ok: false; failure: AudioFailure };

export interface SpeechGenerator {
  speak(
    request: { text: string; voiceId: string; modelId: string },
    signal?: AbortSignal,
  ): Promise<AudioOutcome>;
}
export interface MusicGenerator {
  compose(
    request: { prompt: string; lengthMs: number },
    signal?: AbortSignal,
  ): Promise<AudioOutcome>;
}

/** The speech-to-text model (scribe_v2 is ElevenLabs' current batch model; scribe_v1 is its older one). */
export const TRANSCRIPTION_MODEL = 'scribe_v2';

/** The spoken words of an answer, in order: spacing and audio events (laughter) are left out, times rounded to the millisecond. */
export function readTranscript(body: unknown): TranscribedWords | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as { text?: unknown; language_code?: unknown; words?: unknown };
  if (!Array.isArray(b.words)) return undefined;
  const spoken = (
    b.words as ({ text?: unknown; start?: unknown; end?: unknown; type?: unknown } | null)[]
  ).filter((w) => w?.type === 'word');
  const words = keptWords(spoken.map((w) => ({ text: w!.text, start: w!.start, end: w!.end })));
  return {
    text: typeof b.text === 'string' ? b.text : words.map((w) => w.text).join(' '),
    languageCode: typeof b.language_code === 'string' ? b.language_code : null,
    words,
  };
}

export interface ElevenLabsOptions {
  apiKey: string;
  baseUrl: string;
  fetch: typeof fetch;
  retry: RetryDeps;
  speechTimeoutMs: number;
  musicTimeoutMs: number;
  /** Speech to text answers when the whole file is transcribed. */
  transcriptionTimeoutMs?: number;
  maxBytes?: number;
}

const MAX_BYTES = 64 * 1024 * 1024;

export function elevenLabsFailure(
  failed: string,
  status: number | undefined,
  body: unknown,
  apiKey: string,
): AudioFailure {
  if (status === undefined)
    return {
      code: 'provider_error',
      message: `${failed}: ElevenLabs could not be reached. Please try again.`,
    };
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  const code =
    typeof detail === 'object' && detail !== null
      ? String((detail as { status?: unknown }).status ?? '')
      : '';
  // {detail: {status, message}}: the message alone, never the body (which may not even be JSON).
  const text = providerMessage(body, apiKey);
  if (code === 'voice_not_found')
    return {
      code: 'invalid_input',
      message: `${failed}: this voice is not available in your ElevenLabs account. Choose another voice.`,
      status,
    };
  const reason = classifyHttpFailure('elevenlabs', status, body).reason;
  if (reason === 'invalid_key')
    return {
      code: 'invalid_key',
      message: `${failed}: ElevenLabs did not accept your API key. Update it in the Integrations page.`,
      status,
    };
  if (reason === 'no_credit')
    return {
      code: 'no_credit',
      message: `${failed}: your ElevenLabs quota is used up. Add credits or wait for your quota to reset, then try again.`,
      status,
    };
  if (reason === 'rate_limited')
    return {
      code: 'rate_limited',
      message: `${failed}: ElevenLabs is rate limiting your key (too many requests). Please try again in a minute.`,
      status,
    };
  if (reason === 'unavailable' || !text) return { code: 'provider_error', message: failed, status };
  return { code: 'provider_error', message: `${failed}: ${text}`, status };
}

export function createElevenLabs(
  options: ElevenLabsOptions,
): SpeechGenerator & MusicGenerator & SpeechTranscriber {
  const { apiKey, baseUrl } = options;
  const maxBytes = options.maxBytes ?? MAX_BYTES;

  async function post(
    path: string,
    body: Record<string, unknown>,
    failed: string,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<AudioOutcome> {
    const json = JSON.stringify(body);
    const result = await retrying(
      async (): Promise<Attempt<{ bytes: Buffer; characterCost: number | null }, AudioFailure>> => {
        let response: Response;
        try {
          const timeout = AbortSignal.timeout(timeoutMs);
          response = await options.fetch(`${baseUrl}${path}?output_format=${OUTPUT_FORMAT}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'audio/mpeg',
              'xi-api-key': apiKey,
            },
            body: json,
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          });
        } catch {
          if (signal?.aborted) throw signal.reason;
          return {
            ok: false,
            error: elevenLabsFailure(failed, undefined, undefined, apiKey),
            retryable: false,
          };
        }
        if (!response.ok) {
          const parsed = parseJsonBody(await response.text().catch(() => ''));
          const retryable = [429, 502, 503, 504].includes(response.status);
          return {
            ok: false,
            error: elevenLabsFailure(failed, response.status, parsed, apiKey),
            retryable,
            retryAfterMs: parseRetryAfter(response.headers, options.retry.now()),
          };
        }
        const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
        if (type !== 'audio/mpeg' || !response.body) {
          await response.body?.cancel().catch(() => undefined);
          return {
            ok: false,
            error: { code: 'provider_error', message: failed, status: response.status },
            retryable: false,
          };
        }
        const chunks: Buffer[] = [];
        let size = 0;
        try {
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
            size += chunk.byteLength;
            if (size > maxBytes)
              return {
                ok: false,
                error: { code: 'provider_error', message: `${failed}: the file is too large.` },
                retryable: false,
              };
            chunks.push(Buffer.from(chunk));
          }
        } catch {
          if (signal?.aborted) throw signal.reason;
          return {
            ok: false,
            error: elevenLabsFailure(failed, undefined, undefined, apiKey),
            retryable: false,
          };
        }
        if (size === 0)
          return {
            ok: false,
            error: { code: 'provider_error', message: failed },
            retryable: false,
          };
        const cost = Number(response.headers.get('character-cost') ?? NaN);
        return {
          ok: true,
          value: {
            bytes: Buffer.concat(chunks),
            characterCost: Number.isFinite(cost) ? cost : null,
          },
        };
      },
      options.retry,
    );
    return result.ok
      ? {
          ok: true,
          bytes: result.value.bytes,
          contentType: 'audio/mpeg',
          characterCost: result.value.characterCost,
        }
      : { ok: false, failure: result.error };
  }

  async function transcribe(
    request: Parameters<SpeechTranscriber['transcribe']>[0],
    signal?: AbortSignal,
  ): Promise<TranscriptionOutcome> {
    const failed = TRANSCRIPTION_FAILED;
    // One copy of the file for every attempt (a Blob holds its own; fetch streams it into the body).
    // A Buffer read from Storage is never over a SharedArrayBuffer.
    const file = new Blob([request.bytes as Uint8Array<ArrayBuffer>], {
      type: request.contentType,
    });
    const result = await retrying(async (): Promise<Attempt<TranscribedWords, AudioFailure>> => {
      const form = new FormData();
      form.append('model_id', TRANSCRIPTION_MODEL);
      form.append('timestamps_granularity', 'word');
      form.append('tag_audio_events', 'false');
      if (request.languageCode) form.append('language_code', request.languageCode);
      form.append('file', file, request.fileName);
      let response: Response;
      try {
        const timeout = AbortSignal.timeout(options.transcriptionTimeoutMs ?? 300_000);
        // No content-type header: fetch sets multipart/form-data with its boundary.
        response = await options.fetch(`${baseUrl}/v1/speech-to-text`, {
          method: 'POST',
          headers: { accept: 'application/json', 'xi-api-key': apiKey },
          body: form,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch {
        if (signal?.aborted) throw signal.reason;
        return {
          ok: false,
          error: elevenLabsFailure(failed, undefined, undefined, apiKey),
          retryable: false,
        };
      }
      const parsed = parseJsonBody(await response.text().catch(() => ''));
      if (!response.ok) {
        const retryable = [429, 502, 503, 504].includes(response.status);
        return {
          ok: false,
          error: elevenLabsFailure(failed, response.status, parsed, apiKey),
          retryable,
          retryAfterMs: parseRetryAfter(response.headers, options.retry.now()),
        };
      }
      const transcript = readTranscript(parsed);
      if (!transcript)
        return {
          ok: false,
          error: { code: 'provider_error', message: failed, status: response.status },
          retryable: false,
        };
      return { ok: true, value: transcript };
    }, options.retry);
    return result.ok
      ? { ok: true, transcript: result.value }
      : { ok: false, failure: result.error };
  }

  return {
    transcribe,
    speak: ({ text, voiceId, modelId }, signal) =>
      post(
        `/v1/text-to-speech/${encodeURIComponent(voiceId)}`,
        { text, model_id: modelId },
        'Failed to generate voiceover',
        options.speechTimeoutMs,
        signal,
      ),
    compose: ({ prompt, lengthMs }, signal) =>
      post(
        '/v1/music',
        { prompt, music_length_ms: lengthMs, model_id: MUSIC_MODEL },
        'Failed to generate music',
        options.musicTimeoutMs,
        signal,
      ),
  };
}
