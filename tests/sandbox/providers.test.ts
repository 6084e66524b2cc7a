import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from './server';

// The documented routes each provider's sandbox serves (see README.md): auth, shapes, error bodies.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

async function call(
  provider: keyof Sandbox['urls'],
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  const res = await fetch(`${sandbox.urls[provider]}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('key-check routes', () => {
  it.each([
    ['bfl', '/v1/credits', (k: string) => ({ 'x-key': k }), 403, { credits: 1000 }, { credits: 0 }],
    [
      'luma',
      '/dream-machine/v1/credits',
      (k: string) => ({ authorization: `Bearer ${k}` }),
      401,
      { credit_balance: 2500 },
      { credit_balance: 0 },
    ],
  ] as const)(
    '%s %s: balance for a key, refusal for bad-key, zero for no-credit-key',
    async (provider, path, auth, badStatus, good, empty) => {
      expect(await call(provider, path, { headers: auth('sk-1') })).toEqual({
        status: 200,
        body: good,
      });
      expect((await call(provider, path, { headers: auth('bad-key') })).status).toBe(badStatus);
      expect((await call(provider, path)).status).toBe(badStatus);
      expect(await call(provider, path, { headers: auth('no-credit-key') })).toEqual({
        status: 200,
        body: empty,
      });
    },
  );

  it('ElevenLabs GET /v1/user: subscription usage, detail errors', async () => {
    const ok = await call('elevenlabs', '/v1/user', { headers: { 'xi-api-key': 'sk-1' } });
    expect(ok.body.subscription).toMatchObject({ character_count: 1200, character_limit: 100_000 });
    expect(await call('elevenlabs', '/v1/user', { headers: { 'xi-api-key': 'bad-key' } })).toEqual({
      status: 401,
      body: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } },
    });
    const empty = await call('elevenlabs', '/v1/user', {
      headers: { 'xi-api-key': 'no-credit-key' },
    });
    expect(empty.body.subscription).toMatchObject({
      character_count: 10_000,
      character_limit: 10_000,
    });
  });

  it('model lists need the key the provider documents', async () => {
    expect(
      (await call('openai', '/v1/models', { headers: { authorization: 'Bearer sk-1' } })).body,
    ).toMatchObject({
      object: 'list',
      data: expect.arrayContaining([
        { id: 'gpt-5.4-mini', object: 'model', created: expect.any(Number), owned_by: 'system' },
      ]),
    });
    expect((await call('openai', '/v1/models')).status).toBe(401);
    expect(
      (
        await call('anthropic', '/v1/models', {
          headers: { 'x-api-key': 'sk-1', 'anthropic-version': '2023-06-01' },
        })
      ).status,
    ).toBe(200);
    expect(
      await call('anthropic', '/v1/models', { headers: { 'x-api-key': 'sk-1' } }),
    ).toMatchObject({
      status: 400,
      body: { error: { message: 'anthropic-version: header is required' } },
    });
    expect((await call('gemini', '/v1beta/models?key=sk-1')).status).toBe(200);
    expect(
      await call('gemini', '/v1beta/models', { headers: { 'x-goog-api-key': 'bad-key' } }),
    ).toMatchObject({ status: 400, body: { error: { status: 'INVALID_ARGUMENT' } } });
  });
});

describe('model catalogues', () => {
  const ids = (items: unknown, key: string) =>
    (items as Record<string, string>[]).map((m) => m[key]);

  it('list current models only, with the real shapes', async () => {
    const openai = await call('openai', '/v1/models', {
      headers: { authorization: 'Bearer sk-1' },
    });
    expect(ids(openai.body.data, 'id')).toEqual(
      expect.arrayContaining(['gpt-5.4', 'gpt-5.4-mini', 'text-embedding-3-small']),
    );
    const anthropic = await call('anthropic', '/v1/models', {
      headers: { 'x-api-key': 'sk-1', 'anthropic-version': '2023-06-01' },
    });
    expect(anthropic.body).toMatchObject({
      data: expect.arrayContaining([
        expect.objectContaining({
          type: 'model',
          id: 'claude-haiku-4-5-20251001',
          display_name: 'Claude Haiku 4.5',
          created_at: expect.any(String),
        }),
      ]),
      has_more: false,
    });
    const gemini = await call('gemini', '/v1beta/models', {
      headers: { 'x-goog-api-key': 'sk-1' },
    });
    expect(gemini.body.models).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'models/gemini-2.5-flash',
          supportedGenerationMethods: expect.arrayContaining(['generateContent']),
        }),
      ]),
    );
    const eleven = await call('elevenlabs', '/v1/models', { headers: { 'xi-api-key': 'sk-1' } });
    expect(eleven.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          model_id: 'eleven_multilingual_v2',
          can_do_text_to_speech: true,
        }),
      ]),
    );
    expect(ids(eleven.body, 'model_id')).not.toContain('eleven_monolingual_v1');
    const voices = await call('elevenlabs', '/v1/voices', {
      headers: { 'xi-api-key': 'no-credit-key' },
    });
    expect(voices.body.voices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          voice_id: '21m00Tcm4TlvDq8ikWAM',
          name: 'Rachel',
          category: 'premade',
        }),
      ]),
    );
    expect(
      (await call('elevenlabs', '/v1/voices', { headers: { 'xi-api-key': 'bad-key' } })).status,
    ).toBe(401);
    for (const list of [openai.body.data, anthropic.body.data])
      expect(ids(list, 'id').join(' ')).not.toMatch(/gpt-4o-mini |gpt-4o$|claude-3-5/);
  });

  it.each([
    [
      'openai',
      '/v1/chat/completions',
      { authorization: 'Bearer sk-1' },
      { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] },
      404,
      { error: { code: 'model_not_found', type: 'invalid_request_error' } },
    ],
    [
      'anthropic',
      '/v1/messages',
      { 'x-api-key': 'sk-1', 'anthropic-version': '2023-06-01' },
      {
        model: 'claude-3-5-haiku-latest',
        max_tokens: 10,
        messages: [{ role: 'user', content: 'x' }],
      },
      404,
      {
        type: 'error',
        error: { type: 'not_found_error', message: 'model: claude-3-5-haiku-latest' },
      },
    ],
    [
      'gemini',
      '/v1beta/models/gemini-2.0-flash-exp:generateContent',
      { 'x-goog-api-key': 'sk-1' },
      { contents: [{ parts: [{ text: 'x' }] }] },
      404,
      { error: { code: 404, status: 'NOT_FOUND' } },
    ],
    [
      'elevenlabs',
      '/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM?output_format=mp3_44100_128',
      { 'xi-api-key': 'sk-1' },
      { text: 'hi', model_id: 'eleven_monolingual_v1' },
      400,
      { detail: { status: 'model_not_found' } },
    ],
  ] as const)(
    '%s answers a retired model the way the real API does',
    async (provider, path, headers, body, status, error) => {
      expect(await call(provider, path, { method: 'POST', headers, body })).toMatchObject({
        status,
        body: error,
      });
    },
  );

  it('Anthropic messages take the alias of a listed snapshot', async () => {
    const res = await call('anthropic', '/v1/messages', {
      method: 'POST',
      headers: { 'x-api-key': 'sk-1', 'anthropic-version': '2023-06-01' },
      body: {
        model: 'claude-haiku-4-5',
        max_tokens: 10,
        messages: [{ role: 'user', content: 'x' }],
      },
    });
    expect(res.status).toBe(200);
  });
});

describe('text generation routes', () => {
  const system = 'Task: social_post (x).\nReply with the post text only.';

  it('OpenAI chat completions answer with a deterministic reply', async () => {
    const res = await call('openai', '/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-1' },
      body: {
        model: 'gpt-5.4',
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: 'launch day' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'chat.completion',
      choices: [
        {
          message: {
            role: 'assistant',
            content: 'Sandbox openai reply (task social_post, model gpt-5.4): launch day',
          },
          finish_reason: 'stop',
        },
      ],
    });
  });

  it('OpenAI refuses bad keys like the real API, echoing only a masked key, and runs out of quota with a 429', async () => {
    const body = { model: 'gpt-5.4', messages: [{ role: 'user', content: 'x' }] };
    const bad = await call('openai', '/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: 'Bearer bad-key' },
      body,
    });
    expect(bad).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_api_key', type: 'invalid_request_error' } },
    });
    expect(JSON.stringify(bad.body)).not.toContain('bad-key');
    const broke = await call('openai', '/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: 'Bearer no-credit-key' },
      body,
    });
    expect(broke).toMatchObject({
      status: 429,
      body: { error: { code: 'insufficient_quota', type: 'insufficient_quota' } },
    });
  });

  it('OpenAI and Anthropic answers carry their request id and rate-limit headers, errors too', async () => {
    const post = (
      provider: 'openai' | 'anthropic',
      path: string,
      headers: Record<string, string>,
    ) =>
      fetch(`${sandbox.urls[provider]}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          ...(provider === 'openai'
            ? { model: 'gpt-5.4' }
            : { model: 'claude-haiku-4-5', max_tokens: 50 }),
          messages: [{ role: 'user', content: 'launch day' }],
        }),
      });
    const key = `sk-headers-${Date.now()}`;
    for (const status of [200, 401]) {
      const res = await post('openai', '/v1/chat/completions', {
        authorization: `Bearer ${status === 200 ? key : 'bad-key'}`,
      });
      expect(res.status).toBe(status);
      expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
      expect(res.headers.get('openai-version')).toBe('2020-10-01');
    }
    const second = await post('openai', '/v1/chat/completions', { authorization: `Bearer ${key}` });
    expect(second.headers.get('x-ratelimit-limit-requests')).toBe('500');
    expect(second.headers.get('x-ratelimit-remaining-requests')).toBe('498');
    expect(second.headers.get('x-ratelimit-limit-tokens')).toBe('200000');
    expect(Number(second.headers.get('x-ratelimit-remaining-tokens'))).toBeLessThan(200_000);
    expect(second.headers.get('x-ratelimit-reset-requests')).toMatch(/^(\d+m)?\d+s$/);

    const anthropic = await post('anthropic', '/v1/messages', {
      'x-api-key': key,
      'anthropic-version': '2023-06-01',
    });
    expect(anthropic.status).toBe(200);
    expect(anthropic.headers.get('request-id')).toMatch(/^req_[\w-]+$/);
    for (const name of ['requests', 'tokens', 'input-tokens', 'output-tokens']) {
      expect(anthropic.headers.get(`anthropic-ratelimit-${name}-limit`), name).toMatch(/^\d+$/);
      expect(anthropic.headers.get(`anthropic-ratelimit-${name}-remaining`), name).toMatch(/^\d+$/);
      expect(anthropic.headers.get(`anthropic-ratelimit-${name}-reset`), name).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
      );
    }
    expect(anthropic.headers.get('anthropic-ratelimit-requests-remaining')).toBe('49');
  });

  it('Anthropic messages need max_tokens and answer with text blocks; no credit is a 402 billing_error', async () => {
    const headers = { 'x-api-key': 'sk-1', 'anthropic-version': '2023-06-01' };
    const message = {
      model: 'claude-haiku-4-5',
      system,
      messages: [{ role: 'user', content: 'launch day' }],
    };
    expect(
      await call('anthropic', '/v1/messages', { method: 'POST', headers, body: message }),
    ).toMatchObject({ status: 400, body: { error: { message: 'max_tokens: Field required' } } });
    const ok = await call('anthropic', '/v1/messages', {
      method: 'POST',
      headers,
      body: { ...message, max_tokens: 100 },
    });
    expect(ok.body).toMatchObject({
      type: 'message',
      role: 'assistant',
      content: [
        {
          type: 'text',
          text: 'Sandbox anthropic reply (task social_post, model claude-haiku-4-5): launch day',
        },
      ],
      stop_reason: 'end_turn',
    });
    const broke = await call('anthropic', '/v1/messages', {
      method: 'POST',
      headers: { ...headers, 'x-api-key': 'no-credit-key' },
      body: { ...message, max_tokens: 100 },
    });
    expect(broke).toMatchObject({
      status: 402,
      body: { type: 'error', error: { type: 'billing_error' } },
    });
  });

  it('Gemini generateContent reads systemInstruction and contents; no credit is RESOURCE_EXHAUSTED', async () => {
    const body = {
      systemInstruction: { parts: [{ text: system }] },
      contents: [{ role: 'user', parts: [{ text: 'launch day' }] }],
    };
    const ok = await call('gemini', '/v1beta/models/gemini-2.5-flash:generateContent', {
      method: 'POST',
      headers: { 'x-goog-api-key': 'sk-1' },
      body,
    });
    expect(ok.body).toMatchObject({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              {
                text: 'Sandbox gemini reply (task social_post, model gemini-2.5-flash): launch day',
              },
            ],
          },
          finishReason: 'STOP',
        },
      ],
    });
    const broke = await call('gemini', '/v1beta/models/gemini-2.5-flash:generateContent', {
      method: 'POST',
      headers: { 'x-goog-api-key': 'no-credit-key' },
      body,
    });
    expect(broke).toMatchObject({ status: 429, body: { error: { status: 'RESOURCE_EXHAUSTED' } } });
    expect(
      (
        await call('gemini', '/v1beta/models/gemini-9:generateContent', {
          method: 'POST',
          headers: { 'x-goog-api-key': 'sk-1' },
          body,
        })
      ).status,
    ).toBe(404);
  });
});
