import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { X_MEDIA_LIMITS } from '@core/social-limits';
import {
  oauthBaseString,
  oauthSignature,
  X_DUPLICATE_DETAIL,
  X_SANDBOX_PUBLIC_METRICS,
  X_TOO_LONG_MESSAGE,
} from '../../../../tests/sandbox/providers/x';
import { startSandbox, type Sandbox } from '../../../../tests/sandbox/server';
import { PROVIDER_RETRY_POLICY } from '../../lib/retry';
import type { PublishMedia, PublishRequest } from './social-publisher';
import {
  comparablePostText,
  createXOAuth,
  createXPublisher,
  fetchXProfile,
  xMessages,
  type XCredentials,
} from './x';

// The X publisher against the in-process sandbox (tests/sandbox/providers/x.ts), which verifies every
// OAuth 1.0a signature. Sleeping advances a fake clock; the clock starts at the real time because the
// sandbox refuses a timestamp more than 5 minutes off.

const MB = 1024 * 1024;
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

let clock = 0;
let slept: number[] = [];
let sent: { method: string; path: string; query: string }[] = [];
let user = 0;
beforeEach(async () => {
  clock = Date.now();
  slept = [];
  sent = [];
  user += 1;
  sandbox.apps.x.faults.clear();
  await fetch(`${sandbox.urls.x}/__sandbox/x/processing`, { method: 'DELETE' });
});

const recordingFetch: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  sent.push({ method: init?.method ?? 'GET', path: url.pathname, query: url.search });
  return fetch(input, init);
};

/** A sandbox account of its own per test: `<id>-...` tokens act for user <id>. */
function credentials(overrides: Partial<XCredentials> = {}): XCredentials {
  const accessToken = `${7000 + user}-token`;
  return {
    consumerKey: 'muse-app',
    consumerSecret: 'muse-app-secret',
    accessToken,
    accessTokenSecret: `${accessToken}-secret`,
    ...overrides,
  };
}

const fakeSleep = async (ms: number) => {
  slept.push(ms);
  clock += ms;
};

function publisher(
  opts: {
    credentials?: XCredentials;
    requestTimeoutMs?: number;
    baseUrl?: string;
    retries?: boolean;
  } = {},
) {
  return createXPublisher({
    ...(opts.retries
      ? {
          retry: {
            policy: PROVIDER_RETRY_POLICY,
            sleep: fakeSleep,
            now: () => clock,
            random: () => 0.5,
          },
        }
      : {}),
    credentials: opts.credentials ?? credentials(),
    baseUrl: opts.baseUrl ?? sandbox.urls.x,
    fetch: recordingFetch,
    now: () => clock,
    sleep: fakeSleep,
    requestTimeoutMs: opts.requestTimeoutMs ?? 10_000,
  });
}

/** A Storage file read by ranges: records each range and never holds more than one segment. */
function storedMedia(
  contentType: string,
  sizeBytes: number,
): PublishMedia & { ranges: [number, number][] } {
  const ranges: [number, number][] = [];
  return {
    storagePath: `u1/uploads/file-${sizeBytes}`,
    contentType,
    sizeBytes,
    ranges,
    async read(start, end) {
      ranges.push([start, end]);
      return new Uint8Array(end - start).fill(7);
    },
  };
}

function request(
  text: string,
  media: PublishMedia[] = [],
  extra: Partial<PublishRequest> = {},
): PublishRequest {
  return { requestId: `job-${user}`, text, media, attemptStartedAt: clock, ...extra };
}

async function sandboxPosts(): Promise<
  { id: string; text: string; authorId: string; mediaIds: string[] }[]
> {
  const res = await fetch(`${sandbox.urls.x}/__sandbox/x/tweets`);
  return (
    (await res.json()) as {
      tweets: { id: string; text: string; authorId: string; mediaIds: string[] }[];
    }
  ).tweets;
}

const mine = async () => (await sandboxPosts()).filter((p) => p.authorId === String(7000 + user));

describe('publishing a post', () => {
  it('posts text once, signed, and links to the live post', async () => {
    const outcome = await publisher().publish(request('Hello from Muse Studio'));
    const [post] = await mine();
    expect(post).toMatchObject({ text: 'Hello from Muse Studio', mediaIds: [] });
    expect(outcome).toEqual({
      ok: true,
      post: { platformPostId: post!.id, url: `https://x.com/i/status/${post!.id}` },
    });
    expect(sent).toEqual([{ method: 'POST', path: '/2/tweets', query: '' }]);
  });

  it('uploads an image in one segment without a status poll, then attaches it', async () => {
    const image = storedMedia('image/png', 300_000);
    const outcome = await publisher().publish(request('An image post', [image]));
    expect(outcome.ok).toBe(true);
    expect(sent.map((s) => `${s.method} ${s.path.replace(/\d{6,}/, '{id}')}`)).toEqual([
      'POST /2/media/upload/initialize',
      'POST /2/media/upload/{id}/append',
      'POST /2/media/upload/{id}/finalize',
      'POST /2/tweets',
    ]);
    expect(image.ranges).toEqual([[0, 300_000]]);
    const [post] = await mine();
    expect(post!.mediaIds).toHaveLength(1);
    expect(sent[1]!.path).toBe(`/2/media/upload/${post!.mediaIds[0]}/append`);
  });

  it('appends a 12 MB video in three segments read by range, then polls processing as X asks', async () => {
    await fetch(`${sandbox.urls.x}/__sandbox/x/processing`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inProgressPolls: 2 }),
    });
    const video = storedMedia('video/mp4', 12 * MB);
    const progress: number[] = [];
    const outcome = await publisher().publish(
      request('A video post', [video], { onProgress: (p) => void progress.push(p) }),
    );
    expect(outcome.ok).toBe(true);
    expect(video.ranges).toEqual([
      [0, 5 * MB],
      [5 * MB, 10 * MB],
      [10 * MB, 12 * MB],
    ]);
    expect(sent.filter((s) => s.path.endsWith('/append'))).toHaveLength(3);
    // finalize says pending (check after 1 s); STATUS answers in_progress twice (5 s each), then succeeded.
    expect(slept).toEqual([1000, 5000, 5000]);
    expect(
      sent
        .filter((s) => s.path === '/2/media/upload')
        .map((s) => new URLSearchParams(s.query).get('command')),
    ).toEqual(['STATUS', 'STATUS', 'STATUS']);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect((await mine())[0]!.mediaIds).toHaveLength(1);
    // 12 MB through a loopback multipart parser: generous on a loaded machine.
  }, 60_000);

  it('reports media X failed to process, and posts nothing', async () => {
    await fetch(`${sandbox.urls.x}/__sandbox/x/processing`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inProgressPolls: 0, outcome: 'failed' }),
    });
    const outcome = await publisher().publish(
      request('Broken video', [storedMedia('video/mp4', 2 * MB)]),
    );
    expect(outcome).toEqual({
      ok: false,
      failure: {
        code: 'media_processing_failed',
        message: 'X could not process the media: Unsupported video format',
      },
    });
    expect(await mine()).toEqual([]);
  });

  it.each([
    [
      'an image over 5 MB',
      'image/jpeg',
      6 * MB,
      'media_too_large',
      'Images on X can be at most 5 MB (this one is 6 MB)',
    ],
    [
      'a GIF over 15 MB',
      'image/gif',
      16 * MB,
      'media_too_large',
      'GIFs on X can be at most 15 MB (this one is 16 MB)',
    ],
    [
      'a video over 512 MB',
      'video/mp4',
      X_MEDIA_LIMITS.video.maxBytes + MB,
      'media_too_large',
      'Videos on X can be at most 512 MB (this one is 513 MB)',
    ],
    [
      'a PDF',
      'application/pdf',
      1000,
      'invalid_content',
      'X does not accept application/pdf files: use JPEG, PNG, WebP, GIF, MP4 or MOV',
    ],
  ])('refuses %s before calling X', async (_label, type, size, code, message) => {
    const file = storedMedia(type, size);
    expect(await publisher().publish(request('Too big', [file]))).toEqual({
      ok: false,
      failure: { code, message },
    });
    expect(sent).toEqual([]);
    expect(file.ranges).toEqual([]);
  });

  it('refuses five images, or a video with an image, before calling X', async () => {
    const images = Array.from({ length: 5 }, () => storedMedia('image/png', 1000));
    expect(await publisher().publish(request('Many', images))).toMatchObject({
      ok: false,
      failure: { code: 'invalid_content', message: 'A post on X takes at most 4 images' },
    });
    expect(
      await publisher().publish(
        request('Mixed', [storedMedia('video/mp4', 1000), storedMedia('image/png', 1000)]),
      ),
    ).toMatchObject({
      ok: false,
      failure: {
        code: 'invalid_content',
        message: 'A post on X takes up to 4 images, or one GIF, or one video',
      },
    });
    expect(sent).toEqual([]);
  });
});

describe('failures', () => {
  it('maps refused credentials to auth_expired: an expired token and a wrong secret', async () => {
    for (const creds of [
      credentials({ accessToken: 'expired-token', accessTokenSecret: 'expired-token-secret' }),
      credentials({ consumerSecret: 'not-the-secret' }),
    ]) {
      expect(await publisher({ credentials: creds }).publish(request('Refused'))).toEqual({
        ok: false,
        failure: { code: 'auth_expired', message: xMessages.authExpired, status: 401 },
      });
    }
    expect(await mine()).toEqual([]);
  });

  it('maps the same text posted twice to duplicate', async () => {
    expect((await publisher().publish(request('Same words twice'))).ok).toBe(true);
    expect(await publisher().publish(request('Same words twice'))).toEqual({
      ok: false,
      failure: { code: 'duplicate', message: xMessages.duplicate, status: 403 },
    });
    expect(await mine()).toHaveLength(1);
  });

  it('passes on X’s reason for a text over 280 weighted characters', async () => {
    expect(await publisher().publish(request('字'.repeat(141)))).toEqual({
      ok: false,
      failure: {
        code: 'invalid_content',
        message: `X refused the post: ${X_TOO_LONG_MESSAGE}`,
        status: 400,
      },
    });
  });

  it.each([
    [{ status: 401 }, { code: 'auth_expired', message: xMessages.authExpired, status: 401 }],
    [
      {
        status: 403,
        body: { title: 'Forbidden', type: 'about:blank', status: 403, detail: X_DUPLICATE_DETAIL },
      },
      { code: 'duplicate', message: xMessages.duplicate, status: 403 },
    ],
    [
      {
        status: 403,
        body: {
          title: 'Forbidden',
          type: 'about:blank',
          status: 403,
          detail: 'You are not permitted to perform this action.',
        },
      },
      {
        code: 'forbidden',
        message: 'X did not allow this post: You are not permitted to perform this action.',
        status: 403,
      },
    ],
    [{ status: 500 }, { code: 'unavailable', message: xMessages.unavailable, status: 500 }],
    [{ status: 503 }, { code: 'unavailable', message: xMessages.unavailable, status: 503 }],
  ])('maps a create answered %j to its code', async (fault, failure) => {
    sandbox.apps.x.faults.add({ path: '/2/tweets', method: 'POST', ...fault });
    expect(await publisher().publish(request('Faulted'))).toEqual({ ok: false, failure });
  });

  it('maps a 429 to rate_limited with retryAt from x-rate-limit-reset', async () => {
    const reset = Math.floor(clock / 1000) + 600;
    sandbox.apps.x.faults.add({
      path: '/2/tweets',
      method: 'POST',
      status: 429,
      headers: { 'x-rate-limit-reset': String(reset), 'x-rate-limit-remaining': '0' },
    });
    expect(await publisher().publish(request('Too often'))).toEqual({
      ok: false,
      failure: {
        code: 'rate_limited',
        message: 'X is rate limiting this account: try again in 10 minutes',
        status: 429,
        retryAt: reset * 1000,
      },
    });
  });

  it('maps a failed upload step to its code and never creates the post', async () => {
    sandbox.apps.x.faults.add({ path: '/2/media/upload/initialize', method: 'POST', status: 503 });
    expect(
      await publisher().publish(request('Upload fails', [storedMedia('image/png', 1000)])),
    ).toMatchObject({ ok: false, failure: { code: 'unavailable' } });
    expect(sent.map((s) => s.path)).toEqual(['/2/media/upload/initialize']);
  });

  it('retries an upload step X refused for a passing reason, but never the post', async () => {
    const started = clock;
    const reset = Math.floor(clock / 1000) + 2;
    sandbox.apps.x.faults.add({ path: '/2/media/upload/initialize', method: 'POST', status: 503 });
    sandbox.apps.x.faults.add({
      path: '/2/media/upload/initialize',
      method: 'POST',
      status: 429,
      headers: { 'x-rate-limit-reset': String(reset) },
    });
    expect(
      (
        await publisher({ retries: true }).publish(
          request('Upload retried', [storedMedia('image/png', 1000)]),
        )
      ).ok,
    ).toBe(true);
    expect(sent.filter((s) => s.path === '/2/media/upload/initialize')).toHaveLength(3);
    // A backoff after the 503, then a wait until the 429's reset.
    expect(slept).toHaveLength(2);
    expect(started + slept[0]! + slept[1]!).toBe(reset * 1000);

    sent = [];
    sandbox.apps.x.faults.add({ path: '/2/tweets', method: 'POST', status: 503 });
    expect(await publisher({ retries: true }).publish(request('Create not retried'))).toMatchObject(
      { ok: false, failure: { code: 'unavailable' } },
    );
    expect(sent.filter((s) => s.path === '/2/tweets')).toHaveLength(1);
  });

  it('calls a refused connection unavailable: the request never left', async () => {
    const closed = await startSandbox();
    const url = closed.urls.x;
    await closed.close();
    expect(await publisher({ baseUrl: url }).publish(request('Nobody home'))).toEqual({
      ok: false,
      failure: { code: 'unavailable', message: xMessages.unavailable },
    });
  });
});

describe('an unknown outcome', () => {
  it('is reported when the create hangs, and findExisting then finds the post X made', async () => {
    // X makes the post, but answers after the client gave up.
    sandbox.apps.x.faults.add({ path: '/2/tweets', method: 'POST', delayMs: 400 });
    const text = 'Launch day! Read https://example.com/launch?ref=muse & share';
    const req = request(text);
    expect(await publisher({ requestTimeoutMs: 100 }).publish(req)).toEqual({
      ok: false,
      failure: { code: 'unknown_outcome', message: xMessages.unknownOutcome },
    });
    await vi.waitFor(async () => expect(await mine()).toHaveLength(1), { timeout: 5000 });
    const [post] = await mine();
    expect(await publisher().findExisting(req)).toEqual({
      status: 'found',
      post: { platformPostId: post!.id, url: `https://x.com/i/status/${post!.id}` },
    });
    const lookup = sent.find((s) => s.path === `/2/users/${7000 + user}/tweets`);
    expect(new URLSearchParams(lookup!.query).get('start_time')).toBe(
      new Date(Math.floor((req.attemptStartedAt - 60_000) / 1000) * 1000)
        .toISOString()
        .replace('.000Z', 'Z'),
    );
  });

  it('findExisting answers absent when X made no such post', async () => {
    sandbox.apps.x.faults.add({ path: '/2/tweets', method: 'POST', delayMs: 300, status: 503 });
    const req = request('Never made');
    expect(await publisher({ requestTimeoutMs: 100 }).publish(req)).toMatchObject({
      ok: false,
      failure: { code: 'unknown_outcome' },
    });
    expect((await publisher().publish(request('A different post'))).ok).toBe(true);
    expect(await publisher().findExisting(req)).toEqual({ status: 'absent' });
  });

  it('findExisting answers unknown when X cannot be asked, rather than "not made"', async () => {
    sandbox.apps.x.faults.add({ path: '/2/users/', method: 'GET', status: 500 });
    expect(await publisher().findExisting(request('Unknown'))).toMatchObject({
      status: 'unknown',
      reason: { code: expect.any(String) },
    });
  });

  it('compares texts the way X gives them back: links as t.co, & < > escaped', () => {
    expect(comparablePostText('A &amp; B &lt;3 https://t.co/abc')).toBe(
      comparablePostText('A & B <3 https://example.com/long/path'),
    );
    expect(comparablePostText('one')).not.toBe(comparablePostText('two'));
  });
});

describe('fetchXProfile', () => {
  it('reads followers, following and post count from users/me public_metrics', async () => {
    const options = {
      credentials: credentials(),
      baseUrl: sandbox.urls.x,
      fetch: recordingFetch,
      now: () => clock,
    };
    expect((await publisher().publish(request('Counted'))).ok).toBe(true);
    expect(await fetchXProfile(options)).toEqual({
      ok: true,
      profile: {
        userId: String(7000 + user),
        username: expect.stringMatching(/^sandbox_/),
        name: 'Sandbox Creator',
        followers: X_SANDBOX_PUBLIC_METRICS.followers_count,
        following: X_SANDBOX_PUBLIC_METRICS.following_count,
        posts: 1025,
      },
    });
    expect(new URLSearchParams(sent.at(-1)!.query).get('user.fields')).toBe('public_metrics');
  });

  it('maps refused credentials to auth_expired', async () => {
    const options = {
      credentials: credentials({ accessToken: 'bad-key' }),
      baseUrl: sandbox.urls.x,
      fetch: recordingFetch,
      now: () => clock,
    };
    expect(await fetchXProfile(options)).toMatchObject({
      ok: false,
      failure: { code: 'auth_expired' },
    });
  });
});

// X's worked example (docs.x.com/fundamentals/authentication/oauth-1-0a/creating-a-signature). The keys
// are the documentation's own, marked invalid for real requests there.
describe('OAuth 1.0a signing', () => {
  const example = {
    url: 'https://api.x.com/1.1/statuses/update.json',
    status: 'Hello Ladies + Gentlemen, a signed OAuth request!',
    consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
    consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
    token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
    tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
    oauth: {
      oauth_consumer_key: 'xvz1evFS4wEEPTGEFPHBog',
      oauth_nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: 1318622958,
      oauth_token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
      oauth_version: '1.0',
    },
  };
  const documentedBaseString =
    'POST&https%3A%2F%2Fapi.x.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key%3Dxvz1evFS4wEEPTGEFPHBog%26oauth_nonce%3DkYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1318622958%26oauth_token%3D370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb%26oauth_version%3D1.0%26status%3DHello%2520Ladies%2520%252B%2520Gentlemen%252C%2520a%2520signed%2520OAuth%2520request%2521';
  // The page gives the HMAC output as bytes 2E CF 77 84 ... 4E and its base64 as the signature.
  const documentedSignature = 'Ls93hJiZbQ3akF3HF3x1Bz8/zU4=';

  it('the publisher’s signer builds the documented base string and signature', () => {
    const oauth = createXOAuth({ key: example.consumerKey, secret: example.consumerSecret });
    const req = {
      url: `${example.url}?include_entities=true`,
      method: 'POST',
      data: { status: example.status },
    };
    // oauth-1.0a merges the request's parameters into the object it is given: each call gets a copy.
    expect(oauth.getBaseString(req, { ...example.oauth })).toBe(documentedBaseString);
    expect(oauth.getSignature(req, example.tokenSecret, { ...example.oauth })).toBe(
      documentedSignature,
    );
  });

  it('the sandbox’s own verifier computes the same values independently', () => {
    const params = [
      ...Object.entries(example.oauth).map(([k, v]) => [k, String(v)] as const),
      ['include_entities', 'true'] as const,
      ['status', example.status] as const,
    ];
    const base = oauthBaseString('POST', example.url, params);
    expect(base).toBe(documentedBaseString);
    expect(oauthSignature(base, example.consumerSecret, example.tokenSecret)).toBe(
      documentedSignature,
    );
    expect(
      createHmac('sha1', `${example.consumerSecret}&${example.tokenSecret}`)
        .update(documentedBaseString)
        .digest('hex'),
    ).toBe('2ecf778498996d0dda905dc7177c75073f3fcd4e');
  });
});
