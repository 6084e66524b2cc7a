import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from './server';

// The Reddit sandbox's submit rules (README.md, Reddit) that the publisher relies on.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

async function submit(fields: Record<string, string>) {
  const res = await fetch(`${sandbox.urls.reddit}/api/submit`, {
    method: 'POST',
    headers: {
      authorization: 'bearer reddit-sandbox-token',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ api_type: 'json', sr: 'MuseSandbox', kind: 'link', ...fields }),
  });
  return ((await res.json()) as { json: { errors: string[][] } }).json.errors.map((e) => e[0]);
}

describe('Reddit sandbox: submit', () => {
  it('refuses a link already posted in the subreddit with ALREADY_SUB, as Reddit does, unless resubmit=true', async () => {
    const url = `https://example.com/seen-${Date.now()}`;
    expect(await submit({ title: 'First', url })).toEqual([]);
    expect(await submit({ title: 'Again', url })).toEqual(['ALREADY_SUB']);
    expect(await submit({ title: 'Again, knowingly', url, resubmit: 'true' })).toEqual([]);
  });
});
