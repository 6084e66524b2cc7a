import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerIds } from './hosts';
import { startSandbox, type Sandbox } from './server';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('provider sandbox', () => {
  it('serves a health endpoint for every provider on its own port', async () => {
    const answers = await Promise.all(
      providerIds.map(async (id) => (await fetch(`${sandbox.urls[id]}/__sandbox/health`)).json()),
    );
    expect(answers).toEqual(providerIds.map((provider) => ({ provider, ok: true })));
    expect(new Set(Object.values(sandbox.urls)).size).toBe(providerIds.length);
  });

  it('exposes the functions environment that points each client at it', () => {
    expect(sandbox.env.BFL_BASE_URL).toBe(sandbox.urls.bfl);
    expect(sandbox.env.GOOGLE_BASE_URL).toBe(sandbox.urls.google);
  });

  it('plays a queued 429 with Retry-After the given number of times, then answers normally', async () => {
    const url = sandbox.urls.openai;
    const add = await fetch(`${url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/v1/chat', status: 429, retryAfterSeconds: 2, times: 2 }),
    });
    expect(add.status).toBe(201);
    const call = () =>
      fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer sk-sandbox' },
        body: JSON.stringify({
          model: 'gpt-5.4-mini',
          messages: [{ role: 'user', content: 'hi' }],
        }),
      });
    const first = await call();
    const second = await call();
    const third = await call();
    expect([first.status, second.status, third.status]).toEqual([429, 429, 200]);
    expect(first.headers.get('retry-after')).toBe('2');
  });

  it('answers a malformed body when asked', async () => {
    const url = sandbox.urls.luma;
    await fetch(`${url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ malformed: true }),
    });
    const res = await fetch(`${url}/dream-machine/v1/generations`);
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();
  });

  it('plays a fault only for requests whose Authorization carries the given token', async () => {
    const url = sandbox.urls.openai;
    await fetch(`${url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/v1/models', status: 503, authorizationIncludes: 'sk-mine' }),
    });
    const list = (key: string) =>
      fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect((await list('sk-theirs')).status).toBe(200);
    expect((await list('sk-mine')).status).toBe(503);
    expect((await list('sk-mine')).status).toBe(200);
  });

  it('loses the answer of a call that took effect: the route runs, the reply is broken', async () => {
    const url = sandbox.urls.luma;
    const prompt = `lost answer ${Date.now()}`;
    await fetch(`${url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        path: '/dream-machine/v1/generations',
        method: 'POST',
        lostAnswer: true,
      }),
    });
    const lost = await fetch(`${url}/dream-machine/v1/generations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer luma-sandbox' },
      body: JSON.stringify({ prompt, model: 'ray-2' }),
    });
    expect(lost.status).toBe(200);
    await expect(lost.json()).rejects.toThrow();
    const { generations } = (await (await fetch(`${url}/__sandbox/luma/generations`)).json()) as {
      generations: { prompt: string }[];
    };
    expect(generations.filter((g) => g.prompt === prompt)).toHaveLength(1);
  });

  it('records the requests it received so tests can count provider calls', async () => {
    const url = sandbox.urls.gemini;
    await fetch(`${url}/__sandbox/requests`, { method: 'DELETE' });
    await fetch(`${url}/v1beta/models`);
    const { requests } = (await (await fetch(`${url}/__sandbox/requests`)).json()) as {
      requests: { path: string }[];
    };
    expect(requests.map((r) => r.path)).toEqual(['/v1beta/models']);
  });

  it("lists one account's requests by a token in their Authorization header", async () => {
    const url = sandbox.urls.gemini;
    await fetch(`${url}/__sandbox/requests`, { method: 'DELETE' });
    await fetch(`${url}/v1beta/models`, { headers: { authorization: 'Bearer mine-123' } });
    await fetch(`${url}/v1beta/models?page=2`, { headers: { authorization: 'Bearer theirs-456' } });
    const { requests } = (await (
      await fetch(`${url}/__sandbox/requests?authorizationIncludes=mine-123`)
    ).json()) as { requests: { path: string; authorization: string }[] };
    expect(requests).toEqual([
      expect.objectContaining({ path: '/v1beta/models', authorization: 'Bearer mine-123' }),
    ]);
  });

  it('rejects a fault that is not of the documented shape', async () => {
    const res = await fetch(`${sandbox.urls.x}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'boom' }),
    });
    expect(res.status).toBe(400);
  });
});
