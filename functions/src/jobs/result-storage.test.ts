import { describe, expect, it } from 'vitest';
import { gradientPng } from '../../../tests/sandbox/providers/png';
import {
  downloadResult,
  downloadUrl,
  findStoredResult,
  isTransientStorageError,
  resultPath,
  storeFile,
  type Bucket,
} from './result-storage';

type Fetch = typeof globalThis.fetch;
const serve =
  (body: ConstructorParameters<typeof Response>[0], init: ResponseInit = {}): Fetch =>
  async () =>
    new Response(body, init);
const options = (fetch: Fetch, overrides = {}) => ({
  fetch,
  timeoutMs: 1000,
  maxBytes: 1_000_000,
  allowPlainHttp: false,
  ...overrides,
});

describe('fetching a provider result', () => {
  it('takes an image whose bytes are an image, with its real type and size', async () => {
    const png = gradientPng(40, 30, 'x');
    const got = await downloadResult(
      'https://delivery.bfl.ai/a/sample.png',
      'image',
      options(
        serve(new Uint8Array(png), { headers: { 'content-type': 'application/octet-stream' } }),
      ),
    );
    expect(got).toEqual({
      ok: true,
      bytes: png,
      info: { contentType: 'image/png', ext: 'png', width: 40, height: 30 },
    });
  });

  it.each([
    [
      'an error page served as an image',
      serve('<html>expired</html>', { headers: { 'content-type': 'image/png' } }),
      'not a recognised file',
    ],
    ['a refusal', serve('denied', { status: 403 }), 'status 403'],
    ['a file over the limit', serve(new Uint8Array(2_000_000)), 'too large'],
    [
      'a declared size over the limit',
      serve('x', { headers: { 'content-length': '5000000' } }),
      'too large',
    ],
  ])('refuses %s', async (_label, fetch, reason) => {
    expect(
      await downloadResult('https://delivery.bfl.ai/a/sample.png', 'image', options(fetch)),
    ).toEqual({ ok: false, reason });
  });

  it('fetches plain http only in the emulator (the sandbox)', async () => {
    const png = new Uint8Array(gradientPng(2, 2, 'x'));
    expect(await downloadResult('http://127.0.0.1:1/x.png', 'image', options(serve(png)))).toEqual({
      ok: false,
      reason: 'refused scheme http:',
    });
    expect(
      (
        await downloadResult(
          'http://127.0.0.1:1/x.png',
          'image',
          options(serve(png), { allowPlainHttp: true }),
        )
      ).ok,
    ).toBe(true);
    expect(
      await downloadResult(
        'file:///etc/passwd',
        'image',
        options(serve(png), { allowPlainHttp: true }),
      ),
    ).toEqual({ ok: false, reason: 'refused scheme file:' });
  });
});

it("puts a result at the job's own path and links it with its token", () => {
  expect(resultPath('u1', 'j1', 'png')).toBe('u1/generations/j1.png');
  expect(downloadUrl('http://127.0.0.1:9199', 'b.appspot.com', 'u1/generations/j1.png', 't')).toBe(
    'http://127.0.0.1:9199/v0/b/b.appspot.com/o/u1%2Fgenerations%2Fj1.png?alt=media&token=t',
  );
});

describe('saving a result', () => {
  const info = { contentType: 'image/png', ext: 'png', width: 2, height: 2 };
  /** A bucket whose saves fail with these errors first, then succeed; it records each save's token. */
  function flakyBucket(failures: unknown[]) {
    const tokens: string[] = [];
    const bucket = {
      name: 'b.appspot.com',
      file: () => ({
        save: async (
          _bytes: Buffer,
          opts: { metadata: { metadata: { firebaseStorageDownloadTokens: string } } },
        ) => {
          tokens.push(opts.metadata.metadata.firebaseStorageDownloadTokens);
          const failure = failures.shift();
          if (failure) throw failure;
        },
      }),
    } as unknown as Bucket;
    return { bucket, tokens };
  }
  const noWait = { sleep: async () => undefined };
  const socketError = (code: string) => Object.assign(new Error(`write ${code}`), { code });

  it('sends a save again after a broken connection or a 503, with the same token, and links that token', async () => {
    const { bucket, tokens } = flakyBucket([
      socketError('EPIPE'),
      Object.assign(new Error('Service Unavailable'), { code: 503 }),
    ]);
    const stored = await storeFile(
      { bucket, downloadOrigin: 'http://127.0.0.1:9199', retry: noWait },
      'u1/generations/j1.png',
      Buffer.from('x'),
      info,
      'j1',
    );
    expect(tokens).toHaveLength(3);
    expect(new Set(tokens).size).toBe(1);
    expect(stored.downloadUrl).toContain(`token=${tokens[0]}`);
  });

  it('gives up on a refusal at once, and after four broken tries', async () => {
    const refused = flakyBucket([Object.assign(new Error('Forbidden'), { code: 403 })]);
    await expect(
      storeFile(
        { bucket: refused.bucket, downloadOrigin: 'o', retry: noWait },
        'p',
        Buffer.from('x'),
        info,
        'j',
      ),
    ).rejects.toThrow('Forbidden');
    expect(refused.tokens).toHaveLength(1);
    const broken = flakyBucket([1, 2, 3, 4, 5].map(() => socketError('ECONNRESET')));
    await expect(
      storeFile(
        { bucket: broken.bucket, downloadOrigin: 'o', retry: noWait },
        'p',
        Buffer.from('x'),
        info,
        'j',
      ),
    ).rejects.toThrow('ECONNRESET');
    expect(broken.tokens).toHaveLength(4);
  });

  it.each([
    [socketError('EPIPE'), true],
    [Object.assign(new Error('fetch failed'), { cause: { code: 'ECONNRESET' } }), true],
    [Object.assign(new Error('Too Many Requests'), { code: 429 }), true],
    [Object.assign(new Error('Bad Request'), { code: 400 }), false],
    [new Error('no code'), false],
  ])('tells a passing Storage failure from a final one: %s', (error, transient) => {
    expect(isTransientStorageError(error)).toBe(transient);
  });
});

describe("finding an earlier run's result", () => {
  /** A bucket holding one result whose listing fails with these errors first. */
  function bucketWithResult(failures: unknown[]) {
    let lists = 0;
    const file = {
      name: 'u1/generations/j1.png',
      getMetadata: async () => [
        {
          contentType: 'image/png',
          size: '3',
          metadata: { firebaseStorageDownloadTokens: 'tok-1' },
        },
      ],
    };
    const bucket = {
      name: 'b.appspot.com',
      getFiles: async () => {
        lists++;
        const failure = failures.shift();
        if (failure) throw failure;
        return [[file]];
      },
    } as unknown as Bucket;
    return { bucket, lists: () => lists };
  }
  const noWait = { sleep: async () => undefined };
  const hangUp = () =>
    Object.assign(
      new Error('request to http://127.0.0.1:9199/b/x/o?prefix=u1 failed, reason: socket hang up'),
      { type: 'system', code: 'ECONNRESET' },
    );

  it('looks again after a broken connection and finds the result with its token', async () => {
    const { bucket, lists } = bucketWithResult([hangUp()]);
    const found = await findStoredResult(
      { bucket, downloadOrigin: 'http://127.0.0.1:9199', retry: noWait },
      'u1',
      'j1',
      'image',
    );
    expect(lists()).toBe(2);
    expect(found?.path).toBe('u1/generations/j1.png');
    expect(found?.downloadUrl).toContain('token=tok-1');
  });

  it('gives up on a refusal at once', async () => {
    const { bucket, lists } = bucketWithResult([
      Object.assign(new Error('Forbidden'), { code: 403 }),
    ]);
    await expect(
      findStoredResult({ bucket, downloadOrigin: 'o', retry: noWait }, 'u1', 'j1', 'image'),
    ).rejects.toThrow('Forbidden');
    expect(lists()).toBe(1);
  });
});
