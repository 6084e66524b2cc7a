import type { Context, Hono } from 'hono';
import { CONTROL_PREFIX } from '../app';
import { randomBytes } from 'node:crypto';
import {
  bearer,
  jsonBody,
  keyKind,
  minuteWindows,
  roughTokens,
  sandboxId,
  sandboxReply,
} from './shared';
import { sandboxTranscriptWords, uploadedDurationMs } from './speech';

/**
 * OpenAI (api.openai.com/v1): Bearer key; errors as {error: {message, type, param, code}}. Reasoning models (the
 * GPT-5 family, o-series) refuse `max_tokens` (400 unsupported_parameter: use max_completion_tokens) and any
 * `temperature` but 1 (400 unsupported_value), as the real API does. `stream: true` answers server-sent events:
 * chat.completion.chunk objects (role first, then the text in pieces, then finish_reason; the usage last when
 * stream_options.include_usage asks) and `data: [DONE]`.
 *
 * Transcription (platform.openai.com/docs/api-reference/audio/createTranscription): POST /v1/audio/transcriptions,
 * multipart/form-data with `file` (flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav or webm, told by its name; 25 MB
 * at most, a larger request is 413 before it is read) and `model` (whisper-1 or a gpt-4o transcribe model); optional
 * `language` (ISO-639-1), `response_format` (json by default; whisper-1 also text, srt, vtt and verbose_json; the
 * gpt-4o models json alone, the diarize one json, text or diarized_json) and `timestamp_granularities[]` (word,
 * segment), which only verbose_json takes. verbose_json answers {task, language (its English name), duration, text,
 * segments?, words?: [{word, start, end}], usage}; words carry no punctuation. The words are the ones the
 * ElevenLabs sandbox hears in the same file (./speech.ts). [error:NNN] in the file name answers NNN.
 * GET /__sandbox/openai/transcriptions lists every transcription call.
 */
/** Current chat models; gpt-4o and gpt-4o-mini are retired here, so a call naming them gets 404 model_not_found. */
export const OPENAI_MODELS = ['gpt-5.4', 'gpt-5.4-mini', 'gpt-5-mini', 'gpt-4.1-mini'];
/** Listed too, as the real list does, but not chat models: the catalogue must filter them out. */
export const OPENAI_OTHER_MODELS = [
  'text-embedding-3-small',
  'whisper-1',
  'gpt-image-1',
  'gpt-realtime',
  'gpt-4o-mini-tts',
  'omni-moderation-latest',
];

/** Whether the model refuses sampling parameters and max_tokens (OpenAI's reasoning models). */
const isReasoningModel = (model: string) => /^(o\d|gpt-5)/.test(model);

const error = (
  c: Context,
  status: 400 | 401 | 404 | 413 | 429 | 500 | 502 | 503,
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
) => c.json({ error: { message, type, param, code } }, status);

function refuseKey(c: Context): Response | undefined {
  const key = bearer(c.req.header('authorization'));
  const kind = keyKind(key);
  if (kind === 'missing') {
    return error(
      c,
      401,
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      'invalid_request_error',
      null,
    );
  }
  if (kind === 'bad') {
    // Like the real API, the message echoes part of the key: clients must never pass it on.
    const shown = `${key!.slice(0, 3)}*****${key!.slice(-4)}`;
    return error(
      c,
      401,
      `Incorrect API key provided: ${shown}. You can find your API key at https://platform.openai.com/account/api-keys.`,
      'invalid_request_error',
      'invalid_api_key',
    );
  }
  return undefined;
}

/** One transcription call the sandbox answered, as GET /__sandbox/openai/transcriptions lists it. */
export interface OpenAiTranscriptionCall {
  fileName: string;
  model: string | null;
  responseFormat: string | null;
  granularities: string[];
  language: string | null;
  status: number;
}

/** The transcription models and the response formats each takes (the SDK's AudioModel and response_format docs). */
export const OPENAI_TRANSCRIPTION_FORMATS: Record<string, readonly string[]> = {
  'whisper-1': ['json', 'text', 'srt', 'verbose_json', 'vtt'],
  'gpt-4o-transcribe': ['json'],
  'gpt-4o-mini-transcribe': ['json'],
  'gpt-4o-mini-transcribe-2025-12-15': ['json'],
  'gpt-4o-transcribe-diarize': ['json', 'text', 'diarized_json'],
};
export const OPENAI_TRANSCRIPTION_FILE_TYPES = [
  'flac',
  'm4a',
  'mp3',
  'mp4',
  'mpeg',
  'mpga',
  'oga',
  'ogg',
  'wav',
  'webm',
] as const;
/** 25 MB: OpenAI's request limit for an upload, in bytes. */
export const OPENAI_TRANSCRIPTION_MAX_BYTES = 26_214_400;

const englishName = (code: string) =>
  new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(code)?.toLowerCase();
const clock = (seconds: number, separator: ',' | '.') => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
};

function transcriptionRoutes(app: Hono): void {
  const calls: OpenAiTranscriptionCall[] = [];
  app.get(`${CONTROL_PREFIX}/openai/transcriptions`, (c) => c.json({ calls }));

  app.post('/v1/audio/transcriptions', async (c) => {
    const call: OpenAiTranscriptionCall = {
      fileName: '',
      model: null,
      responseFormat: null,
      granularities: [],
      language: null,
      status: 0,
    };
    const done = (res: Response) => (calls.push({ ...call, status: res.status }), res);
    const refused = refuseKey(c);
    if (refused) return done(refused);
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'multipart/form-data') {
      return done(
        error(
          c,
          400,
          `Invalid Content-Type header (${type || 'none'}), expected multipart/form-data.`,
          'invalid_request_error',
          null,
        ),
      );
    }
    // The gateway refuses a request over the limit before reading it.
    const length = Number(c.req.header('content-length') ?? NaN);
    if (Number.isFinite(length) && length > OPENAI_TRANSCRIPTION_MAX_BYTES) {
      return done(
        error(
          c,
          413,
          `Maximum content size limit (${OPENAI_TRANSCRIPTION_MAX_BYTES}) exceeded (${length} bytes read)`,
          'server_error',
          null,
        ),
      );
    }
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      return done(error(c, 400, 'Could not parse multipart form', 'invalid_request_error', null));
    }
    const file = form.file instanceof File ? form.file : undefined;
    const text = (name: string) =>
      typeof form[name] === 'string' ? (form[name] as string) : undefined;
    const model = text('model');
    const responseFormat = text('response_format') ?? 'json';
    const rawGranularities = form['timestamp_granularities[]'] ?? form.timestamp_granularities;
    const granularities = (
      Array.isArray(rawGranularities)
        ? rawGranularities
        : rawGranularities === undefined
          ? []
          : [rawGranularities]
    ).map(String);
    const language = text('language');
    Object.assign(call, {
      fileName: file?.name ?? '',
      model: model ?? null,
      responseFormat: text('response_format') ?? null,
      granularities,
      language: language ?? null,
    });

    if (!file)
      return done(
        error(
          c,
          400,
          "Missing required parameter: 'file'.",
          'invalid_request_error',
          'missing_required_parameter',
          'file',
        ),
      );
    if (!model)
      return done(
        error(
          c,
          400,
          "Missing required parameter: 'model'.",
          'invalid_request_error',
          'missing_required_parameter',
          'model',
        ),
      );
    if (keyKind(bearer(c.req.header('authorization'))) === 'no_credit') {
      return done(
        error(
          c,
          429,
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
          'insufficient_quota',
          'insufficient_quota',
        ),
      );
    }
    const formats = OPENAI_TRANSCRIPTION_FORMATS[model];
    if (!formats)
      return done(
        error(
          c,
          404,
          `The model \`${model}\` does not exist or you do not have access to it.`,
          'invalid_request_error',
          'model_not_found',
        ),
      );
    if (!['json', 'text', 'srt', 'verbose_json', 'vtt', 'diarized_json'].includes(responseFormat)) {
      return done(
        error(
          c,
          400,
          `Invalid value: '${responseFormat}'. Supported values are: 'json', 'text', 'srt', 'verbose_json', 'vtt' and 'diarized_json'.`,
          'invalid_request_error',
          'invalid_value',
          'response_format',
        ),
      );
    }
    if (!formats.includes(responseFormat)) {
      return done(
        error(
          c,
          400,
          `response_format '${responseFormat}' is not compatible with model '${model}'. Use ${formats.map((f) => `'${f}'`).join(' or ')} instead.`,
          'invalid_request_error',
          'unsupported_value',
          'response_format',
        ),
      );
    }
    const unknown = granularities.find((g) => g !== 'word' && g !== 'segment');
    if (unknown !== undefined) {
      return done(
        error(
          c,
          400,
          `Invalid value: '${unknown}'. Supported values are: 'word' and 'segment'.`,
          'invalid_request_error',
          'invalid_value',
          'timestamp_granularities',
        ),
      );
    }
    if (granularities.length > 0 && responseFormat !== 'verbose_json') {
      return done(
        error(
          c,
          400,
          'timestamp_granularities is only supported with response_format verbose_json.',
          'invalid_request_error',
          'invalid_value',
          'timestamp_granularities',
        ),
      );
    }
    if (language !== undefined && !(/^[a-z]{2}$/.test(language) && englishName(language))) {
      return done(
        error(
          c,
          400,
          `Invalid language '${language}'. Language parameter must be specified in ISO-639-1 format.`,
          'invalid_request_error',
          'invalid_language_format',
          'language',
        ),
      );
    }
    const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
    if (!extension || !(OPENAI_TRANSCRIPTION_FILE_TYPES as readonly string[]).includes(extension)) {
      return done(
        error(
          c,
          400,
          `Invalid file format. Supported formats: [${OPENAI_TRANSCRIPTION_FILE_TYPES.map((t) => `'${t}'`).join(', ')}]`,
          'invalid_request_error',
          'invalid_value',
          'file',
        ),
      );
    }
    const bytes = Buffer.from(await file.arrayBuffer());
    if (bytes.length > OPENAI_TRANSCRIPTION_MAX_BYTES) {
      return done(
        error(
          c,
          413,
          `Maximum content size limit (${OPENAI_TRANSCRIPTION_MAX_BYTES}) exceeded (${bytes.length} bytes read)`,
          'server_error',
          null,
        ),
      );
    }
    const forced = /\[error:(\d{3})\]/.exec(file.name);
    if (forced) {
      const status = Number(forced[1]) as 400;
      return done(
        error(
          c,
          status,
          `Sandbox fault ${status} ([error:${status}] in the file name)`,
          status >= 500 ? 'server_error' : 'invalid_request_error',
          null,
        ),
      );
    }
    const durationMs = uploadedDurationMs(bytes);
    if (durationMs < 100)
      return done(
        error(
          c,
          400,
          'Audio file is too short. Minimum audio length is 0.1 seconds.',
          'invalid_request_error',
          'audio_too_short',
          'file',
        ),
      );

    const heard = sandboxTranscriptWords(durationMs);
    const transcript = heard.map((w) => w.text).join(' ');
    const duration = durationMs / 1000;
    const usage = { type: 'duration', seconds: Math.ceil(duration) };
    // Segments of up to 12 words, as Whisper cuts its 30-second windows into phrases.
    const segments: Record<string, unknown>[] = [];
    for (let i = 0; i < heard.length; i += 12) {
      const part = heard.slice(i, i + 12);
      segments.push({
        id: segments.length,
        seek: 0,
        start: part[0]!.start,
        end: part.at(-1)!.end,
        text: ` ${part.map((w) => w.text).join(' ')}`,
        tokens: part.map((_, j) => 50_364 + i + j),
        temperature: 0,
        avg_logprob: -0.2,
        compression_ratio: 1.1,
        no_speech_prob: 0.01,
      });
    }
    const cues = (separator: ',' | '.') =>
      segments
        .map(
          (s, i) =>
            `${i + 1}\n${clock(s.start as number, separator)} --> ${clock(s.end as number, separator)}\n${String(s.text).trim()}\n`,
        )
        .join('\n');
    switch (responseFormat) {
      case 'text':
        return done(
          c.body(`${transcript}\n`, 200, { 'content-type': 'text/plain; charset=utf-8' }),
        );
      case 'srt':
        return done(c.body(cues(','), 200, { 'content-type': 'text/plain; charset=utf-8' }));
      case 'vtt':
        return done(
          c.body(`WEBVTT\n\n${cues('.').replace(/^\d+\n/gm, '')}`, 200, {
            'content-type': 'text/plain; charset=utf-8',
          }),
        );
      case 'verbose_json': {
        // Without timestamp_granularities the answer has segments; asking for words alone leaves them out.
        const wantsSegments = granularities.length === 0 || granularities.includes('segment');
        return done(
          c.json({
            task: 'transcribe',
            language: englishName(language ?? 'en') ?? 'english',
            duration,
            text: transcript,
            ...(wantsSegments ? { segments } : {}),
            ...(granularities.includes('word')
              ? {
                  words: heard.map((w) => ({
                    word: w.text.replace(/[.,!?]+$/, ''),
                    start: w.start,
                    end: w.end,
                  })),
                }
              : {}),
            usage,
          }),
        );
      }
      case 'diarized_json':
        return done(
          c.json({
            task: 'transcribe',
            duration,
            text: transcript,
            segments: segments.map((s) => ({
              type: 'transcript.text.segment',
              id: `seg_${s.id}`,
              start: s.start,
              end: s.end,
              text: s.text,
              speaker: 'A',
            })),
            usage,
          }),
        );
      default:
        return done(c.json({ text: transcript, usage }));
    }
  });
}

/**
 * What every API answer carries (platform.openai.com/docs/api-reference/debugging-requests and
 * platform.openai.com/docs/guides/rate-limits, "Rate limits in headers"): x-request-id (req_ and 32 hex
 * digits), openai-processing-ms, openai-version, and the requests and tokens limits of the key's minute:
 * x-ratelimit-limit-requests, -limit-tokens, -remaining-requests, -remaining-tokens, -reset-requests and
 * -reset-tokens (durations such as "1s" or "6m0s"). The figures are Tier 1's for a GPT model (500 requests,
 * 200,000 tokens a minute); a request counts its body at 4 bytes a token.
 */
export const OPENAI_RATE_LIMITS = { requests: 500, tokens: 200_000 } as const;
const openaiDuration = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)}m${s % 60}s` : `${s}s`;
};

export function openaiRoutes(app: Hono): void {
  const requests = minuteWindows();
  const tokens = new Map<string, number>();
  app.use('/v1/*', async (c, next) => {
    const started = Date.now();
    await next();
    const key = bearer(c.req.header('authorization')) ?? '';
    const window = requests(key);
    if (window.used === 1) tokens.set(key, 0);
    const spent =
      (tokens.get(key) ?? 0) + Math.ceil(Number(c.req.header('content-length') ?? 0) / 4);
    tokens.set(key, spent);
    const h = c.res.headers;
    h.set('x-request-id', `req_${randomBytes(16).toString('hex')}`);
    h.set('openai-processing-ms', String(Date.now() - started));
    h.set('openai-version', '2020-10-01');
    h.set('x-ratelimit-limit-requests', String(OPENAI_RATE_LIMITS.requests));
    h.set('x-ratelimit-limit-tokens', String(OPENAI_RATE_LIMITS.tokens));
    h.set(
      'x-ratelimit-remaining-requests',
      String(Math.max(0, OPENAI_RATE_LIMITS.requests - window.used)),
    );
    h.set('x-ratelimit-remaining-tokens', String(Math.max(0, OPENAI_RATE_LIMITS.tokens - spent)));
    h.set('x-ratelimit-reset-requests', openaiDuration(window.resetAt - Date.now()));
    h.set('x-ratelimit-reset-tokens', openaiDuration(window.resetAt - Date.now()));
  });
  transcriptionRoutes(app);
  app.get('/v1/models', (c) => {
    const refused = refuseKey(c);
    if (refused) return refused;
    // Listing models does not check credit, as with the real API.
    return c.json({
      object: 'list',
      data: [...OPENAI_MODELS, ...OPENAI_OTHER_MODELS].map((id) => ({
        id,
        object: 'model',
        created: 1772668800,
        owned_by: 'system',
      })),
    });
  });

  app.post('/v1/chat/completions', async (c) => {
    const refused = refuseKey(c);
    if (refused) return refused;
    const body = await jsonBody(c.req);
    if (!body)
      return error(
        c,
        400,
        'We could not parse the JSON body of your request.',
        'invalid_request_error',
        null,
      );
    const model = body.model;
    const messages = body.messages;
    if (typeof model !== 'string')
      return error(
        c,
        400,
        "Missing required parameter: 'model'.",
        'invalid_request_error',
        'missing_required_parameter',
        'model',
      );
    if (!Array.isArray(messages) || messages.length === 0) {
      return error(
        c,
        400,
        "Missing required parameter: 'messages'.",
        'invalid_request_error',
        'missing_required_parameter',
        'messages',
      );
    }
    if (keyKind(bearer(c.req.header('authorization'))) === 'no_credit') {
      return error(
        c,
        429,
        'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
        'insufficient_quota',
        'insufficient_quota',
      );
    }
    if (!OPENAI_MODELS.includes(model))
      return error(
        c,
        404,
        `The model \`${model}\` does not exist or you do not have access to it.`,
        'invalid_request_error',
        'model_not_found',
      );
    if (isReasoningModel(model)) {
      if (body.max_tokens !== undefined && body.max_tokens !== null) {
        return error(
          c,
          400,
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          'invalid_request_error',
          'unsupported_parameter',
          'max_tokens',
        );
      }
      if (body.temperature !== undefined && body.temperature !== null && body.temperature !== 1) {
        return error(
          c,
          400,
          `Unsupported value: 'temperature' does not support ${JSON.stringify(body.temperature)} with this model. Only the default (1) value is supported.`,
          'invalid_request_error',
          'unsupported_value',
          'temperature',
        );
      }
    }
    const typed = messages as Array<{ role?: string; content?: unknown }>;
    const text = (role: string) =>
      typed
        .filter((m) => m.role === role)
        .map((m) => (typeof m.content === 'string' ? m.content : ''))
        .join('\n');
    const system = text('system') || text('developer');
    const prompt = typed.filter((m) => m.role === 'user').at(-1);
    const content = sandboxReply(
      'openai',
      model,
      system,
      typeof prompt?.content === 'string' ? prompt.content : '',
    );
    const promptTokens = roughTokens(JSON.stringify(messages));
    const completionTokens = roughTokens(content);
    const id = sandboxId('chatcmpl-');
    const created = Math.floor(Date.now() / 1000);
    if (body.stream === true) {
      const options = body.stream_options as { include_usage?: unknown } | undefined;
      const usage =
        options?.include_usage === true
          ? {
              prompt_tokens: promptTokens,
              completion_tokens: completionTokens,
              total_tokens: promptTokens + completionTokens,
            }
          : undefined;
      return streamCompletion(c, { id, created, model, content, usage });
    }
    return c.json({
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
      system_fingerprint: 'fp_sandbox',
    });
  });
}

/** The completion as server-sent chat.completion.chunk events, the way the real API streams it. */
function streamCompletion(
  c: Context,
  {
    id,
    created,
    model,
    content,
    usage,
  }: { id: string; created: number; model: string; content: string; usage?: object },
): Response {
  const chunk = (delta: Record<string, unknown>, finishReason: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    system_fingerprint: 'fp_sandbox',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  const pieces = content.match(/\S+\s*|\s+/g) ?? [];
  const events: object[] = [
    chunk({ role: 'assistant', content: '', refusal: null }, null),
    ...pieces.map((p) => chunk({ content: p }, null)),
    chunk({}, 'stop'),
  ];
  // stream_options.include_usage: one more chunk, with no choices and the usage.
  if (usage) events.push({ ...chunk({}, null), choices: [], usage });
  const text = `${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}data: [DONE]\n\n`;
  return c.body(text, 200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
  });
}
