import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gradientPng } from '../../../../tests/sandbox/providers/png';
import { REDDIT_ACCOUNT } from '../../../../tests/sandbox/providers/reddit';
import { startSandbox, type Sandbox } from '../../../../tests/sandbox/server';
import {
  checkRedditRequest,
  createRedditClient,
  createRedditPublisher,
  fetchSubredditFlairs,
  redditMessages,
  redditUploadUrl,
  type RedditClientOptions,
} from './reddit';
import type { PublishMedia, PublishRequest } from './social-publisher';

// The Reddit publisher against the in-process sandbox, on a fake clock: sleeping advances time instantly.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

let clock = 0;
let sleeps: number[] = [];
let sent: { method: string; path: string; headers: Headers; body: string }[] = [];
beforeEach(async () => {
  clock = Date.now();
  sleeps = [];
  sent = [];
  sandbox.apps.reddit.faults.clear();
  await fetch(`${sandbox.urls.reddit}/__sandbox/reddit/ratelimit`, { method: 'DELETE' });
});

const recordingFetch: typeof fetch = async (input, init) => {
  sent.push({
    method: init?.method ?? 'GET',
    path: new URL(String(input)).pathname,
    headers: new Headers(init?.headers),
    body: typeof init?.body === 'string' ? init.body : '',
  });
  return fetch(input, init);
};

const USER_AGENT = 'web:muse-test:1.0 (by /u/tester)';
function options(extra: Partial<RedditClientOptions> = {}): RedditClientOptions {
  return {
    accessToken: 'rd-test-token',
    userAgent: USER_AGENT,
    baseUrl: sandbox.urls.reddit,
    fetch: recordingFetch,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    requestTimeoutMs: 10_000,
    ...extra,
  };
}

let counter = 0;
const title = (label: string) => `${label} ${Date.now().toString(36)}-${++counter}`;
function request(
  over: Partial<PublishRequest> & { reddit: PublishRequest['reddit'] },
): PublishRequest {
  return { requestId: `req-${++counter}`, text: '', media: [], attemptStartedAt: clock, ...over };
}
function png(): PublishMedia {
  const bytes = new Uint8Array(gradientPng(64, 48, 'reddit'));
  return {
    storagePath: 'u/generations/g.png',
    contentType: 'image/png',
    sizeBytes: bytes.length,
    read: async (s, e) => bytes.subarray(s, e),
  };
}
const listed = async () =>
  (
    (await (await fetch(`${sandbox.urls.reddit}/__sandbox/reddit/posts`)).json()) as {
      posts: Record<string, unknown>[];
    }
  ).posts;
const submitForm = () => new URLSearchParams(sent.find((s) => s.path === '/api/submit')!.body);

describe('publishing to Reddit', () => {
  it('posts a self post with its flair, sends the stored User-Agent and links the post', async () => {
    const t = title('Self post');
    const outcome = await createRedditPublisher(options()).publish(
      request({
        text: 'Body **markdown**',
        reddit: { subreddit: 'MuseSandbox', title: t, flairId: 'a1b2c3d4-0001' },
      }),
    );
    expect(outcome).toMatchObject({
      ok: true,
      post: {
        platformPostId: expect.stringMatching(/^t3_/),
        url: expect.stringMatching(/^https:\/\/www\.reddit\.com\/r\/MuseSandbox\/comments\//),
      },
    });
    expect(Object.fromEntries(submitForm())).toMatchObject({
      api_type: 'json',
      sr: 'MuseSandbox',
      kind: 'self',
      title: t,
      text: 'Body **markdown**',
      flair_id: 'a1b2c3d4-0001',
    });
    expect(sent.every((s) => s.headers.get('user-agent') === USER_AGENT)).toBe(true);
    expect((await listed()).find((p) => p.title === t)).toMatchObject({
      kind: 'self',
      link_flair_text: 'Discussion',
    });
  });

  it('posts a body that is only a URL as a link post', async () => {
    const t = title('Link post');
    const outcome = await createRedditPublisher(options()).publish(
      request({
        text: ' https://example.com/article?id=7 ',
        reddit: { subreddit: 'MuseSandbox', title: t },
      }),
    );
    expect(outcome.ok).toBe(true);
    expect(Object.fromEntries(submitForm())).toMatchObject({
      kind: 'link',
      url: 'https://example.com/article?id=7',
    });
  });

  it('posts a link already posted in that subreddit again, with resubmit=true as PRAW does', async () => {
    const link = `https://example.com/twice-${Date.now()}`;
    const first = await createRedditPublisher(options()).publish(
      request({ text: link, reddit: { subreddit: 'MuseSandbox', title: title('First') } }),
    );
    const second = await createRedditPublisher(options()).publish(
      request({ text: link, reddit: { subreddit: 'MuseSandbox', title: title('Again') } }),
    );
    expect([first.ok, second.ok]).toEqual([true, true]);
    expect(submitForm().get('resubmit')).toBe('true');
  });

  it('posts an image through the media lease and upload, then names the post from the account listing', async () => {
    const t = title('Image post');
    const progress: string[] = [];
    const outcome = await createRedditPublisher(options()).publish(
      request({
        media: [png()],
        reddit: { subreddit: 'MuseSandbox', title: t },
        onProgress: (_p, text) => void progress.push(text),
      }),
    );
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /api/media/asset.json',
      'POST /media-upload',
      'POST /api/submit',
      'GET /api/v1/me',
      `GET /user/${REDDIT_ACCOUNT.name}/submitted`,
    ]);
    expect(submitForm().get('kind')).toBe('image');
    expect(outcome).toMatchObject({
      ok: true,
      post: {
        platformPostId: expect.stringMatching(/^t3_/),
        url: expect.stringContaining('/r/MuseSandbox/comments/'),
      },
    });
    expect(progress).toEqual(['Uploading the image to Reddit', 'Posting to Reddit']);
  });

  it('sends the custom text of an editable flair', async () => {
    const t = title('Custom flair');
    await createRedditPublisher(options()).publish(
      request({
        text: 'x',
        reddit: {
          subreddit: 'MuseSandbox',
          title: t,
          flairId: 'a1b2c3d4-0003',
          flairText: 'My words',
        },
      }),
    );
    expect((await listed()).find((p) => p.title === t)).toMatchObject({
      link_flair_text: 'My words',
    });
  });

  it.each<[string, PublishRequest['reddit'], string, string]>([
    [
      'a subreddit that requires flair, posted without',
      { subreddit: 'FlairRequired', title: 'no flair' },
      'invalid_content',
      'r/FlairRequired requires a post flair: choose one and post again.',
    ],
    [
      'a subreddit that does not exist',
      { subreddit: 'doesnotexist', title: 'lost' },
      'invalid_content',
      'r/doesnotexist does not exist.',
    ],
    [
      'a subreddit the account may not post in',
      { subreddit: 'PrivateClub', title: 'members only' },
      'forbidden',
      'This account is not allowed to post in r/PrivateClub.',
    ],
    [
      'a flair the subreddit does not offer',
      { subreddit: 'MuseSandbox', title: 'odd flair', flairId: 'not-a-flair' },
      'invalid_content',
      'That flair is not offered in r/MuseSandbox any more: choose another and post again.',
    ],
  ])('turns json.errors for %s into plain words', async (_label, reddit, code, message) => {
    const outcome = await createRedditPublisher(options()).publish(
      request({ text: 'text', reddit }),
    );
    expect(outcome).toEqual({ ok: false, failure: { code, message } });
  });

  it("reports Reddit's RATELIMIT with its wait as the time a retry makes sense", async () => {
    sandbox.apps.reddit.faults.add({
      path: '/api/submit',
      times: 1,
      status: 200,
      body: {
        json: {
          errors: [
            [
              'RATELIMIT',
              "Looks like you've been doing that a lot. Take a break for 7 minutes before trying again.",
              'ratelimit',
            ],
          ],
          ratelimit: 420,
        },
      },
    });
    const outcome = await createRedditPublisher(options()).publish(
      request({ text: 'text', reddit: { subreddit: 'MuseSandbox', title: title('Rate limited') } }),
    );
    expect(outcome).toEqual({
      ok: false,
      failure: {
        code: 'rate_limited',
        message:
          "Reddit is limiting how often this account can post. Reddit says: “Looks like you've been doing that a lot. Take a break for 7 minutes before trying again.”",
        retryAt: clock + 420_000,
      },
    });
  });

  it('waits for the rate-limit window to reset when it resets soon', async () => {
    // One call left in the window: the submit uses it.
    await fetch(`${sandbox.urls.reddit}/__sandbox/reddit/ratelimit`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ remaining: 1 }),
    });
    const publisher = createRedditPublisher(options({ maxRateWaitMs: 3_600_000 }));
    const outcome = await publisher.publish(
      request({ text: 'text', reddit: { subreddit: 'MuseSandbox', title: title('Patient') } }),
    );
    expect(sleeps).toHaveLength(0);
    expect(outcome.ok).toBe(true);
    // The submit used the last call: the next one waits for the window's reset before asking.
    await fetch(`${sandbox.urls.reddit}/__sandbox/reddit/ratelimit`, { method: 'DELETE' });
    await publisher.findExisting(request({ reddit: { subreddit: 'MuseSandbox', title: 'x' } }));
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(0);
  });

  it('fails as rate limited, without calling, when the window resets too late to wait', async () => {
    await fetch(`${sandbox.urls.reddit}/__sandbox/reddit/ratelimit`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ remaining: 1 }),
    });
    const client = createRedditClient(options({ maxRateWaitMs: 0 }));
    await client.call('GET', '/api/v1/me');
    const before = sent.length;
    const flairs = await fetchSubredditFlairs(client, 'MuseSandbox');
    expect(flairs).toMatchObject({
      ok: false,
      failure: {
        code: 'rate_limited',
        message: redditMessages.rateLimited,
        retryAt: expect.any(Number),
      },
    });
    expect(sent.length).toBe(before);
  });

  it('answers a refused token as auth_expired, so the account is marked for reconnect', async () => {
    const outcome = await createRedditPublisher(options({ accessToken: 'expired-token' })).publish(
      request({ text: 'text', reddit: { subreddit: 'MuseSandbox', title: title('Expired') } }),
    );
    expect(outcome).toEqual({
      ok: false,
      failure: { code: 'auth_expired', message: redditMessages.reconnect, status: 401 },
    });
  });

  it('reports a submit that was sent and never answered as an unknown outcome', async () => {
    sandbox.apps.reddit.faults.add({ path: '/api/submit', times: 1, delayMs: 400 });
    const outcome = await createRedditPublisher(options({ requestTimeoutMs: 100 })).publish(
      request({ text: 'text', reddit: { subreddit: 'MuseSandbox', title: title('Slow') } }),
    );
    expect(outcome).toMatchObject({ ok: false, failure: { code: 'unknown_outcome' } });
  });

  it('finds a post an earlier attempt made, and nothing for a title never posted', async () => {
    const t = title('Found later');
    const made = await createRedditPublisher(options()).publish(
      request({ text: 'once', reddit: { subreddit: 'MuseSandbox', title: t } }),
    );
    const publisher = createRedditPublisher(options());
    expect(
      await publisher.findExisting(
        request({ text: 'once', reddit: { subreddit: 'MuseSandbox', title: t } }),
      ),
    ).toEqual(made.ok ? { status: 'found', post: made.post } : { status: 'absent' });
    expect(
      await publisher.findExisting(
        request({
          text: 'never',
          reddit: { subreddit: 'MuseSandbox', title: title('Never posted') },
        }),
      ),
    ).toEqual({ status: 'absent' });
  });

  it('refuses a lookup it cannot make, rather than saying the post does not exist', async () => {
    expect(
      await createRedditPublisher(options({ accessToken: 'bad-key' })).findExisting(
        request({ reddit: { subreddit: 'MuseSandbox', title: 't' } }),
      ),
    ).toMatchObject({
      status: 'unknown',
      reason: { message: expect.stringContaining(redditMessages.reconnect) },
    });
  });
});

describe('subreddit flairs', () => {
  it.each([
    ['MuseSandbox', ['Discussion', 'Showcase', 'Custom'], false],
    ['FlairRequired', ['Question', 'Art'], true],
    ['SomewhereElse', [], false],
    ['PrivateClub', [], false],
  ])('r/%s offers %j, flair required: %s', async (subreddit, texts, required) => {
    const result = await fetchSubredditFlairs(createRedditClient(options()), subreddit);
    expect(result.ok && result.value.flairs.map((f) => f.text)).toEqual(texts);
    expect(result.ok && result.value.flairRequired).toBe(required);
  });

  it('marks the flairs whose text the user may edit', async () => {
    const result = await fetchSubredditFlairs(createRedditClient(options()), 'MuseSandbox');
    expect(
      result.ok && result.value.flairs.filter((f) => f.textEditable).map((f) => f.text),
    ).toEqual(['Custom']);
  });
});

describe('checks before anything is sent', () => {
  const MB = 1024 * 1024;
  it.each<[string, Parameters<typeof checkRedditRequest>[0], string | undefined]>([
    [
      'a title and text',
      { text: 'hi', media: [], reddit: { subreddit: 's', title: 't' } },
      undefined,
    ],
    [
      'a title and an image',
      {
        text: '',
        media: [{ contentType: 'image/png', sizeBytes: MB }],
        reddit: { subreddit: 's', title: 't' },
      },
      undefined,
    ],
    [
      'no title',
      { text: 'hi', media: [], reddit: { subreddit: 's', title: ' ' } },
      'Please fill in all required fields',
    ],
    [
      'neither text nor media',
      { text: '', media: [], reddit: { subreddit: 's', title: 't' } },
      'Please fill in all required fields',
    ],
    [
      'a 301-character title',
      { text: 'hi', media: [], reddit: { subreddit: 's', title: 'a'.repeat(301) } },
      'Reddit titles can be at most 300 characters.',
    ],
    [
      'a video',
      {
        text: '',
        media: [{ contentType: 'video/mp4', sizeBytes: MB }],
        reddit: { subreddit: 's', title: 't' },
      },
      'Reddit image posts take PNG, JPEG or GIF images, not video/mp4.',
    ],
    [
      'two images',
      {
        text: '',
        media: [1, 2].map(() => ({ contentType: 'image/png', sizeBytes: MB })),
        reddit: { subreddit: 's', title: 't' },
      },
      'A Reddit post here carries one image.',
    ],
    [
      'a 21 MB image',
      {
        text: '',
        media: [{ contentType: 'image/jpeg', sizeBytes: 21 * MB }],
        reddit: { subreddit: 's', title: 't' },
      },
      'Images on Reddit can be at most 20 MB (this one is 21 MB)',
    ],
  ])('%s -> %s', (_label, req, message) => {
    expect(checkRedditRequest(req)?.message).toBe(message);
  });

  it.each([
    [
      '//reddit-uploaded-media.s3-accelerate.amazonaws.com',
      'https://reddit-uploaded-media.s3-accelerate.amazonaws.com',
    ],
    ['https://evil.example.com/upload', undefined],
    ['//evil.example.com', undefined],
  ])('trusts the upload host %s -> %s', (action, url) => {
    expect(redditUploadUrl(action, 'https://oauth.reddit.com')).toBe(url);
  });
});
