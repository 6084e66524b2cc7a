import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gradientPng } from '../../../../tests/sandbox/providers/png';
import { startSandbox, type Sandbox } from '../../../../tests/sandbox/server';
import { PROVIDER_RETRY_POLICY } from '../../lib/retry';
import { bflMessages, createBflImageGenerator, fitFluxProSize, trustedPollingUrl } from './bfl';
import type { ImageOperation } from './image-generator';

// Against the in-process BFL sandbox, on a fake clock: sleeping advances time instantly.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

let clock = 0;
let slept: number[] = [];
let sent: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: Record<string, unknown>;
}[] = [];
beforeEach(() => {
  clock = 1_000_000;
  slept = [];
  sent = [];
  sandbox.apps.bfl.faults.clear();
  sandbox.apps.bfl.requests.length = 0;
});

const recordingFetch: typeof fetch = async (input, init) => {
  const headers = Object.fromEntries(new Headers(init?.headers).entries());
  sent.push({
    url: String(input),
    method: init?.method ?? 'GET',
    headers,
    body:
      typeof init?.body === 'string'
        ? (JSON.parse(init.body) as Record<string, unknown>)
        : undefined,
  });
  return fetch(input, init);
};

const KEY = 'sandbox-bfl-key-0001';
function generator(apiKey = KEY) {
  return createBflImageGenerator({
    apiKey,
    baseUrl: sandbox.urls.bfl,
    fetch: recordingFetch,
    retry: {
      policy: PROVIDER_RETRY_POLICY,
      sleep: async (ms) => {
        slept.push(ms);
        clock += ms;
      },
      now: () => clock,
      random: () => 0,
    },
    submitTimeoutMs: 5000,
    pollTimeoutMs: 5000,
  });
}

const text = (prompt: string, size = { width: 1024, height: 768 }): ImageOperation => ({
  kind: 'text',
  prompt,
  ...size,
  steps: 40,
  guidance: 2.5,
  promptUpsampling: false,
});
const png = gradientPng(64, 48, 'input');

async function generate(op: ImageOperation, apiKey = KEY) {
  const g = generator(apiKey);
  const submitted = await g.submit(op);
  if (!submitted.ok) return { submitted, waited: undefined };
  return { submitted, waited: await g.waitForResult(submitted.task) };
}

describe('BFL requests', () => {
  it('submits text to image to /v1/flux-pro-1.1 with the documented body and the key in x-key', async () => {
    const { submitted, waited } = await generate(text('a lighthouse at dusk'));
    expect(submitted).toMatchObject({ ok: true, model: 'flux-pro-1.1', attempts: 1 });
    expect(sent[0]).toMatchObject({
      url: `${sandbox.urls.bfl}/v1/flux-pro-1.1`,
      method: 'POST',
      headers: { 'x-key': KEY, 'content-type': 'application/json' },
    });
    expect(sent[0]!.body).toEqual({
      prompt: 'a lighthouse at dusk',
      width: 1024,
      height: 768,
      steps: 40,
      guidance: 2.5,
      prompt_upsampling: false,
      model: 'flux-pro-1.1',
      ultra_mode: false,
      raw_mode: false,
      output_format: 'png',
    });
    expect(waited).toMatchObject({
      ok: true,
      sampleUrl: expect.stringContaining('/delivery/'),
      polls: 2,
    });
  });

  it('polls the polling_url it was given, with the key, every 3 seconds', async () => {
    const { submitted } = await generate(text('a cat [pending:2]'));
    const polls = sent.slice(1);
    expect(polls.map((p) => p.url)).toEqual(
      Array(3).fill(submitted.ok ? submitted.task.pollingUrl : ''),
    );
    expect(polls.every((p) => p.method === 'GET' && p.headers['x-key'] === KEY)).toBe(true);
    expect(slept).toEqual([3000, 3000, 3000]);
  });

  it('sends image to image to Kontext with input_image as base64', async () => {
    const { waited } = await generate({
      kind: 'edit',
      prompt: 'make it night',
      inputImage: png,
      steps: 40,
      promptUpsampling: false,
    });
    expect(sent[0]!.url).toBe(`${sandbox.urls.bfl}/v1/flux-kontext-pro`);
    expect(sent[0]!.body).toEqual({
      prompt: 'make it night',
      input_image: png.toString('base64'),
      prompt_upsampling: false,
      output_format: 'png',
    });
    expect(waited?.ok).toBe(true);
  });

  it.each(['canny', 'depth'] as const)(
    'sends a control image to the %s tool as control_image',
    async (control) => {
      const { waited } = await generate({
        kind: 'control',
        control,
        prompt: 'a house',
        controlImage: png,
        steps: 30,
        promptUpsampling: true,
      });
      expect(sent[0]!.url).toBe(`${sandbox.urls.bfl}/v1/flux-pro-1.0-${control}`);
      expect(sent[0]!.body).toEqual({
        prompt: 'a house',
        control_image: png.toString('base64'),
        steps: 30,
        prompt_upsampling: true,
        output_format: 'png',
      });
      expect(waited?.ok).toBe(true);
    },
  );

  it.each([
    [1024, 768, 1024, 768],
    [1440, 1440, 1440, 1440],
    [2048, 2048, 1440, 1440],
    [2048, 1536, 1440, 1056],
    [512, 2048, 352, 1440],
  ])('fits %ix%i into what flux-pro-1.1 takes: %ix%i', (w, h, fw, fh) => {
    expect(fitFluxProSize(w, h)).toEqual({ width: fw, height: fh });
  });

  it('asks the provider for a size it accepts when the form asks for more than 1440', async () => {
    const { submitted } = await generate(text('wide', { width: 2048, height: 1536 }));
    expect(submitted.ok).toBe(true);
    expect(sent[0]!.body).toMatchObject({ width: 1440, height: 1056 });
  });
});

describe('BFL result statuses', () => {
  it('maps Error to a failure with the provider text, without retrying', async () => {
    const { waited } = await generate(text('a cat [error]'));
    expect(waited).toEqual({
      ok: false,
      failure: {
        code: 'provider_error',
        message: 'Sandbox generation error ([error] in the prompt)',
      },
      polls: 2,
    });
  });

  it.each([
    ['[moderated]', bflMessages.contentModerated],
    ['[request-moderated]', bflMessages.requestModerated],
  ])('maps %s to a moderation failure', async (tag, message) => {
    expect((await generate(text(`a cat ${tag}`))).waited).toMatchObject({
      ok: false,
      failure: { code: 'moderated', message },
    });
  });

  it('reports progress on every Pending answer, and stops when the caller says so', async () => {
    const g = generator();
    const submitted = await g.submit(text('slow [pending:4]'));
    if (!submitted.ok) throw new Error('submit failed');
    const seen: (number | null)[] = [];
    await expect(
      g.waitForResult(submitted.task, async ({ progress }) => {
        seen.push(progress);
        if (seen.length === 2) throw new Error('cancelled');
      }),
    ).rejects.toThrow('cancelled');
    expect(seen).toEqual([20, 40]);
  });

  it('times out after 60 seconds of Pending, with 20 polls', async () => {
    const { waited } = await generate(text('forever [pending:500]'));
    expect(waited).toEqual({
      ok: false,
      failure: { code: 'timeout', message: bflMessages.timeout },
      polls: 20,
    });
    expect(slept.reduce((a, b) => a + b, 0)).toBe(63_000);
  });

  it('polls a resumed task once even when its time is up', async () => {
    const g = generator();
    const submitted = await g.submit(text('late [pending:0]'));
    if (!submitted.ok) throw new Error('submit failed');
    const waited = await g.waitForResult({ ...submitted.task, submittedAt: clock - 120_000 });
    expect(waited).toMatchObject({ ok: true, polls: 1 });
  });
});

describe('BFL failed polls', () => {
  it('retries a failed poll up to 3 times, then goes on', async () => {
    sandbox.apps.bfl.faults.add({ path: '/v1/get_result', status: 500, times: 3 });
    const { waited } = await generate(text('a cat [pending:0]'));
    expect(waited).toMatchObject({ ok: true, polls: 4 });
  });

  it('fails with the message of the fourth failed poll in a row', async () => {
    sandbox.apps.bfl.faults.add({ path: '/v1/get_result', status: 500, times: 4 });
    const { waited } = await generate(text('a cat [pending:0]'));
    expect(waited).toEqual({
      ok: false,
      failure: {
        code: 'provider_error',
        message: 'Failed to get generation result: sandbox fault 500',
        status: 500,
      },
      polls: 4,
    });
  });

  it('names the HTTP status, never the body, when a failed poll has no message', async () => {
    const page = `<html><body>${'<p>upstream error</p>'.repeat(200)}</body></html>`;
    sandbox.apps.bfl.faults.add({ path: '/v1/get_result', status: 502, body: page, times: 4 });
    const { waited } = await generate(text('a cat [pending:0]'));
    expect(waited).toMatchObject({
      ok: false,
      failure: {
        message: 'Failed to get generation result: Black Forest Labs answered with HTTP 502',
      },
    });
  });

  it('counts a malformed answer as a failed poll', async () => {
    sandbox.apps.bfl.faults.add({ path: '/v1/get_result', malformed: true, times: 2 });
    expect((await generate(text('a cat [pending:0]'))).waited).toMatchObject({
      ok: true,
      polls: 3,
    });
    sandbox.apps.bfl.faults.add({ path: '/v1/get_result', malformed: true, times: 4 });
    expect((await generate(text('a cat [pending:0]'))).waited).toMatchObject({
      ok: false,
      failure: {
        message: 'Failed to get generation result: Black Forest Labs sent an unreadable answer',
      },
    });
  });

  it('only a run of failures counts: a good answer in between starts the count again', async () => {
    sandbox.apps.bfl.faults.add({ path: '/v1/get_result', status: 502, times: 3 });
    const g = generator();
    const submitted = await g.submit(text('a cat [pending:2]'));
    if (!submitted.ok) throw new Error('submit failed');
    // 3 failures, Pending, Pending, then 3 more failures and Ready.
    let injected = false;
    const waited = await g.waitForResult(submitted.task, async () => {
      if (!injected) sandbox.apps.bfl.faults.add({ path: '/v1/get_result', status: 502, times: 3 });
      injected = true;
    });
    expect(waited).toMatchObject({ ok: true, polls: 9 });
  });
});

describe('BFL submit errors', () => {
  it.each([
    ['bad-key', 'invalid_key', bflMessages.invalidKey],
    ['no-credit-key', 'no_credit', bflMessages.noCredit],
  ])('%s fails at once as %s', async (key, code, message) => {
    const { submitted } = await generate(text('x'), key);
    expect(submitted).toEqual({
      ok: false,
      failure: { code, message, status: code === 'no_credit' ? 402 : 403 },
      attempts: 1,
    });
  });

  it('waits out a 429 and submits again', async () => {
    sandbox.apps.bfl.faults.add({ path: '/v1/flux-pro-1.1', status: 429, retryAfterSeconds: 2 });
    const { submitted, waited } = await generate(text('x'));
    expect(submitted).toMatchObject({ ok: true, attempts: 2 });
    expect(slept[0]).toBe(2000);
    expect(waited?.ok).toBe(true);
  });

  it('says rate limited when 429 persists', async () => {
    sandbox.apps.bfl.faults.add({ path: '/v1/flux-pro-1.1', status: 429, times: 10 });
    expect((await generate(text('x'))).submitted).toEqual({
      ok: false,
      failure: { code: 'rate_limited', message: bflMessages.rateLimited, status: 429 },
      attempts: 4,
    });
  });

  it('reports a 500 with the provider message after one request (a retry could be charged twice)', async () => {
    sandbox.apps.bfl.faults.add({
      path: '/v1/flux-pro-1.1',
      status: 500,
      body: { detail: 'Internal Server Error' },
    });
    expect((await generate(text('x'))).submitted).toEqual({
      ok: false,
      failure: {
        code: 'provider_error',
        message: 'Failed to generate image: Internal Server Error',
        status: 500,
      },
      attempts: 1,
    });
  });

  it('cuts a long provider message to 200 characters', async () => {
    sandbox.apps.bfl.faults.add({
      path: '/v1/flux-pro-1.1',
      status: 500,
      body: { detail: 'overloaded '.repeat(100) },
    });
    const { submitted } = await generate(text('x'));
    const message = submitted.ok ? '' : submitted.failure.message;
    expect(message.replace('Failed to generate image: ', '')).toHaveLength(200);
  });

  it('retries a 503 from the gateway', async () => {
    sandbox.apps.bfl.faults.add({ path: '/v1/flux-pro-1.1', status: 503 });
    expect((await generate(text('x'))).submitted).toMatchObject({ ok: true, attempts: 2 });
  });

  it('fails on a malformed submit answer without echoing it', async () => {
    sandbox.apps.bfl.faults.add({ path: '/v1/flux-pro-1.1', malformed: true });
    expect((await generate(text('x'))).submitted).toMatchObject({
      ok: false,
      failure: { code: 'provider_error', message: bflMessages.noTaskId },
    });
  });

  it('passes on the messages of a validation error, not its body', async () => {
    const { submitted } = await generate({
      kind: 'control',
      control: 'canny',
      prompt: 'x',
      controlImage: Buffer.alloc(0),
      steps: 30,
      promptUpsampling: false,
    });
    expect(submitted).toMatchObject({
      ok: false,
      failure: {
        code: 'provider_error',
        status: 422,
        message: expect.stringMatching(/^Failed to generate image: [^{[]+$/),
      },
    });
  });
});

describe('BFL helpers', () => {
  it.each([
    [
      'the configured host',
      'http://127.0.0.1:28720/v1/get_result?id=1',
      'http://127.0.0.1:28720/v1/get_result?id=1',
    ],
    [
      'a BFL regional host',
      'https://api.us1.bfl.ai/v1/get_result?id=1',
      'https://api.us1.bfl.ai/v1/get_result?id=1',
    ],
    ['BFL over plain http', 'http://api.us1.bfl.ai/v1/get_result?id=1', null],
    ['another host', 'https://evil.example/v1/get_result?id=1', null],
    ['a look-alike host', 'https://api.bfl.ai.evil.example/x', null],
    ['credentials in the URL', 'https://user:pw@api.bfl.ai/x', null],
    ['not a URL', 'nope', null],
  ])('trusts a polling URL on %s: %s', (_label, given, expected) => {
    expect(trustedPollingUrl('http://127.0.0.1:28720', given)).toBe(expected);
  });
});
