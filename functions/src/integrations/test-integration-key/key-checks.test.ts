import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { integrationProvider, integrationTypes, type IntegrationType } from '@core/integrations';
import { startSandbox, type Sandbox } from '../../../../tests/sandbox/server';
import { PROVIDER_RETRY_POLICY } from '../../lib/retry';
import { checkKey, keyChecks } from './key-checks';

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

const deps = () => ({
  fetch: globalThis.fetch,
  baseUrls: sandbox.urls,
  timeoutMs: 1000,
  retry: {
    policy: PROVIDER_RETRY_POLICY,
    sleep: async (ms: number) => void slept.push(ms),
    now: Date.now,
    random: () => 0,
  },
});

// LLM model lists do not look at credit (true of the real APIs too): out of credit shows when generating.
const noCreditStatus: Record<IntegrationType, string> = {
  blackforest: 'no_credit',
  lumaai: 'no_credit',
  elevenlabs: 'no_credit',
  openai: 'ok',
  anthropic: 'ok',
  gemini: 'ok',
};

describe.each(integrationTypes)('testing a %s key', (type) => {
  const app = () => sandbox.apps[integrationProvider[type]];

  it('says ok for a working key, with one request to the documented path', async () => {
    expect(await checkKey(type, 'sandbox-live-key-0001', deps())).toEqual({
      status: 'ok',
      attempts: 1,
    });
    expect(app().requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${keyChecks[type].path}`,
    ]);
  });

  it('says invalid for a refused key, without retrying', async () => {
    expect(await checkKey(type, 'bad-key', deps())).toMatchObject({
      status: 'invalid',
      attempts: 1,
    });
  });

  it('reports an account without credit where the provider shows it', async () => {
    expect((await checkKey(type, 'no-credit-key', deps())).status).toBe(noCreditStatus[type]);
  });

  it('retries a 429 then says ok', async () => {
    app().faults.add({ path: keyChecks[type].path, status: 429, retryAfterSeconds: 1 });
    expect(await checkKey(type, 'sandbox-live-key-0001', deps())).toEqual({
      status: 'ok',
      attempts: 2,
    });
    expect(slept).toEqual([1000]);
  });

  it('says rate_limited when the provider keeps refusing with 429', async () => {
    app().faults.add({ path: keyChecks[type].path, status: 429, times: 10 });
    expect(await checkKey(type, 'sandbox-live-key-0001', deps())).toMatchObject({
      status: 'rate_limited',
      attempts: 4,
    });
  });

  it('says unavailable after repeated 500s', async () => {
    app().faults.add({ path: keyChecks[type].path, status: 500, times: 10 });
    expect(await checkKey(type, 'sandbox-live-key-0001', deps())).toMatchObject({
      status: 'unavailable',
      attempts: 4,
    });
  });

  it('says unavailable for an unreadable answer or a hang', async () => {
    app().faults.add({ path: keyChecks[type].path, malformed: true });
    expect((await checkKey(type, 'sandbox-live-key-0001', deps())).status).toBe('unavailable');
    app().faults.add({ path: keyChecks[type].path, delayMs: 1500, status: 200, body: {} });
    expect(await checkKey(type, 'sandbox-live-key-0001', deps())).toMatchObject({
      status: 'unavailable',
      attempts: 1,
      failure: { code: 'timeout' },
    });
  });
});

it('counts a restricted ElevenLabs key that cannot read the account as working', async () => {
  sandbox.apps.elevenlabs.faults.add({
    path: '/v1/user',
    status: 401,
    body: {
      detail: {
        status: 'missing_permissions',
        message: 'The API key you used is missing the permission user_read.',
      },
    },
  });
  expect((await checkKey('elevenlabs', 'sandbox-restricted-key', deps())).status).toBe('ok');
});
