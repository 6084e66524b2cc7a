import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../tests/sandbox/server';
import { PROVIDER_RETRY_POLICY } from '../lib/retry';
import { fetchProviderCatalogue } from './provider-catalogue';

// Each provider's models endpoint through the sandbox, which lists chat, speech, image and embedding models alike.

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

const deps = () => ({
  fetch: globalThis.fetch,
  baseUrls: sandbox.urls,
  timeoutMs: 1000,
  retry: { policy: PROVIDER_RETRY_POLICY, sleep: async () => {}, now: Date.now, random: () => 0 },
});
const ids = (entries: { id: string }[] | undefined) => entries?.map((e) => e.id);

describe('reading what a key can use', () => {
  it('keeps only the OpenAI models chat completions can run', async () => {
    const result = await fetchProviderCatalogue('openai', 'sk-live', deps());
    expect(result.ok && ids(result.models)).toEqual([
      'gpt-4.1-mini',
      'gpt-5-mini',
      'gpt-5.4',
      'gpt-5.4-mini',
    ]);
    expect(sandbox.apps.openai.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/models',
    ]);
  });

  it('keeps Anthropic models with their display names', async () => {
    const result = await fetchProviderCatalogue('anthropic', 'sk-live', deps());
    expect(result.ok && result.models).toEqual([
      { id: 'claude-fable-5-1', label: 'Claude Fable 5.1' },
      { id: 'claude-haiku-4-5-20251001', label: 'Claude Haiku 4.5' },
      { id: 'claude-haiku-5-5', label: 'Claude Haiku 5.5' },
      { id: 'claude-opus-4-5-20251101', label: 'Claude Opus 4.5' },
      { id: 'claude-opus-5-5', label: 'Claude Opus 5.5' },
      { id: 'claude-sonnet-4-5-20250929', label: 'Claude Sonnet 4.5' },
      { id: 'claude-sonnet-5-5', label: 'Claude Sonnet 5.5' },
    ]);
  });

  // The sandbox answers pages of two here (the fetch asks for two per page), so a reader of one page would miss models.
  const pagesOfTwo = (): typeof fetch => (input, init) =>
    globalThis.fetch(
      String(input).replace('limit=1000', 'limit=2').replace('pageSize=1000', 'pageSize=2'),
      init,
    );

  it('follows Anthropic pages (after_id = last_id while has_more)', async () => {
    const whole = await fetchProviderCatalogue('anthropic', 'sk-live', deps());
    sandbox.apps.anthropic.requests.length = 0;
    const paged = await fetchProviderCatalogue('anthropic', 'sk-live', {
      ...deps(),
      fetch: pagesOfTwo(),
    });
    expect(paged).toEqual(whole);
    expect(sandbox.apps.anthropic.requests.length).toBe(4);
  });

  it('follows Gemini pages (pageToken = nextPageToken)', async () => {
    const whole = await fetchProviderCatalogue('gemini', 'sk-live', deps());
    sandbox.apps.gemini.requests.length = 0;
    const paged = await fetchProviderCatalogue('gemini', 'sk-live', {
      ...deps(),
      fetch: pagesOfTwo(),
    });
    expect(paged).toEqual(whole);
    expect(sandbox.apps.gemini.requests.length).toBe(3);
  });

  it('keeps the Gemini models that generate content, without speech or embedding models', async () => {
    const result = await fetchProviderCatalogue('gemini', 'sk-live', deps());
    expect(result.ok && ids(result.models)).toEqual([
      'gemini-2.5-flash',
      'gemini-2.5-flash-lite',
      'gemini-2.5-pro',
    ]);
  });

  it('keeps the ElevenLabs text-to-speech models and the voices', async () => {
    const result = await fetchProviderCatalogue('elevenlabs', 'sk-live', deps());
    expect(result.ok && ids(result.models)).toEqual([
      'eleven_flash_v2_5',
      'eleven_multilingual_v2',
      'eleven_turbo_v2',
      'eleven_turbo_v2_5',
      'eleven_v3',
    ]);
    expect(result.ok && result.voices).toContainEqual({
      id: '21m00Tcm4TlvDq8ikWAM',
      label: 'Rachel',
    });
    expect(sandbox.apps.elevenlabs.requests.map((r) => r.path)).toEqual([
      '/v1/models',
      '/v1/voices',
    ]);
  });

  it.each(['openai', 'anthropic', 'gemini', 'elevenlabs'] as const)(
    'reports a key %s refuses as invalid',
    async (provider) => {
      expect(await fetchProviderCatalogue(provider, 'bad-key', deps())).toMatchObject({
        ok: false,
        failure: { reason: 'invalid_key' },
      });
    },
  );

  it('reports a provider that keeps failing as unavailable', async () => {
    sandbox.apps.openai.faults.add({ path: '/v1/models', status: 503, times: 10 });
    expect(await fetchProviderCatalogue('openai', 'sk-live', deps())).toMatchObject({
      ok: false,
      failure: { reason: 'unavailable' },
    });
  });
});
