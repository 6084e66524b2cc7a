import type { Context, Hono } from 'hono';
import { CONTROL_PREFIX } from '../app';
import { parseMp3Format, silentMp3 } from './mp3';
import { SANDBOX_TRANSCRIPT, sandboxTranscriptWords, uploadedDurationMs } from './speech';
import { jsonBody, keyKind } from './shared';

// ElevenLabs (api.elevenlabs.io, elevenlabs.io/docs/api-reference): key in `xi-api-key`; errors as
// {detail: {status, message}}. Text to speech: POST /v1/text-to-speech/{voice_id}?output_format=mp3_44100_128
// with {text, model_id}; music: POST /v1/music?output_format= with {prompt, music_length_ms (10000-300000),
// model_id music_v1}. Both answer audio/mpeg bytes: a real silent MP3 whose length is the request's (speech:
// SPEECH_CHARS_PER_SECOND characters a second; music: music_length_ms), within one frame.
//
// Keys: 'bad-key' 401 invalid_api_key; 'no-credit-key' 401 quota_exceeded (as ElevenLabs reports used-up
// characters). A voice id outside the premade voices is 404 voice_not_found. GET /v1/user and
// GET /v1/user/subscription answer every field the SDK's schemas require. Text/prompt tags:
// [error:NNN] (that request answers NNN). GET /__sandbox/elevenlabs/calls lists every generation call.
//
// Speech to text: POST /v1/speech-to-text, multipart/form-data with model_id (scribe_v1 or scribe_v2) and
// exactly one of `file` (at least 100 ms of audio) or `cloud_storage_url`/`source_url`; optional
// timestamps_granularity (none, word, character) and language_code. It answers {language_code,
// language_probability, text, words: [{text, start, end, type, logprob}]}, times in seconds, with `spacing`
// entries between the words. The words are deterministic for the file's length (sandboxTranscriptWords, ./speech.ts):
// the length of an MP3 is read from its frames, a WAV's from its header, any other file counts as 128 kbit/s. [error:NNN] in the
// file name answers NNN.

export const SPEECH_CHARS_PER_SECOND = 15;
/** Text-to-speech models served (eleven_monolingual_v1 is removed: 400 model_not_found). */
export const ELEVENLABS_MODELS = [
  'eleven_v3',
  'eleven_multilingual_v2',
  'eleven_flash_v2_5',
  'eleven_turbo_v2_5',
  'eleven_turbo_v2',
] as const;
const MODEL_NAMES: Record<string, string> = {
  eleven_v3: 'Eleven v3',
  eleven_multilingual_v2: 'Eleven Multilingual v2',
  eleven_flash_v2_5: 'Eleven Flash v2.5',
  eleven_turbo_v2_5: 'Eleven Turbo v2.5',
  eleven_turbo_v2: 'Eleven Turbo v2',
};
/**
 * ElevenLabs' premade voices, by id: the library's default voices every account can use (George, Sarah, Brian...)
 * and the older premade ones (Rachel, Domi...), which the API still serves.
 */
export const PREMADE_VOICES: Record<string, string> = {
  JBFqnCBsd6RMkjVDRZzb: 'George',
  EXAVITQu4vr4xnSDxMaL: 'Sarah',
  nPczCjzI2devNBz1zQrb: 'Brian',
  '9BWtsMINqrJLrRacOk9x': 'Aria',
  CwhRBWXzGAHq8TQ4Fs17: 'Roger',
  FGY2WhTYpPnrIDTdsKH5: 'Laura',
  IKne3meq5aSn9XLyUdCD: 'Charlie',
  N2lVS1w4EtoT3dr4eOWO: 'Callum',
  SAz9YHcvj6GT2YYXdXww: 'River',
  TX3LPaxmHKxFdv7VOQHJ: 'Liam',
  XB0fDUnXU5powFXDhCwa: 'Charlotte',
  Xb7hH8MSUJpSbSDYk0k2: 'Alice',
  XrExE9yKIg1WjnnlVkGX: 'Matilda',
  bIHbv24MWmeRgasZH58o: 'Will',
  cgSgspJ2msm6clMCkdW9: 'Jessica',
  cjVigY5qzO86Huf0OWal: 'Eric',
  iP95p4xoKVk53GoZ742B: 'Chris',
  onwK4e9ZLuTAKqWW03F9: 'Daniel',
  pFZP5JQG7iQjIQuC4Bku: 'Lily',
  pqHfZKP75CvOlQylNhV4: 'Bill',
  pNInz6obpgDQGcFmaJgB: 'Adam',
  '21m00Tcm4TlvDq8ikWAM': 'Rachel',
  AZnzlk1XvdvUeBnXmlld: 'Domi',
  ErXwobaYiN019PkySvjV: 'Antoni',
  MF3mGyEYCl7XYWbV9V6O: 'Elli',
  TxGEqnHWrfWFTfGW9XjX: 'Josh',
  VR6AewLTigWG4xSOukaG: 'Arnold',
  yoZ06aMxZJJ28mfd3POQ: 'Sam',
};

export function speechDurationMs(text: string): number {
  return Math.max(500, Math.round((text.length / SPEECH_CHARS_PER_SECOND) * 1000));
}

/** One call the sandbox answered, as its /__sandbox/elevenlabs/calls lists it. */
export interface ElevenLabsCall {
  kind: 'tts' | 'music' | 'stt';
  text: string;
  voiceId?: string;
  modelId?: string;
  lengthMs?: number;
  status: number;
}

export const STT_MODELS = ['scribe_v1', 'scribe_v2'] as const;
// The words heard in a file are shared with the OpenAI transcription sandbox (./speech.ts).
export { SANDBOX_TRANSCRIPT, sandboxTranscriptWords, uploadedDurationMs };

const detail = (c: Context, status: number, code: string, message: string) =>
  c.json({ detail: { status: code, message } }, status as 400);

function refuseKey(c: Context): Response | undefined {
  const kind = keyKind(c.req.header('xi-api-key'));
  if (kind === 'missing')
    return detail(
      c,
      401,
      'needs_authorization',
      'Neither authorization header nor xi-api-key received, please provide one.',
    );
  if (kind === 'bad') return detail(c, 401, 'invalid_api_key', 'Invalid API key');
  if (kind === 'no_credit')
    return detail(
      c,
      401,
      'quota_exceeded',
      'This request exceeds your quota of 10000. You have 0 credits remaining, while 120 credits are required for this request.',
    );
  return undefined;
}

/** Reading the account, models and voices costs no credit: only a missing or bad key is refused. */
function refuseModelList(c: Context): Response | undefined {
  const kind = keyKind(c.req.header('xi-api-key'));
  return kind === 'missing' || kind === 'bad' ? refuseKey(c) : undefined;
}

const errorTag = (text: string) => {
  const m = /\[error:(\d{3})\]/.exec(text);
  return m ? Number(m[1]) : undefined;
};

function mp3Response(c: Context, bytes: Buffer, extra: Record<string, string>): Response {
  return c.body(new Uint8Array(bytes), 200, {
    'content-type': 'audio/mpeg',
    'content-length': String(bytes.length),
    'request-id': crypto.randomUUID(),
    ...extra,
  });
}

export function elevenlabsRoutes(app: Hono): void {
  const calls: ElevenLabsCall[] = [];
  app.get(`${CONTROL_PREFIX}/elevenlabs/calls`, (c) => c.json({ calls }));

  // The subscription as GET /v1/user (`subscription`) and GET /v1/user/subscription give it.
  const subscription = (noCredit: boolean) => {
    const limit = noCredit ? 10_000 : 100_000;
    return {
      tier: noCredit ? 'free' : 'creator',
      character_count: noCredit ? limit : 1200,
      character_limit: limit,
      max_character_limit_extension: noCredit ? null : 100_000,
      max_credit_limit_extension: noCredit ? 0 : 100_000,
      can_extend_character_limit: !noCredit,
      allowed_to_extend_character_limit: !noCredit,
      next_character_count_reset_unix: Math.floor(Date.now() / 1000) + 86_400 * 20,
      voice_slots_used: 0,
      professional_voice_slots_used: 0,
      professional_voice_slots_used_in_workspace: 0,
      voice_limit: noCredit ? 3 : 30,
      max_voice_add_edits: noCredit ? 5 : 95,
      voice_add_edit_counter: 0,
      professional_voice_limit: noCredit ? 0 : 1,
      can_extend_voice_limit: false,
      can_use_instant_voice_cloning: !noCredit,
      can_use_professional_voice_cloning: !noCredit,
      currency: noCredit ? null : 'usd',
      current_overage: { amount: '0', currency: 'usd' },
      status: noCredit ? 'free' : 'active',
      billing_period: noCredit ? null : 'monthly_period',
      character_refresh_period: 'monthly_period',
    };
  };

  app.get('/v1/user', (c) => {
    const refused = refuseModelList(c);
    if (refused) return refused;
    const noCredit = keyKind(c.req.header('xi-api-key')) === 'no_credit';
    return c.json({
      user_id: 'sandbox-user',
      workspace_id: 'sandbox-workspace',
      subscription: subscription(noCredit),
      is_new_user: false,
      can_use_delayed_payment_methods: false,
      is_onboarding_completed: true,
      is_onboarding_checklist_completed: true,
      first_name: 'Sandy',
      is_api_key_hashed: true,
      xi_api_key_preview: `sk_****${(c.req.header('xi-api-key') ?? '').slice(-4)}`,
      created_at: 1_735_689_600,
      seat_type: 'workspace_admin',
    });
  });

  app.get('/v1/user/subscription', (c) => {
    const refused = refuseModelList(c);
    if (refused) return refused;
    return c.json({
      ...subscription(keyKind(c.req.header('xi-api-key')) === 'no_credit'),
      open_invoices: [],
      has_open_invoices: false,
      next_invoice: null,
      pending_change: null,
    });
  });

  // GET /v1/models: every model, speech-to-speech ones too (can_do_text_to_speech false).
  app.get('/v1/models', (c) => {
    const refused = refuseModelList(c);
    if (refused) return refused;
    const model = (model_id: string, name: string, tts: boolean) => ({
      model_id,
      name,
      can_be_finetuned: tts,
      can_do_text_to_speech: tts,
      can_do_voice_conversion: !tts,
      token_cost_factor: 1,
      description: name,
      languages: [{ language_id: 'en', name: 'English' }],
    });
    return c.json([
      ...ELEVENLABS_MODELS.map((id) => model(id, MODEL_NAMES[id]!, true)),
      model('eleven_multilingual_sts_v2', 'Eleven Multilingual v2 (speech to speech)', false),
    ]);
  });

  // GET /v1/voices: {voices: [{voice_id, name, category, ...}]}, the premade voices.
  app.get('/v1/voices', (c) => {
    const refused = refuseModelList(c);
    if (refused) return refused;
    return c.json({
      voices: Object.entries(PREMADE_VOICES).map(([voice_id, name]) => ({
        voice_id,
        name,
        category: 'premade',
        labels: {},
        preview_url: null,
      })),
    });
  });

  app.post('/v1/text-to-speech/:voiceId', async (c) => {
    const voiceId = c.req.param('voiceId');
    const body = await jsonBody(c.req);
    const text = typeof body?.text === 'string' ? body.text : '';
    const modelId = typeof body?.model_id === 'string' ? body.model_id : 'eleven_multilingual_v2';
    const record = (status: number) => calls.push({ kind: 'tts', text, voiceId, modelId, status });
    const done = (res: Response) => (record(res.status), res);
    const refused = refuseKey(c);
    if (refused) return done(refused);
    if (!body || typeof body.text !== 'string')
      return done(
        c.json(
          { detail: [{ loc: ['body', 'text'], msg: 'Field required', type: 'missing' }] },
          422,
        ),
      );
    if (!(voiceId in PREMADE_VOICES))
      return done(
        detail(c, 404, 'voice_not_found', `A voice with voice_id '${voiceId}' does not exist.`),
      );
    if (!(ELEVENLABS_MODELS as readonly string[]).includes(modelId))
      return done(
        detail(c, 400, 'model_not_found', `A model with model ID ${modelId} does not exist.`),
      );
    const format = parseMp3Format(c.req.query('output_format'));
    if (!format) return done(detail(c, 422, 'invalid_output_format', 'Unsupported output_format.'));
    const forced = errorTag(text);
    if (forced)
      return done(
        detail(
          c,
          forced,
          'sandbox_fault',
          `Sandbox fault ${forced} ([error:${forced}] in the text)`,
        ),
      );
    record(200);
    return mp3Response(c, silentMp3(speechDurationMs(text), format), {
      'character-cost': String(text.length),
    });
  });

  app.post('/v1/speech-to-text', async (c) => {
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      form = {};
    }
    const file = form.file instanceof File ? form.file : undefined;
    const fileName = file?.name ?? '';
    const record = (status: number) =>
      calls.push({
        kind: 'stt',
        text: fileName,
        modelId: typeof form.model_id === 'string' ? form.model_id : undefined,
        status,
      });
    const done = (res: Response) => (record(res.status), res);
    const refused = refuseKey(c);
    if (refused) return done(refused);
    if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
      return done(
        c.json(
          { detail: [{ loc: ['body'], msg: 'Expected multipart/form-data', type: 'value_error' }] },
          422,
        ),
      );
    const modelId = form.model_id;
    if (typeof modelId !== 'string')
      return done(
        c.json(
          { detail: [{ loc: ['body', 'model_id'], msg: 'Field required', type: 'missing' }] },
          422,
        ),
      );
    if (!(STT_MODELS as readonly string[]).includes(modelId))
      return done(
        detail(c, 400, 'invalid_model_id', `Model ${modelId} is not a speech to text model.`),
      );
    const url = form.cloud_storage_url ?? form.source_url;
    if (Array.isArray(form.file) || (file ? url !== undefined : url === undefined))
      return done(
        detail(
          c,
          400,
          'invalid_parameters',
          'Exactly one of file or cloud_storage_url must be provided.',
        ),
      );
    if (!file)
      return done(
        detail(c, 400, 'invalid_parameters', 'The sandbox transcribes uploaded files only.'),
      );
    const granularity = form.timestamps_granularity ?? 'word';
    if (typeof granularity !== 'string' || !['none', 'word', 'character'].includes(granularity)) {
      return done(
        c.json(
          {
            detail: [
              {
                loc: ['body', 'timestamps_granularity'],
                msg: "Input should be 'none', 'word' or 'character'",
                type: 'enum',
              },
            ],
          },
          422,
        ),
      );
    }
    const forced = errorTag(fileName);
    if (forced)
      return done(
        detail(
          c,
          forced,
          'sandbox_fault',
          `Sandbox fault ${forced} ([error:${forced}] in the file name)`,
        ),
      );
    const durationMs = uploadedDurationMs(Buffer.from(await file.arrayBuffer()));
    if (durationMs < 100)
      return done(detail(c, 400, 'audio_too_short', 'The audio must be at least 100ms long.'));
    record(200);
    const heard = sandboxTranscriptWords(durationMs);
    const words: Record<string, unknown>[] = [];
    heard.forEach((w, i) => {
      if (i > 0)
        words.push({
          text: ' ',
          start: heard[i - 1]!.end,
          end: w.start,
          type: 'spacing',
          speaker_id: 'speaker_0',
          logprob: 0,
        });
      words.push({
        ...(granularity === 'none' ? { text: w.text } : w),
        type: 'word',
        speaker_id: 'speaker_0',
        logprob: -0.01,
      });
    });
    const language = typeof form.language_code === 'string' ? form.language_code : 'eng';
    return c.json({
      language_code: language,
      language_probability: 0.98,
      text: heard.map((w) => w.text).join(' '),
      words,
      transcription_id: crypto.randomUUID(),
      audio_duration_secs: durationMs / 1000,
    });
  });

  app.post('/v1/music', async (c) => {
    const body = await jsonBody(c.req);
    const prompt = typeof body?.prompt === 'string' ? body.prompt : '';
    const lengthMs = body?.music_length_ms;
    const record = (status: number) =>
      calls.push({
        kind: 'music',
        text: prompt,
        lengthMs: typeof lengthMs === 'number' ? lengthMs : undefined,
        modelId: String(body?.model_id ?? 'music_v1'),
        status,
      });
    const done = (res: Response) => (record(res.status), res);
    const refused = refuseKey(c);
    if (refused) return done(refused);
    if (!prompt.trim())
      return done(
        c.json(
          { detail: [{ loc: ['body', 'prompt'], msg: 'Field required', type: 'missing' }] },
          422,
        ),
      );
    if (
      lengthMs !== undefined &&
      (typeof lengthMs !== 'number' ||
        !Number.isInteger(lengthMs) ||
        lengthMs < 10_000 ||
        lengthMs > 300_000)
    ) {
      return done(
        c.json(
          {
            detail: [
              {
                loc: ['body', 'music_length_ms'],
                msg: 'Input should be between 10000 and 300000',
                type: 'value_error',
              },
            ],
          },
          422,
        ),
      );
    }
    const format = parseMp3Format(c.req.query('output_format'));
    if (!format) return done(detail(c, 422, 'invalid_output_format', 'Unsupported output_format.'));
    const forced = errorTag(prompt);
    if (forced)
      return done(
        detail(
          c,
          forced,
          'sandbox_fault',
          `Sandbox fault ${forced} ([error:${forced}] in the prompt)`,
        ),
      );
    record(200);
    // Without music_length_ms the model picks a length; the sandbox picks 30 s.
    return mp3Response(c, silentMp3(typeof lengthMs === 'number' ? lengthMs : 30_000, format), {
      'song-id': crypto.randomUUID(),
    });
  });
}
