import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../../tests/sandbox/server';
import { PROVIDER_RETRY_POLICY } from '../../lib/retry';
import { createLumaVideoGenerator, lumaFailure, lumaMessages } from './luma';

// The official Luma SDK against the in-process sandbox, on a fake clock: sleeping advances time instantly.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

let clock = 0;
let sent: { url: string; method: string; auth: string | null; body?: Record<string, unknown> }[] =
  [];
beforeEach(() => {
  clock = 1_000_000;
  sent = [];
  sandbox.apps.luma.faults.clear();
});

const recordingFetch: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  sent.push({
    url: String(input),
    method: init?.method ?? 'GET',
    auth: headers.get('authorization'),
    body:
      typeof init?.body === 'string'
        ? (JSON.parse(init.body) as Record<string, unknown>)
        : undefined,
  });
  return fetch(input, init);
};

function generator(
  apiKey = 'luma-key-0001',
  polling?: { intervalMs: number; maxDurationMs: number; retries: number },
) {
  return createLumaVideoGenerator({
    apiKey,
    baseUrl: sandbox.urls.luma,
    fetch: recordingFetch,
    retry: {
      policy: PROVIDER_RETRY_POLICY,
      sleep: async (ms) => void (clock += ms),
      now: () => clock,
      random: () => 0.5,
    },
    requestTimeoutMs: 5000,
    polling,
  });
}

describe('createLumaVideoGenerator', () => {
  it('creates a ray-2 generation with the Bearer key and waits through queued and dreaming to the video', async () => {
    const g = generator();
    const submitted = await g.submit({ prompt: 'a drone shot over cliffs [pending:3]' });
    expect(submitted.ok).toBe(true);
    if (!submitted.ok) return;
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: `${sandbox.urls.luma}/dream-machine/v1/generations/video`,
      auth: 'Bearer luma-key-0001',
      body: { prompt: 'a drone shot over cliffs [pending:3]', model: 'ray-2' },
    });
    const states: string[] = [];
    const waited = await g.waitForResult(
      submitted.task,
      async ({ state }) => void states.push(state),
    );
    expect(states).toEqual(['queued', 'dreaming', 'dreaming']);
    expect(waited).toMatchObject({
      ok: true,
      polls: 4,
      videoUrl: expect.stringMatching(/\/video\.mp4$/),
      posterUrl: expect.stringMatching(/\/image\.png$/),
    });
  });

  it('reports a failed generation with its failure reason', async () => {
    const g = generator();
    const submitted = await g.submit({ prompt: 'x [error] [pending:0]' });
    if (!submitted.ok) throw new Error('submit failed');
    expect(await g.waitForResult(submitted.task)).toMatchObject({
      ok: false,
      failure: {
        code: 'provider_error',
        message: 'Failed to generate video: Sandbox generation failed ([error] in the prompt)',
      },
    });
  });

  it.each([
    ['bad-key', '', 'invalid_key', lumaMessages.invalidKey],
    ['no-credit-key', '', 'no_credit', lumaMessages.noCredit],
    ['luma-key', '[submit-status:500]', 'provider_error', 'Failed to generate video'],
    [
      'luma-key',
      '[submit-status:400]',
      'provider_error',
      'Failed to generate video: sandbox create fault 400',
    ],
  ])('maps a refused create (key %s %s) to %s', async (key, tag, code, message) => {
    expect(await generator(key).submit({ prompt: `x ${tag}` })).toEqual({
      ok: false,
      failure: expect.objectContaining({ code, message }),
    });
  });

  it('retries a 429 on create, honouring Retry-After, then succeeds', async () => {
    sandbox.apps.luma.faults.add({
      path: '/dream-machine/v1/generations',
      method: 'POST',
      status: 429,
      retryAfterSeconds: 2,
    });
    const before = clock;
    expect((await generator().submit({ prompt: 'retry me' })).ok).toBe(true);
    expect(clock - before).toBe(2000);
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(2);
  });

  it('retries failed polls up to 3 times in a row, and gives up after the time limit', async () => {
    const g = generator('luma-key', { intervalMs: 3000, maxDurationMs: 30_000, retries: 3 });
    const submitted = await g.submit({ prompt: 'forever [pending:1000]' });
    if (!submitted.ok) throw new Error('submit failed');
    sandbox.apps.luma.faults.add({
      path: '/dream-machine/v1/generations/',
      method: 'GET',
      status: 500,
      times: 3,
    });
    const waited = await g.waitForResult(submitted.task);
    expect(waited).toMatchObject({
      ok: false,
      failure: { code: 'timeout', message: lumaMessages.timeout },
    });
    expect(waited.polls).toBe(10);
  });

  it.each<[string, unknown, string]>([
    [
      'a detail string',
      { detail: 'prompt is required' },
      'Failed to generate video: prompt is required',
    ],
    [
      'validation messages',
      { detail: [{ loc: ['body', 'prompt'], msg: 'Field required' }] },
      'Failed to generate video: Field required',
    ],
    ['a body without a detail', { error_page: '<html>...</html>' }, lumaMessages.failed],
    ['a bare string body', '<html><body>Bad Request</body></html>', lumaMessages.failed],
  ])('shows only the message of %s', (_label, body, message) => {
    expect(lumaFailure(400, body, 'luma-key').message).toBe(message);
  });

  it('never puts the key in a message', () => {
    expect(
      lumaFailure(400, { detail: 'key secret-key-1234 is odd' }, 'secret-key-1234').message,
    ).toBe('Failed to generate video: key **** is odd');
  });
});
