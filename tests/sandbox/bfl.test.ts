import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gradientPng, pngSize } from './providers/png';
import { startSandbox, type Sandbox } from './server';

// The BFL sandbox speaks the documented asynchronous API: submit, poll get_result, fetch the sample.

let sandbox: Sandbox;
let base: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  base = sandbox.urls.bfl;
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  sandbox.apps.bfl.faults.clear();
  await fetch(`${base}/__sandbox/bfl/defaults`, { method: 'DELETE' });
});

const KEY = 'sandbox-bfl-key-0001';

async function submit(model: string, body: unknown, key: string | null = KEY) {
  const res = await fetch(`${base}/v1/${model}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-key': key } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function poll(url: string, key = KEY) {
  const res = await fetch(url, { headers: { 'x-key': key } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function pollUntilDone(url: string) {
  const seen: string[] = [];
  for (let i = 0; i < 20; i++) {
    const { body } = await poll(url);
    seen.push(String(body.status));
    if (body.status !== 'Pending') return { seen, last: body };
  }
  throw new Error('never finished');
}

describe('PNG maker', () => {
  it('makes a valid PNG of the asked size, the same bytes for the same seed', () => {
    const a = gradientPng(96, 64, 'a lighthouse');
    expect(pngSize(a)).toEqual({ width: 96, height: 64 });
    expect(gradientPng(96, 64, 'a lighthouse').equals(a)).toBe(true);
    expect(gradientPng(96, 64, 'a forest').equals(a)).toBe(false);
  });
});

describe('BFL text to image', () => {
  it('answers an id and polling URL, one Pending, then Ready with a sample that is a real PNG of the size asked', async () => {
    const created = await submit('flux-pro-1.1', {
      prompt: 'a lighthouse',
      width: 1024,
      height: 768,
      output_format: 'png',
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      polling_url: `${base}/v1/get_result?id=${created.body.id}`,
    });
    const { seen, last } = await pollUntilDone(String(created.body.polling_url));
    expect(seen).toEqual(['Pending', 'Ready']);
    const sample = (last.result as { sample: string }).sample;
    const image = await fetch(sample);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(pngSize(Buffer.from(await image.arrayBuffer()))).toEqual({ width: 1024, height: 768 });
  });

  it.each([
    ['[pending:3]', 3],
    ['[slow]', 5],
    ['[pending:0]', 0],
  ])('a prompt with %s answers Pending %i times', async (tag, pending) => {
    const created = await submit('flux-pro-1.1', { prompt: `a cat ${tag}` });
    const { seen } = await pollUntilDone(String(created.body.polling_url));
    expect(seen).toEqual([...Array<string>(pending).fill('Pending'), 'Ready']);
  });

  it('takes the default number of Pending answers from the control API', async () => {
    await fetch(`${base}/__sandbox/bfl/defaults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pendingPolls: 2 }),
    });
    const created = await submit('flux-pro-1.1', { prompt: 'a cat' });
    expect((await pollUntilDone(String(created.body.polling_url))).seen).toEqual([
      'Pending',
      'Pending',
      'Ready',
    ]);
  });

  it('holds a task tagged [hold:NAME] Pending until NAME is released, then answers as without it', async () => {
    const created = await submit('flux-pro-1.1', { prompt: 'a cat [hold:bfl-cat] [pending:1]' });
    const url = String(created.body.polling_url);
    for (let i = 0; i < 4; i++)
      expect((await poll(url)).body).toMatchObject({ status: 'Pending', progress: 0 });
    expect((await fetch(`${base}/__sandbox/holds/bfl-cat`, { method: 'DELETE' })).status).toBe(204);
    expect((await pollUntilDone(url)).seen).toEqual(['Pending', 'Ready']);
  });

  it('does not hold a task whose hold was released before it was made, nor one made 60 s ago', async () => {
    await fetch(`${base}/__sandbox/holds/bfl-early`, { method: 'DELETE' });
    const early = await submit('flux-pro-1.1', { prompt: 'a cat [hold:bfl-early] [pending:0]' });
    expect((await pollUntilDone(String(early.body.polling_url))).seen).toEqual(['Ready']);
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    try {
      const forgotten = await submit('flux-pro-1.1', {
        prompt: 'a cat [hold:bfl-forgotten] [pending:0]',
      });
      const url = String(forgotten.body.polling_url);
      expect((await poll(url)).body.status).toBe('Pending');
      vi.setSystemTime(now + 60_000);
      expect((await poll(url)).body.status).toBe('Ready');
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['[error]', 'Error', { result: { error: expect.any(String) } }],
    ['[moderated]', 'Content Moderated', { details: { 'Moderation Reasons': expect.any(Array) } }],
    [
      '[request-moderated]',
      'Request Moderated',
      { details: { 'Moderation Reasons': expect.any(Array) } },
    ],
  ])('a prompt with %s ends with status %s', async (tag, status, extra) => {
    const created = await submit('flux-pro-1.1', { prompt: `a cat ${tag}` });
    const { last } = await pollUntilDone(String(created.body.polling_url));
    expect(last).toMatchObject({ status, ...extra });
  });

  it('refuses sizes the API does not take, the way FastAPI does', async () => {
    const res = await submit('flux-pro-1.1', { prompt: 'x', width: 2048, height: 1000 });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'width'],
        msg: 'Input should be less than or equal to 1440',
      }),
      expect.objectContaining({ loc: ['body', 'height'], msg: 'Input should be a multiple of 32' }),
    ]);
  });

  it('says Task not found for an unknown id', async () => {
    expect((await poll(`${base}/v1/get_result?id=nope`)).body).toMatchObject({
      id: 'nope',
      status: 'Task not found',
    });
  });
});

describe('BFL keys', () => {
  it.each([
    ['no key', null, 403],
    ['bad-key', 'bad-key', 403],
    ['no-credit-key', 'no-credit-key', 402],
  ] as const)('refuses %s on submit with %i', async (_label, key, status) => {
    const res = await submit('flux-pro-1.1', { prompt: 'x' }, key);
    expect(res.status).toBe(status);
    expect(res.body).toHaveProperty('detail');
  });

  it('needs the key to poll', async () => {
    const created = await submit('flux-pro-1.1', { prompt: 'x' });
    expect((await poll(String(created.body.polling_url), 'bad-key')).status).toBe(403);
  });
});

describe('BFL image to image and control tools', () => {
  const input = gradientPng(640, 512, 'input').toString('base64');

  it('Kontext takes input_image as base64 and answers in its size', async () => {
    const created = await submit('flux-kontext-pro', {
      prompt: 'make it night',
      input_image: input,
    });
    const { last } = await pollUntilDone(String(created.body.polling_url));
    const image = Buffer.from(
      await (await fetch((last.result as { sample: string }).sample)).arrayBuffer(),
    );
    expect(pngSize(image)).toEqual({ width: 640, height: 512 });
  });

  it.each(['flux-pro-1.0-canny', 'flux-pro-1.0-depth'])(
    '%s needs a prompt and a control_image',
    async (model) => {
      expect((await submit(model, { prompt: 'a house' })).status).toBe(422);
      expect((await submit(model, { control_image: input })).status).toBe(422);
      expect(
        (await submit(model, { prompt: 'a house', control_image: 'not base64!' })).status,
      ).toBe(422);
      const created = await submit(model, { prompt: 'a house', control_image: input });
      expect(created.status).toBe(200);
      expect((await pollUntilDone(String(created.body.polling_url))).last.status).toBe('Ready');
    },
  );
});

describe('BFL faults', () => {
  it('plays 429, 500 and malformed answers on the generation and polling routes', async () => {
    sandbox.apps.bfl.faults.add({ path: '/v1/flux-pro-1.1', status: 429, retryAfterSeconds: 1 });
    expect((await submit('flux-pro-1.1', { prompt: 'x' })).status).toBe(429);
    const created = await submit('flux-pro-1.1', { prompt: 'x' });
    sandbox.apps.bfl.faults.add({ path: '/v1/get_result', status: 500 });
    expect(
      (await fetch(String(created.body.polling_url), { headers: { 'x-key': KEY } })).status,
    ).toBe(500);
    sandbox.apps.bfl.faults.add({ path: '/v1/get_result', malformed: true });
    await expect(
      (await fetch(String(created.body.polling_url), { headers: { 'x-key': KEY } })).json(),
    ).rejects.toThrow();
  });

  it('plays faults written in a prompt on that task only', async () => {
    const refused = await submit('flux-pro-1.1', { prompt: 'x [submit-status:500]' });
    expect(refused).toEqual({ status: 500, body: { detail: 'sandbox submit fault 500' } });

    const flaky = await submit('flux-pro-1.1', { prompt: 'flaky [poll-500:2] [pending:0]' });
    const other = await submit('flux-pro-1.1', { prompt: 'other [pending:0]' });
    expect(
      (await fetch(String(other.body.polling_url), { headers: { 'x-key': KEY } })).status,
    ).toBe(200);
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await fetch(String(flaky.body.polling_url), { headers: { 'x-key': KEY } })).status,
      );
    expect(statuses).toEqual([500, 500, 200]);

    const broken = await submit('flux-pro-1.1', {
      prompt: 'broken [poll-malformed:1] [pending:0]',
    });
    await expect(
      (await fetch(String(broken.body.polling_url), { headers: { 'x-key': KEY } })).json(),
    ).rejects.toThrow();

    const expired = await submit('flux-pro-1.1', {
      prompt: 'gone [sample-status:403] [pending:0]',
    });
    const { last } = await pollUntilDone(String(expired.body.polling_url));
    expect((await fetch((last.result as { sample: string }).sample)).status).toBe(403);
  });

  it("lists every submit with its answer and polls, to count one test's provider calls", async () => {
    const marker = `m-${Date.now()}`;
    const created = await submit('flux-pro-1.1', { prompt: `${marker} [pending:1]` });
    await pollUntilDone(String(created.body.polling_url));
    await submit('flux-pro-1.1', { prompt: `${marker} [submit-status:429]` });
    const { submissions } = (await (await fetch(`${base}/__sandbox/bfl/submissions`)).json()) as {
      submissions: { prompt: string; status: number; polls: number; id: string | null }[];
    };
    expect(submissions.filter((s) => s.prompt.includes(marker))).toEqual([
      expect.objectContaining({
        id: created.body.id,
        status: 200,
        polls: 2,
        model: 'flux-pro-1.1',
      }),
      expect.objectContaining({ id: null, status: 429, polls: 0 }),
    ]);
  });

  it('serves the sample only while it has not expired and only for finished tasks', async () => {
    expect((await fetch(`${base}/delivery/unknown/sample.png`)).status).toBe(404);
  });
});
