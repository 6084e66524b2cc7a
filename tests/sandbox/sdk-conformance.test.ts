import Anthropic from '@anthropic-ai/sdk';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { GoogleGenAI } from '@google/genai';
import OpenAI, { toFile } from 'openai';
import type { TranscriptionCreateParamsNonStreaming } from 'openai/resources/audio/transcriptions';
import { Agent } from 'node:http';
import { TwitterApi, TwitterApiv2 } from 'twitter-api-v2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { silentMp3 } from './providers/mp3';
import { sandboxSecretOf } from './providers/x';
import { startSandbox, type Sandbox } from './server';

// Each AI sandbox driven with the provider's official SDK, pointed at the sandbox: what the SDK sends must be
// answered as the real API answers it, and every answer must parse with the SDK's own types. Where the SDK
// validates at runtime (ElevenLabs' serialization schemas) its client is the check; elsewhere the required
// fields below are copied from the SDK's type declarations (.d.ts), not from our product code.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  for (const app of Object.values(sandbox.apps)) {
    app.faults.clear();
    app.requests.length = 0;
  }
});

/** Fails with the missing field names, so a gap reads plainly. */
function expectFields(value: unknown, fields: readonly string[], where: string) {
  const present = Object.keys((value ?? {}) as object);
  expect(
    fields.filter((f) => !present.includes(f)),
    `${where} lacks fields its SDK type requires`,
  ).toEqual([]);
}

async function rejection(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error('expected the call to be refused');
}

describe('OpenAI (openai SDK)', () => {
  // openai/resources/models.d.ts Model; chat/completions/completions.d.ts ChatCompletion, Choice, ChatCompletionMessage, ChatCompletionChunk.
  const MODEL = ['id', 'created', 'object', 'owned_by'];
  const COMPLETION = ['id', 'choices', 'created', 'model', 'object'];
  const CHOICE = ['finish_reason', 'index', 'logprobs', 'message'];
  const MESSAGE = ['content', 'refusal', 'role'];
  const CHUNK_CHOICE = ['delta', 'finish_reason', 'index'];
  const client = () =>
    new OpenAI({
      apiKey: 'sk-sdk',
      baseURL: `${sandbox.urls.openai}/v1`,
      maxRetries: 0,
      organization: null,
      project: null,
    });
  const messages = [
    { role: 'system' as const, content: 'Task: assistant' },
    { role: 'user' as const, content: 'three hooks' },
  ];

  it('lists models with every field the SDK types', async () => {
    const page = await client().models.list();
    expect(page.data.length).toBeGreaterThan(0);
    for (const model of page.data) expectFields(model, MODEL, `model ${model.id}`);
  });

  it('answers a chat completion with every field the SDK types', async () => {
    const completion = await client().chat.completions.create({
      model: 'gpt-5.4-mini',
      messages,
      max_completion_tokens: 100,
    });
    expectFields(completion, COMPLETION, 'chat.completion');
    expectFields(completion.choices[0], CHOICE, 'choice');
    expectFields(completion.choices[0]!.message, MESSAGE, 'message');
    expect(completion.choices[0]!.message.content).toBe(
      'Sandbox openai reply (task assistant, model gpt-5.4-mini): three hooks',
    );
  });

  it.each(['gpt-5.4', 'gpt-5.4-mini', 'gpt-5-mini'])(
    '%s refuses a temperature other than 1, as the real API does',
    async (model) => {
      const error = await rejection(
        client().chat.completions.create({ model, messages, temperature: 0.7 }),
      );
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect(error.error).toEqual({
        message:
          "Unsupported value: 'temperature' does not support 0.7 with this model. Only the default (1) value is supported.",
        type: 'invalid_request_error',
        param: 'temperature',
        code: 'unsupported_value',
      });
      await expect(
        client().chat.completions.create({ model, messages, temperature: 1 }),
      ).resolves.toMatchObject({ object: 'chat.completion' });
    },
  );

  it('gpt-5 models refuse max_tokens and take max_completion_tokens', async () => {
    const error = await rejection(
      client().chat.completions.create({ model: 'gpt-5.4', messages, max_tokens: 100 }),
    );
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.error).toEqual({
      message:
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      type: 'invalid_request_error',
      param: 'max_tokens',
      code: 'unsupported_parameter',
    });
  });

  it('a non-reasoning model still takes temperature and max_tokens', async () => {
    await expect(
      client().chat.completions.create({
        model: 'gpt-4.1-mini',
        messages,
        temperature: 0.7,
        max_tokens: 100,
      }),
    ).resolves.toMatchObject({ object: 'chat.completion' });
  });

  it('streams server-sent chat.completion.chunk events ending with [DONE]', async () => {
    const stream = await client().chat.completions.create({
      model: 'gpt-5.4-mini',
      messages,
      stream: true,
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expectFields(chunk, COMPLETION, 'chunk');
      expect(chunk.object).toBe('chat.completion.chunk');
      expectFields(chunk.choices[0], CHUNK_CHOICE, 'chunk choice');
    }
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe(
      'Sandbox openai reply (task assistant, model gpt-5.4-mini): three hooks',
    );
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');

    const counted = [];
    for await (const chunk of await client().chat.completions.create({
      model: 'gpt-5.4-mini',
      messages,
      stream: true,
      stream_options: { include_usage: true },
    }))
      counted.push(chunk);
    expect(counted.at(-1)).toMatchObject({
      choices: [],
      usage: {
        prompt_tokens: expect.any(Number),
        completion_tokens: expect.any(Number),
        total_tokens: expect.any(Number),
      },
    });
    expect(chunks.every((c) => c.usage === undefined)).toBe(true);

    const raw = await fetch(`${sandbox.urls.openai}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-sdk', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-5.4-mini', messages, stream: true }),
    });
    expect(raw.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await raw.text();
    expect(text.startsWith('data: {')).toBe(true);
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  // openai/resources/audio/transcriptions.d.ts TranscriptionVerbose, TranscriptionWord, TranscriptionSegment, Transcription.
  const VERBOSE = ['duration', 'language', 'text'];
  const WORD = ['word', 'start', 'end'];
  const SEGMENT = [
    'id',
    'avg_logprob',
    'compression_ratio',
    'end',
    'no_speech_prob',
    'seek',
    'start',
    'temperature',
    'text',
    'tokens',
  ];
  const audio = (ms: number, name = 'clip.mp3') =>
    toFile(silentMp3(ms), name, { type: 'audio/mpeg' });

  it('transcribes an MP3 with whisper-1 into words with times (verbose_json, word timestamps)', async () => {
    const answer = await client().audio.transcriptions.create({
      file: await audio(2000),
      model: 'whisper-1',
      response_format: 'verbose_json',
      timestamp_granularities: ['word'],
      language: 'en',
    });
    expectFields(answer, VERBOSE, 'transcription (verbose)');
    for (const word of answer.words ?? []) expectFields(word, WORD, 'transcription word');
    expect(answer).toMatchObject({ language: 'english', text: 'Hello and welcome to' });
    expect(answer.duration).toBeCloseTo(2, 1);
    expect(answer.words).toEqual([
      { word: 'Hello', start: 0, end: 0.4 },
      { word: 'and', start: 0.5, end: 0.9 },
      { word: 'welcome', start: 1, end: 1.4 },
      { word: 'to', start: 1.5, end: 1.9 },
    ]);
    // Words alone were asked for: no segments.
    expect(answer.segments).toBeUndefined();
  });

  it('answers segments without granularities, and plain json text by default', async () => {
    const verbose = await client().audio.transcriptions.create({
      file: await audio(1000),
      model: 'whisper-1',
      response_format: 'verbose_json',
    });
    expect(verbose.words).toBeUndefined();
    for (const segment of verbose.segments ?? [])
      expectFields(segment, SEGMENT, 'transcription segment');
    expect(verbose.segments).toHaveLength(1);
    const plain = await client().audio.transcriptions.create({
      file: await audio(1000),
      model: 'gpt-4o-mini-transcribe',
    });
    expect(plain.text).toBe('Hello and');
  });

  it.each([
    [
      'word timestamps without verbose_json',
      { model: 'whisper-1', response_format: 'json', timestamp_granularities: ['word'] },
      'timestamp_granularities',
    ],
    [
      'verbose_json from a gpt-4o model',
      { model: 'gpt-4o-transcribe', response_format: 'verbose_json' },
      'response_format',
    ],
    ['a language that is not ISO-639-1', { model: 'whisper-1', language: 'english' }, 'language'],
  ] as const)('refuses %s with a 400 naming the parameter', async (_label, params, param) => {
    const error = await rejection(
      client().audio.transcriptions.create({
        file: await audio(1000),
        ...params,
      } as TranscriptionCreateParamsNonStreaming),
    );
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.error).toMatchObject({ type: 'invalid_request_error', param });
  });

  it('refuses a file type it does not take, and a file over 25 MB with 413', async () => {
    const mov = await rejection(
      client().audio.transcriptions.create({
        file: await toFile(silentMp3(1000), 'clip.mov', { type: 'video/quicktime' }),
        model: 'whisper-1',
      }),
    );
    expect(mov).toBeInstanceOf(OpenAI.BadRequestError);
    expect(mov.error).toMatchObject({
      param: 'file',
      message: expect.stringMatching(/^Invalid file format/),
    });
    const big = await rejection(
      client().audio.transcriptions.create({
        file: await toFile(Buffer.alloc(26_214_401), 'long.wav', { type: 'audio/wav' }),
        model: 'whisper-1',
      }),
    );
    expect(big).toMatchObject({
      status: 413,
      error: {
        type: 'server_error',
        message: expect.stringMatching(/^Maximum content size limit \(26214400\) exceeded/),
      },
    });
  });
});

describe('Anthropic (@anthropic-ai/sdk)', () => {
  // @anthropic-ai/sdk resources/models.d.ts ModelInfo, ModelCapabilities and the capability objects.
  const MODEL_INFO = [
    'id',
    'capabilities',
    'created_at',
    'deprecated_at',
    'display_name',
    'lifecycle',
    'line',
    'max_input_tokens',
    'max_tokens',
    'retires_at',
    'type',
  ];
  const CAPABILITIES = [
    'batch',
    'citations',
    'code_execution',
    'context_management',
    'effort',
    'image_input',
    'pdf_input',
    'server_tools',
    'structured_outputs',
    'thinking',
  ];
  const CONTEXT_MANAGEMENT = [
    'clear_thinking_20251015',
    'clear_tool_uses_20250919',
    'compact_20260112',
    'supported',
  ];
  const EFFORT = ['high', 'low', 'max', 'medium', 'supported', 'xhigh'];
  const SERVER_TOOLS = ['code_execution', 'supported', 'web_search'];
  const THINKING_TYPES = ['adaptive', 'between_tools', 'disabled', 'enabled'];
  // resources/messages/messages.d.ts Message, Usage, TextBlock.
  const MESSAGE = [
    'id',
    'container',
    'content',
    'diagnostics',
    'model',
    'role',
    'stop_details',
    'stop_reason',
    'stop_sequence',
    'type',
    'usage',
  ];
  const USAGE = [
    'cache_creation',
    'cache_creation_input_tokens',
    'cache_read_input_tokens',
    'inference_geo',
    'input_tokens',
    'output_tokens',
    'output_tokens_details',
    'server_tool_use',
    'service_tier',
    'speed',
  ];
  const TEXT_BLOCK = ['citations', 'text', 'type'];
  const client = () =>
    new Anthropic({
      apiKey: 'sk-sdk',
      authToken: null,
      baseURL: sandbox.urls.anthropic,
      maxRetries: 0,
    });
  const listCalls = () =>
    sandbox.apps.anthropic.requests.filter((r) => r.path === '/v1/models').length;

  async function allModels() {
    const out = [];
    for await (const model of client().models.list({ limit: 1000 })) out.push(model);
    return out;
  }

  it('describes every model with every field ModelInfo has', async () => {
    const models = await allModels();
    expect(models.length).toBeGreaterThan(2);
    for (const m of models) {
      expectFields(m, MODEL_INFO, m.id);
      expectFields(m.capabilities, CAPABILITIES, `${m.id} capabilities`);
      expectFields(
        m.capabilities!.context_management,
        CONTEXT_MANAGEMENT,
        `${m.id} context_management`,
      );
      expectFields(m.capabilities!.effort, EFFORT, `${m.id} effort`);
      expectFields(m.capabilities!.server_tools, SERVER_TOOLS, `${m.id} server_tools`);
      expectFields(m.capabilities!.thinking.types, THINKING_TYPES, `${m.id} thinking types`);
      expect(m.type).toBe('model');
      expect(['active', 'deprecated']).toContain(m.lifecycle);
      // Deprecated models carry their dates; active ones none.
      if (m.lifecycle === 'deprecated')
        expect([typeof m.deprecated_at, typeof m.retires_at]).toEqual(['string', 'string']);
      else expect([m.deprecated_at, m.retires_at]).toEqual([null, null]);
    }
  });

  it('lists current models: each line has an active model, and newest come first', async () => {
    const models = await allModels();
    for (const line of ['opus', 'sonnet', 'haiku'])
      expect(models.some((m) => m.line === line && m.lifecycle === 'active')).toBe(true);
    const created = models.map((m) => Date.parse(m.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('pages with limit and after_id: limit=1 answers one model and has_more, and the SDK walks every page', async () => {
    const all = await allModels();
    sandbox.apps.anthropic.requests.length = 0;
    const first = await client().models.list({ limit: 1 });
    expect(first.data).toHaveLength(1);
    expect(first).toMatchObject({ has_more: true, first_id: all[0]!.id, last_id: all[0]!.id });

    sandbox.apps.anthropic.requests.length = 0;
    const walked = [];
    for await (const m of client().models.list({ limit: 2 })) walked.push(m.id);
    expect(walked).toEqual(all.map((m) => m.id));
    expect(listCalls()).toBe(Math.ceil(all.length / 2));

    const after = await client().models.list({ after_id: all[0]!.id, limit: 1000 });
    expect(after.data.map((m) => m.id)).toEqual(all.slice(1).map((m) => m.id));
    expect(after.has_more).toBe(false);
    const before = await client().models.list({ before_id: all.at(-1)!.id, limit: 2 });
    expect(before.data.map((m) => m.id)).toEqual(all.slice(-3, -1).map((m) => m.id));
    expect(before.has_more).toBe(all.length > 3);
  });

  it.each([0, 1001, 'ten'])('refuses limit=%s with a 400 invalid_request_error', async (limit) => {
    const res = await fetch(`${sandbox.urls.anthropic}/v1/models?limit=${limit}`, {
      headers: { 'x-api-key': 'sk-sdk', 'anthropic-version': '2023-06-01' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.stringContaining('limit') },
    });
  });

  it('answers messages with every field Message and Usage have', async () => {
    const message = await client().messages.create({
      model: 'claude-haiku-4-5',
      max_tokens: 100,
      system: 'Task: assistant',
      messages: [{ role: 'user', content: 'three hooks' }],
    });
    expectFields(message, MESSAGE, 'message');
    expectFields(message.usage, USAGE, 'usage');
    expectFields(message.content[0], TEXT_BLOCK, 'text block');
    expect(message.content).toMatchObject([
      {
        type: 'text',
        text: 'Sandbox anthropic reply (task assistant, model claude-haiku-4-5): three hooks',
      },
    ]);
  });
});

describe('Gemini (@google/genai)', () => {
  const client = () =>
    new GoogleGenAI({
      apiKey: 'sk-sdk',
      vertexai: false,
      httpOptions: { baseUrl: sandbox.urls.gemini, apiVersion: 'v1beta' },
    });
  const listCalls = () =>
    sandbox.apps.gemini.requests.filter((r) => r.path === '/v1beta/models').length;

  it('pages models.list with pageSize and pageToken, and the SDK walks every page', async () => {
    const pager = await client().models.list({ config: { pageSize: 2 } });
    expect(pager.page).toHaveLength(2);
    const names: string[] = [];
    for await (const model of pager) names.push(model.name!);
    expect(names.length).toBeGreaterThan(2);
    expect(new Set(names).size).toBe(names.length);
    expect(listCalls()).toBe(Math.ceil(names.length / 2));

    const all = await fetch(`${sandbox.urls.gemini}/v1beta/models?pageSize=1000`, {
      headers: { 'x-goog-api-key': 'sk-sdk' },
    }).then((r) => r.json() as Promise<{ models: { name: string }[]; nextPageToken?: string }>);
    expect(all.models.map((m) => m.name)).toEqual(names);
    expect(all.nextPageToken).toBeUndefined();
  });

  it('answers generateContent the SDK reads', async () => {
    const response = await client().models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'three hooks',
      config: { systemInstruction: 'Task: assistant' },
    });
    expect(response.text).toBe(
      'Sandbox gemini reply (task assistant, model gemini-2.5-flash): three hooks',
    );
  });
});

describe('ElevenLabs (@elevenlabs/elevenlabs-js, which validates every answer)', () => {
  const client = (apiKey = 'sk-sdk') =>
    new ElevenLabsClient({ apiKey, baseUrl: sandbox.urls.elevenlabs, maxRetries: 0 });

  it.each(['sk-sdk', 'no-credit-key'])(
    'the user and subscription answers parse (%s)',
    async (key) => {
      const user = await client(key).user.get();
      expect(user.subscription.characterLimit).toBeGreaterThan(0);
      const subscription = await client(key).user.subscription.get();
      expect(subscription.characterCount).toBe(user.subscription.characterCount);
    },
  );

  it('models and voices parse', async () => {
    expect((await client().models.list()).length).toBeGreaterThan(0);
    expect((await client().voices.getAll()).voices.length).toBeGreaterThan(0);
  });

  it.each([
    ['JBFqnCBsd6RMkjVDRZzb', 'George'],
    ['21m00Tcm4TlvDq8ikWAM', 'Rachel'],
    ['EXAVITQu4vr4xnSDxMaL', 'Sarah'],
    ['nPczCjzI2devNBz1zQrb', 'Brian'],
  ])('speaks with the default voice %s (%s) and lists it', async (voiceId, name) => {
    const audio = await client().textToSpeech.convert(voiceId, {
      text: 'Hello there',
      modelId: 'eleven_multilingual_v2',
    });
    const bytes = new Uint8Array(await new Response(audio).arrayBuffer());
    expect(bytes.length).toBeGreaterThan(0);
    expect((await client().voices.getAll()).voices).toContainEqual(
      expect.objectContaining({ voiceId, name, category: 'premade' }),
    );
  });

  it('transcribes an uploaded MP3 into words with times the SDK reads', async () => {
    const file = new File([new Uint8Array(silentMp3(2000))], 'clip.mp3', { type: 'audio/mpeg' });
    const answer = await client().speechToText.convert({
      file,
      modelId: 'scribe_v2',
      timestampsGranularity: 'word',
    });
    expect('words' in answer && answer.words.filter((w) => w.type === 'word')).toEqual([
      expect.objectContaining({ text: 'Hello', start: 0, end: 0.4 }),
      expect.objectContaining({ text: 'and', start: 0.5, end: 0.9 }),
      expect.objectContaining({ text: 'welcome', start: 1, end: 1.4 }),
      expect.objectContaining({ text: 'to', start: 1.5, end: 1.9 }),
    ]);
  });
});

/** The v2 client on the sandbox's base URL (the library's own cloneWithPrefix fails: it calls a class without `new`). */
class SandboxXClient extends TwitterApiv2 {
  constructor(api: TwitterApi, prefix: string) {
    super(api);
    this.setPrefix(prefix);
  }
}

describe('X (twitter-api-v2)', () => {
  const client = () => {
    // The client speaks https only through its agent; a plain http agent points it at the sandbox.
    const api = new TwitterApi(
      {
        appKey: 'app-key',
        appSecret: sandboxSecretOf('app-key'),
        accessToken: '900-sdk-token',
        accessSecret: sandboxSecretOf('900-sdk-token'),
      },
      { httpAgent: new Agent() },
    );
    return new SandboxXClient(api, `${sandbox.urls.x}/2/`);
  };

  it('uploads media in chunks whose media part has no filename, then posts it', async () => {
    const image = Buffer.alloc(300_000, 7);
    const mediaId = await client().uploadMedia(image, { media_type: 'image/png' }, 128 * 1024);
    expect(mediaId).toMatch(/^\d+$/);
    const posted = await client().tweet({
      text: 'sdk media post',
      media: { media_ids: [mediaId] },
    });
    expect(posted.data.text).toBe('sdk media post');
  });

  it('answers with the x-rate-limit headers, counting down per user and route', async () => {
    const first = await client().get('users/me', undefined, { fullResponse: true });
    const second = await client().get('users/me', undefined, { fullResponse: true });
    expect(first.rateLimit).toEqual({
      limit: expect.any(Number),
      remaining: expect.any(Number),
      reset: expect.any(Number),
    });
    expect(second.rateLimit!.remaining).toBe(first.rateLimit!.remaining - 1);
    expect(second.rateLimit!.reset * 1000).toBeGreaterThan(Date.now());
    const upload = await client().post(
      'media/upload/initialize',
      { media_type: 'image/png', total_bytes: 10 },
      { fullResponse: true },
    );
    expect(upload.rateLimit).toEqual({
      limit: expect.any(Number),
      remaining: expect.any(Number),
      reset: expect.any(Number),
    });
  });
});
