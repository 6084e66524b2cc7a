import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LlmIntegrationType } from '@core/integrations';
import { startSandbox, type Sandbox } from '../../../../tests/sandbox/server';
import { PROVIDER_RETRY_POLICY } from '../../lib/retry';
import { createTextGeneratorFactory } from './create-text-generator';
import type { TextRequest } from './text-generator';

// The three SDK-backed generators against the provider sandbox: documented requests, error bodies and faults.

let sandbox: Sandbox;
let slept: number[] = [];
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  slept = [];
  for (const app of Object.values(sandbox.apps)) {
    app.faults.clear();
    app.requests.length = 0;
  }
});

const generators = () =>
  createTextGeneratorFactory({
    baseUrls: sandbox.urls,
    timeoutMs: 2000,
    // Real requests, recorded waits: the policy is the shipped one.
    retry: {
      policy: PROVIDER_RETRY_POLICY,
      sleep: async (ms) => void slept.push(ms),
      now: Date.now,
      random: () => 0,
    },
  });

const models: Record<LlmIntegrationType, string> = {
  openai: 'gpt-5.4-mini',
  anthropic: 'claude-haiku-4-5',
  gemini: 'gemini-2.5-flash',
};
const generationPath: Record<LlmIntegrationType, string> = {
  openai: '/v1/chat/completions',
  anthropic: '/v1/messages',
  gemini: '/v1beta/models/gemini-2.5-flash:generateContent',
};
const request = (provider: LlmIntegrationType): TextRequest => ({
  model: models[provider],
  system: 'Task: enhance (image).\nReply with the improved prompt only.',
  prompt: 'a lighthouse at dusk',
  maxOutputTokens: 200,
  temperature: 0.7,
});
const providersUnderTest: LlmIntegrationType[] = ['openai', 'anthropic', 'gemini'];
const requestsTo = (provider: LlmIntegrationType) =>
  sandbox.apps[provider].requests.filter((r) => r.path === generationPath[provider]).length;

describe.each(providersUnderTest)('%s text generator', (provider) => {
  it('returns the generated text with one request', async () => {
    const outcome = await generators()(provider, 'sk-sandbox-good').generate(request(provider));
    expect(outcome).toEqual({
      ok: true,
      text: `Sandbox ${provider} reply (task enhance, model ${models[provider]}): a lighthouse at dusk`,
      attempts: 1,
    });
    expect(requestsTo(provider)).toBe(1);
  });

  it('reports a refused key without retrying', async () => {
    const outcome = await generators()(provider, 'bad-key').generate(request(provider));
    expect(outcome).toMatchObject({
      ok: false,
      failure: { reason: 'invalid_key', retryable: false },
      attempts: 1,
    });
    expect(requestsTo(provider)).toBe(1);
  });

  it('reports an account out of credit without retrying', async () => {
    const outcome = await generators()(provider, 'no-credit-key').generate(request(provider));
    expect(outcome).toMatchObject({
      ok: false,
      failure: { reason: 'no_credit', retryable: false },
      attempts: 1,
    });
    expect(requestsTo(provider)).toBe(1);
  });

  it('retries a 429 and succeeds on the second request', async () => {
    sandbox.apps[provider].faults.add({
      path: generationPath[provider],
      status: 429,
      retryAfterSeconds: 1,
      times: 1,
    });
    const outcome = await generators()(provider, 'sk-sandbox-good').generate(request(provider));
    expect(outcome).toMatchObject({ ok: true, attempts: 2 });
    expect(requestsTo(provider)).toBe(2);
    // Gemini's SDK hides response headers, so its wait is our own backoff; the others honour Retry-After.
    expect(slept).toEqual([provider === 'gemini' ? 250 : 1000]);
  });

  it('retries 500s with exponential backoff, then succeeds', async () => {
    sandbox.apps[provider].faults.add({ path: generationPath[provider], status: 500, times: 2 });
    const outcome = await generators()(provider, 'sk-sandbox-good').generate(request(provider));
    expect(outcome).toMatchObject({ ok: true, attempts: 3 });
    expect(slept).toEqual([250, 500]);
  });

  it('gives up after four requests when the provider keeps failing', async () => {
    sandbox.apps[provider].faults.add({ path: generationPath[provider], status: 503, times: 10 });
    const outcome = await generators()(provider, 'sk-sandbox-good').generate(request(provider));
    expect(outcome).toMatchObject({ ok: false, failure: { reason: 'unavailable' }, attempts: 4 });
    expect(requestsTo(provider)).toBe(4);
  });

  it('never retries another 4xx', async () => {
    sandbox.apps[provider].faults.add({ path: generationPath[provider], status: 400, times: 5 });
    const outcome = await generators()(provider, 'sk-sandbox-good').generate(request(provider));
    expect(outcome).toMatchObject({
      ok: false,
      failure: { reason: 'rejected', status: 400 },
      attempts: 1,
    });
    expect(requestsTo(provider)).toBe(1);
  });

  it('gives up at once when Retry-After asks for a longer wait than the cap', async () => {
    if (provider === 'gemini') return; // no headers through the Gemini SDK (see above)
    sandbox.apps[provider].faults.add({
      path: generationPath[provider],
      status: 429,
      retryAfterSeconds: 60,
      times: 1,
    });
    const outcome = await generators()(provider, 'sk-sandbox-good').generate(request(provider));
    expect(outcome).toMatchObject({ ok: false, failure: { reason: 'rate_limited' }, attempts: 1 });
    expect(slept).toEqual([]);
  });

  it('treats an unreadable answer as unavailable, without retrying', async () => {
    sandbox.apps[provider].faults.add({ path: generationPath[provider], malformed: true });
    const outcome = await generators()(provider, 'sk-sandbox-good').generate(request(provider));
    expect(outcome).toMatchObject({ ok: false, failure: { reason: 'unavailable' }, attempts: 1 });
  });

  it('times out a hanging provider', async () => {
    sandbox.apps[provider].faults.add({
      path: generationPath[provider],
      delayMs: 3000,
      status: 200,
      body: {},
    });
    const outcome = await generators()(provider, 'sk-sandbox-good').generate(request(provider));
    expect(outcome).toMatchObject({
      ok: false,
      failure: { reason: 'unavailable', code: 'timeout' },
      attempts: 1,
    });
  });

  it('reports a model the provider does not offer as rejected with 404', async () => {
    const outcome = await generators()(provider, 'sk-sandbox-good').generate({
      ...request(provider),
      model: 'no-such-model',
    });
    expect(outcome).toMatchObject({
      ok: false,
      failure: { reason: 'rejected', status: 404 },
      attempts: 1,
    });
  });
});

describe('Gemini rate limits', () => {
  it('waits the RetryInfo delay from the error body', async () => {
    sandbox.apps.gemini.faults.add({
      path: generationPath.gemini,
      status: 429,
      body: {
        error: {
          code: 429,
          message: 'Resource has been exhausted (e.g. check quota).',
          status: 'RESOURCE_EXHAUSTED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '2s' }],
        },
      },
    });
    const outcome = await generators()('gemini', 'sk-sandbox-good').generate(request('gemini'));
    expect(outcome).toMatchObject({ ok: true, attempts: 2 });
    expect(slept).toEqual([2000]);
  });
});
