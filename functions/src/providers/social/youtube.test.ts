import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { YOUTUBE_LIMITS } from '@core/social-limits';
import type { YouTubeDetails } from '@core/social-posts';
import {
  googleError,
  YOUTUBE_SANDBOX,
  YOUTUBE_TOKENS,
} from '../../../../tests/sandbox/providers/youtube';
import { startSandbox, type Sandbox } from '../../../../tests/sandbox/server';
import type { PublishMedia, PublishRequest, UploadSession } from './social-publisher';
import {
  createYouTubePublisher,
  fetchYouTubeChannel,
  heldBytes,
  nextPacificMidnight,
  youtubeMessages,
  type YouTubePublisherOptions,
} from './youtube';

// The YouTube publisher against the in-process sandbox, on a fake clock: sleeping advances time instantly.
// Chunks are 256 KiB here (the protocol's unit), so a 1.3 MB file takes six PUTs.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const KIB256 = YOUTUBE_LIMITS.chunkMultipleBytes;
const SIZE = 5 * KIB256 + 12_345;

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  bodyBytes: number;
  status?: number;
}

let clock = 0;
let sent: Sent[] = [];
beforeEach(async () => {
  clock = Date.now();
  sent = [];
  sandbox.apps.google.faults.clear();
  await fetch(`${sandbox.urls.google}/__sandbox/youtube/interruptions`, { method: 'DELETE' });
});

const recordingFetch: typeof fetch = async (input, init) => {
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
  const url = new URL(String(input));
  const body = init?.body;
  const record: Sent = {
    method: init?.method ?? 'GET',
    path: url.pathname,
    headers,
    bodyBytes:
      body instanceof Uint8Array ? body.length : typeof body === 'string' ? body.length : 0,
  };
  sent.push(record);
  const response = await fetch(input, init);
  record.status = response.status;
  return response;
};

function publisher(token = 'yt-access-token', extra: Partial<YouTubePublisherOptions> = {}) {
  return createYouTubePublisher({
    accessToken: token,
    baseUrl: sandbox.urls.google,
    fetch: recordingFetch,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
    chunkBytes: KIB256,
    requestTimeoutMs: 10_000,
    ...extra,
  });
}

function video(
  size = SIZE,
  contentType = 'video/mp4',
  reads: [number, number][] = [],
): PublishMedia & { bytes: Uint8Array; sha256: string } {
  const bytes = new Uint8Array(randomBytes(size));
  return {
    storagePath: `u1/generations/${randomBytes(4).toString('hex')}.mp4`,
    contentType,
    sizeBytes: size,
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    read: async (start, end) => {
      reads.push([start, end]);
      return bytes.slice(start, end);
    },
  };
}

let counter = 0;
const uniqueTitle = (label: string) => `${label} ${Date.now().toString(36)}-${++counter}`;

/** An in-memory session store, as publish-run keeps it on the post. */
function sessionStore(initial: UploadSession | null = null) {
  const saved: (UploadSession | null)[] = [];
  return {
    store: { session: initial, save: async (s: UploadSession | null) => void saved.push(s) },
    saved,
  };
}

function request(
  media: PublishMedia[],
  details: Partial<YouTubeDetails> = {},
  partial: Partial<PublishRequest> = {},
): PublishRequest {
  return {
    requestId: 'post-1',
    text: 'A short film made with Muse Studio.',
    media,
    attemptStartedAt: clock,
    youtube: {
      title: uniqueTitle('Lighthouse at dusk'),
      tags: ['muse', 'short film'],
      privacyStatus: 'private',
      publishAt: null,
      ...details,
    },
    ...partial,
  };
}

interface SandboxVideo {
  id: string;
  title: string;
  description: string;
  tags: string[];
  privacyStatus: string;
  requestedPrivacyStatus: string;
  publishAt: string | null;
  contentType: string;
  bytes: number;
  sha256: string;
}

async function uploaded(title: string): Promise<SandboxVideo[]> {
  const { videos } = (await (
    await fetch(`${sandbox.urls.google}/__sandbox/youtube/videos`)
  ).json()) as { videos: SandboxVideo[] };
  return videos.filter((v) => v.title === title);
}

async function interrupt(body: Record<string, unknown>) {
  const res = await fetch(`${sandbox.urls.google}/__sandbox/youtube/interruptions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
}

/** A fetch whose network goes away after `n` chunk PUTs: every later upload call fails before reaching YouTube. */
function cutAfterChunks(n: number): typeof fetch {
  return async (input, init) => {
    if (init?.method === 'PUT' && chunkPuts().length >= n)
      throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
    return recordingFetch(input, init);
  };
}

const chunkPuts = () =>
  sent.filter((s) => s.method === 'PUT' && !/^bytes \*\//.test(s.headers['content-range'] ?? ''));
const statusQueries = () =>
  sent.filter((s) => s.method === 'PUT' && /^bytes \*\//.test(s.headers['content-range'] ?? ''));

describe('createYouTubePublisher: the resumable upload', () => {
  it('uploads the video with its title, description, tags and visibility, and links it', async () => {
    const file = video();
    const progress: number[] = [];
    const req = request(
      [file],
      { privacyStatus: 'unlisted' },
      { onProgress: (p) => void progress.push(p) },
    );
    const outcome = await publisher().publish(req);

    expect(outcome).toEqual({
      ok: true,
      post: {
        platformPostId: expect.stringMatching(/^[\w-]{11}$/),
        url: expect.stringMatching(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/),
      },
    });
    const [made, ...more] = await uploaded(req.youtube!.title);
    expect(more).toHaveLength(0);
    expect(made).toMatchObject({
      description: req.text,
      tags: ['muse', 'short film'],
      privacyStatus: 'unlisted',
      contentType: 'video/mp4',
      bytes: SIZE,
      sha256: file.sha256,
    });
    expect(outcome.ok && outcome.post.platformPostId).toBe(made!.id);
    const open = sent[0]!;
    expect(open).toMatchObject({
      method: 'POST',
      path: '/upload/youtube/v3/videos',
      headers: {
        'x-upload-content-length': String(SIZE),
        'x-upload-content-type': 'video/mp4',
        authorization: 'Bearer yt-access-token',
      },
    });
    expect(progress.at(-1)).toBe(95);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('streams the file in 256 KiB chunks read one at a time, never the whole file', async () => {
    const reads: [number, number][] = [];
    const file = video(SIZE, 'video/mp4', reads);
    await publisher().publish(request([file]));

    expect(reads).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => [i * KIB256, Math.min(SIZE, (i + 1) * KIB256)]),
    );
    expect(chunkPuts().map((s) => s.headers['content-range'])).toEqual(
      reads.map(([start, end]) => `bytes ${start}-${end - 1}/${SIZE}`),
    );
    expect(chunkPuts().map((s) => s.status)).toEqual([308, 308, 308, 308, 308, 201]);
    expect(Math.max(...chunkPuts().map((s) => s.bodyBytes))).toBe(KIB256);
  });

  it('refuses a chunk size that is not a multiple of 256 KiB', () => {
    expect(() => publisher('t', { chunkBytes: KIB256 + 1 })).toThrow(/multiple of 262144/);
  });

  it('keeps the session before the first byte is sent', async () => {
    const file = video();
    const { store, saved } = sessionStore();
    await publisher().publish(request([file], {}, { uploadSession: store }));
    expect(saved).toEqual([
      {
        uri: expect.stringContaining('upload_id='),
        storagePath: file.storagePath,
        sizeBytes: SIZE,
        openedAt: expect.any(Number),
      },
    ]);
  });

  it('after an interruption mid-chunk, continues from the Range the session reports', async () => {
    const file = video();
    const title = uniqueTitle('Interrupted twice');
    await interrupt({ times: 2, keep: 'half', status: 503 });
    const outcome = await publisher().publish(request([file], { title }));

    expect(outcome.ok).toBe(true);
    expect(statusQueries()).toHaveLength(2);
    // The second PUT starts where the server's Range ended (half a chunk in), not at the chunk boundary.
    expect(chunkPuts()[1]!.headers['content-range']).toBe(
      `bytes ${KIB256 / 2}-${KIB256 / 2 + KIB256 - 1}/${SIZE}`,
    );
    const [made, ...more] = await uploaded(title);
    expect(more).toHaveLength(0);
    expect(made).toMatchObject({ bytes: SIZE, sha256: file.sha256 });
  });

  it('when the answer to the last chunk is lost, asks the session and takes the video it finished', async () => {
    const file = video(KIB256);
    const title = uniqueTitle('Lost last answer');
    await interrupt({ times: 1, keep: 'all', status: 502 });
    const outcome = await publisher().publish(request([file], { title }));

    expect(outcome.ok).toBe(true);
    expect(chunkPuts()).toHaveLength(1);
    expect(await uploaded(title)).toHaveLength(1);
  });

  it('resumes a session an earlier run kept: only the missing bytes are sent, and one video is made', async () => {
    const file = video();
    const title = uniqueTitle('Resumed across runs');
    const first = sessionStore();
    // Two chunks go through, then the network is gone: the run gives up with the session kept.
    const failed = await publisher('yt-access-token', {
      fetch: cutAfterChunks(2),
      maxInterruptions: 3,
    }).publish(request([file], { title }, { uploadSession: first.store }));
    expect(failed).toMatchObject({
      ok: false,
      failure: {
        code: 'unavailable',
        message: expect.stringContaining('Retry continues from where it stopped'),
      },
    });
    expect(first.saved).toHaveLength(1);
    expect(await uploaded(title)).toHaveLength(0);

    const held = (await (
      await fetch(`${sandbox.urls.google}/__sandbox/youtube/sessions`)
    ).json()) as { sessions: { title: string; received: number }[] };
    const before = held.sessions.find((s) => s.title === title)!.received;
    expect(before).toBeGreaterThan(0);
    sent = [];
    const second = sessionStore(first.saved[0]!);
    const outcome = await publisher().publish(
      request([file], { title }, { uploadSession: second.store }),
    );

    expect(outcome.ok).toBe(true);
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
    expect(statusQueries()[0]).toBeDefined();
    expect(chunkPuts()[0]!.headers['content-range']).toMatch(new RegExp(`^bytes ${before}-`));
    expect(chunkPuts().reduce((n, s) => n + s.bodyBytes, 0)).toBe(SIZE - before);
    const [made, ...more] = await uploaded(title);
    expect(more).toHaveLength(0);
    expect(made).toMatchObject({ bytes: SIZE, sha256: file.sha256 });
  });

  it('starts over when the kept session has expired (404), still making one video', async () => {
    const file = video();
    const title = uniqueTitle('Expired session');
    const { store, saved } = sessionStore({
      uri: `${sandbox.urls.google}/upload/youtube/v3/videos?uploadType=resumable&upload_id=gone`,
      storagePath: file.storagePath,
      sizeBytes: SIZE,
      openedAt: clock,
    });
    const outcome = await publisher().publish(request([file], { title }, { uploadSession: store }));
    expect(outcome.ok).toBe(true);
    expect(saved[0]).toBeNull();
    expect(saved[1]).toMatchObject({ storagePath: file.storagePath });
    expect(await uploaded(title)).toHaveLength(1);
  });

  it('sends publishAt on a private video, the scheduling YouTube does itself', async () => {
    const title = uniqueTitle('Scheduled premiere');
    const publishAt = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const outcome = await publisher().publish(
      request([video()], { title, privacyStatus: 'private', publishAt }),
    );
    expect(outcome.ok).toBe(true);
    expect((await uploaded(title))[0]).toMatchObject({ privacyStatus: 'private', publishAt });
  });

  it("explains YouTube's private-until-verified rule when an unverified app's public upload stays private", async () => {
    const title = uniqueTitle('Unverified app');
    const outcome = await publisher(YOUTUBE_TOKENS.unverified).publish(
      request([video()], { title, privacyStatus: 'public' }),
    );
    expect(outcome).toMatchObject({ ok: true, post: { notice: youtubeMessages.keptPrivate } });
    expect((await uploaded(title))[0]).toMatchObject({
      privacyStatus: 'private',
      requestedPrivacyStatus: 'public',
    });
  });
});

describe('createYouTubePublisher: refusals', () => {
  const longTitle = 'x'.repeat(101);
  it.each([
    [
      'a title over 100 characters',
      { title: longTitle },
      'video/mp4',
      'YouTube titles can be at most 100 characters (this one is 101)',
    ],
    ['a < in the title', { title: 'Fish <3' }, 'video/mp4', 'YouTube titles cannot contain < or >'],
    [
      'tags over 500 characters',
      { tags: Array.from({ length: 60 }, (_, i) => `tag number ${i}`) },
      'video/mp4',
      /YouTube tags can be at most 500 characters in all/,
    ],
    ['an image instead of a video', {}, 'image/png', /YouTube takes video files/],
  ])('refuses %s before anything is sent', async (_case, details, type, message) => {
    const outcome = await publisher().publish(
      request([video(1000, type)], details as Partial<YouTubeDetails>),
    );
    expect(outcome).toMatchObject({
      ok: false,
      failure: {
        code: 'invalid_content',
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      },
    });
    expect(sent).toHaveLength(0);
  });

  it.each([
    [
      'a description over 5000 bytes (in multi-byte characters)',
      'é'.repeat(2501),
      'YouTube descriptions can be at most 5,000 bytes (this one is 5,002)',
    ],
    ['a > in the description', 'Before -> after', 'YouTube descriptions cannot contain < or >'],
  ])('refuses %s before anything is sent', async (_case, text, message) => {
    const outcome = await publisher().publish(request([video(1000)], {}, { text }));
    expect(outcome).toMatchObject({ ok: false, failure: { code: 'invalid_content', message } });
    expect(sent).toHaveLength(0);
  });

  it('refuses a video over the 2 GB cap, naming it', async () => {
    const huge = { ...video(1000), sizeBytes: YOUTUBE_LIMITS.videoMaxBytes + 1 };
    const outcome = await publisher().publish(request([huge]));
    expect(outcome).toMatchObject({
      ok: false,
      failure: { code: 'media_too_large', message: expect.stringContaining('at most 2048 MB') },
    });
    expect(sent).toHaveLength(0);
  });

  it.each([
    ['an expired token (401)', YOUTUBE_TOKENS.expired, 'auth_expired', youtubeMessages.authExpired],
    [
      'a token without the upload scope (403)',
      YOUTUBE_TOKENS.readonly,
      'forbidden',
      youtubeMessages.insufficientScope,
    ],
    [
      'a used-up quota (403 quotaExceeded)',
      YOUTUBE_TOKENS.quota,
      'rate_limited',
      youtubeMessages.quotaExceeded,
    ],
    [
      "the channel's upload limit (400 uploadLimitExceeded)",
      YOUTUBE_TOKENS.uploadLimit,
      'rate_limited',
      youtubeMessages.uploadLimitExceeded,
    ],
  ])('ends with %s explained', async (_case, token, code, message) => {
    const outcome = await publisher(token).publish(request([video()]));
    expect(outcome).toMatchObject({ ok: false, failure: { code, message } });
    expect(chunkPuts()).toHaveLength(0);
  });

  it('a used-up quota can be retried after midnight Pacific Time', async () => {
    const outcome = await publisher(YOUTUBE_TOKENS.quota).publish(request([video()]));
    expect(!outcome.ok && outcome.failure.retryAt).toBe(nextPacificMidnight(clock));
  });

  it("passes on YouTube's reason for metadata it refuses (400)", async () => {
    const outcome = await publisher().publish(
      request([video()], { publishAt: new Date(Date.now() - 3600_000).toISOString() }),
    );
    expect(outcome).toMatchObject({
      ok: false,
      failure: {
        code: 'invalid_content',
        message:
          'YouTube refused the video: The request metadata specifies an invalid scheduled publishing time.',
      },
    });
  });

  it('a quota error mid-upload stops the upload and keeps the session for Retry', async () => {
    const { store, saved } = sessionStore();
    sandbox.apps.google.faults.add({
      path: '/upload/youtube/v3/videos',
      method: 'PUT',
      status: 403,
      body: googleError(
        403,
        'quotaExceeded',
        'The request cannot be completed because you have exceeded your quota.',
        'youtube.quota',
      ),
    });
    const outcome = await publisher().publish(request([video()], {}, { uploadSession: store }));
    expect(outcome).toMatchObject({
      ok: false,
      failure: { code: 'rate_limited', message: youtubeMessages.quotaExceeded },
    });
    expect(saved).toHaveLength(1);
    expect(saved[0]).not.toBeNull();
  });

  it('5xx on every chunk gives up after the interruption limit, as unavailable (not unknown: the last byte was never sent)', async () => {
    sandbox.apps.google.faults.add({
      path: '/upload/youtube/v3/videos',
      method: 'PUT',
      status: 503,
      times: 50,
    });
    const outcome = await publisher('yt-access-token', { maxInterruptions: 3 }).publish(
      request([video()]),
    );
    expect(outcome).toMatchObject({
      ok: false,
      failure: { code: 'unavailable', message: youtubeMessages.interrupted(0, SIZE) },
    });
  });

  it('opening the session is asked again after a 5xx (it makes nothing visible)', async () => {
    const title = uniqueTitle('Open retried');
    sandbox.apps.google.faults.add({
      path: '/upload/youtube/v3/videos',
      method: 'POST',
      status: 500,
      times: 2,
    });
    const outcome = await publisher().publish(request([video()], { title }));
    expect(outcome.ok).toBe(true);
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.status)).toEqual([500, 500, 200]);
    expect(await uploaded(title)).toHaveLength(1);
  });
});

describe('createYouTubePublisher: findExisting after an unknown outcome', () => {
  it('takes the video a finished session made, answers null for an unfinished one, and null when no session was kept', async () => {
    const file = video();
    const title = uniqueTitle('Lookup');
    const { store, saved } = sessionStore();
    await publisher().publish(request([file], { title }, { uploadSession: store }));
    const [made] = await uploaded(title);
    expect(
      await publisher().findExisting(
        request(
          [file],
          { title },
          { uploadSession: { session: saved[0]!, save: async () => undefined } },
        ),
      ),
    ).toMatchObject({
      status: 'found',
      post: { platformPostId: made!.id },
    });

    const other = video();
    const half = sessionStore();
    await publisher('yt-access-token', { fetch: cutAfterChunks(1), maxInterruptions: 2 }).publish(
      request([other], {}, { uploadSession: half.store }),
    );
    expect(
      await publisher().findExisting(
        request(
          [other],
          {},
          { uploadSession: { session: half.saved[0]!, save: async () => undefined } },
        ),
      ),
    ).toEqual({ status: 'absent' });

    expect(await publisher().findExisting(request([video()]))).toEqual({ status: 'absent' });
  });

  it("when the kept session is gone, finds the upload by its title among the channel's newest", async () => {
    const file = video();
    const title = uniqueTitle('Found in uploads');
    await publisher().publish(request([file], { title }));
    const [made] = await uploaded(title);
    const gone = {
      uri: `${sandbox.urls.google}/upload/youtube/v3/videos?uploadType=resumable&upload_id=expired`,
      storagePath: file.storagePath,
      sizeBytes: SIZE,
      openedAt: clock,
    };
    expect(
      await publisher().findExisting(
        request(
          [file],
          { title },
          { uploadSession: { session: gone, save: async () => undefined } },
        ),
      ),
    ).toMatchObject({ status: 'found', post: { platformPostId: made!.id } });
  });
});

describe('YouTube helpers', () => {
  it.each([
    [null, 0],
    ['bytes=0-262143', 262_144],
    ['bytes=5-9', undefined],
  ])('a 308 Range of %s means %s bytes held', (range, held) => {
    expect(heldBytes(new Headers(range ? { range } : {}))).toBe(held);
  });

  it.each([
    ['2026-11-23T18:00:00Z', '2026-11-24T08:00:00.000Z'],
    ['2026-07-01T06:59:00Z', '2026-07-01T07:00:00.000Z'],
    // 00:30 PDT on the day clocks fall back: that day lasts 25 hours, so midnight is 08:00Z, not 07:00Z.
    ['2026-11-01T07:30:00Z', '2026-11-02T08:00:00.000Z'],
    // 00:30 PST on the day clocks spring forward: a 23-hour day.
    ['2026-03-08T08:30:00Z', '2026-03-09T07:00:00.000Z'],
  ])('quota reset after %s is midnight Pacific, %s', (now, reset) => {
    expect(new Date(nextPacificMidnight(Date.parse(now))).toISOString()).toBe(reset);
  });

  it("reads the channel's name and statistics for the stat cards", async () => {
    const channel = await fetchYouTubeChannel({
      accessToken: 'yt-access-token',
      baseUrl: sandbox.urls.google,
      fetch: globalThis.fetch,
    });
    expect(channel).toMatchObject({
      ok: true,
      value: {
        id: YOUTUBE_SANDBOX.channel.id,
        title: YOUTUBE_SANDBOX.channel.title,
        subscribers: 4200,
        views: 123_456,
      },
    });
  });
});
