import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  oauthBaseString,
  oauthEncode,
  oauthSignature,
  sandboxSecretOf,
  sandboxUserId,
  X_DUPLICATE_DETAIL,
  xDisplayText,
  xRateLimitRoute,
} from './providers/x';
import { sandboxEngagement } from './providers/metrics';
import { startSandbox, type Sandbox } from './server';

// The X sandbox's own logic: OAuth 1.0a verification, duplicate and length checks, the user timeline,
// and the media upload state machine. Requests are signed here by hand with the sandbox's secrets.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  sandbox.apps.x.faults.clear();
  await fetch(`${sandbox.urls.x}/__sandbox/x/processing`, { method: 'DELETE' });
});

let nonce = 0;
interface Signed {
  consumerKey?: string;
  token?: string;
  consumerSecret?: string;
  tokenSecret?: string;
  timestamp?: number;
  tamper?: boolean;
  /** Leave a form body out of the signature. */
  unsignedBody?: boolean;
}

/** A request signed as X documents, with the sandbox's `<key>-secret` convention unless told otherwise. */
async function x(
  method: string,
  path: string,
  opts: Signed & { json?: unknown; form?: FormData; urlencoded?: Record<string, string> } = {},
) {
  const url = new URL(`${sandbox.urls.x}${path}`);
  const consumerKey = opts.consumerKey ?? 'app-key';
  const token = opts.token ?? '900-user-token';
  const oauth: Record<string, string> = {
    oauth_consumer_key: consumerKey,
    oauth_nonce: `nonce${(nonce += 1)}`,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(opts.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_token: token,
    oauth_version: '1.0',
  };
  const params: [string, string][] = [
    ...Object.entries(oauth),
    ...url.searchParams.entries(),
    ...Object.entries(opts.unsignedBody ? {} : (opts.urlencoded ?? {})),
  ];
  let signature = oauthSignature(
    oauthBaseString(method, `${url.origin}${url.pathname}`, params),
    opts.consumerSecret ?? sandboxSecretOf(consumerKey),
    opts.tokenSecret ?? sandboxSecretOf(token),
  );
  // Change the first character: the last ones carry padding bits and may already be what we would write.
  if (opts.tamper) signature = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
  const header = `OAuth ${Object.entries({ ...oauth, oauth_signature: signature })
    .map(([k, v]) => `${k}="${oauthEncode(v)}"`)
    .join(', ')}`;
  const headers: Record<string, string> = { authorization: header };
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.urlencoded) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.urlencoded).toString();
  } else if (opts.form) body = opts.form;
  const res = await fetch(url, { method, headers, body });
  // The answers differ per route (a post, a page of posts, media); the assertions below pin each shape.
  return {
    status: res.status,
    headers: res.headers,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: (await res.json()) as Record<string, any>,
  };
}

const UNAUTHORIZED = {
  status: 401,
  body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
};

describe('OAuth 1.0a verification', () => {
  it('accepts a request signed with the sandbox secrets, query parameters included', async () => {
    expect(await x('GET', '/2/users/me?user.fields=public_metrics')).toMatchObject({
      status: 200,
      body: { data: { id: '900', public_metrics: { followers_count: 12_500 } } },
    });
  });

  it('signs form-encoded body parameters, and not JSON bodies', async () => {
    // Signed with its form parameter: authenticated (the route then wants JSON, so 400 rather than 401).
    expect((await x('POST', '/2/tweets', { urlencoded: { text: 'form' } })).status).toBe(400);
    expect(
      (await x('POST', '/2/tweets', { urlencoded: { text: 'form' }, unsignedBody: true })).status,
    ).toBe(401);
    expect(
      (await x('POST', '/2/tweets', { json: { text: `json body ${Date.now()}` } })).status,
    ).toBe(201);
  });

  it.each([
    ['a tampered signature', { tamper: true }],
    ['a wrong consumer secret', { consumerSecret: 'guess' }],
    ['a wrong token secret', { tokenSecret: 'guess' }],
    ['a timestamp 6 minutes old', { timestamp: Math.floor(Date.now() / 1000) - 360 }],
    ['a timestamp 6 minutes ahead', { timestamp: Math.floor(Date.now() / 1000) + 360 }],
    ['the consumer key bad-key', { consumerKey: 'bad-key' }],
    ['the token expired-token', { token: 'expired-token' }],
  ])('refuses %s with X’s 401', async (_label, signed: Signed) => {
    expect(await x('GET', '/2/users/me', signed)).toMatchObject(UNAUTHORIZED);
  });

  it('refuses a request without an OAuth header', async () => {
    const res = await fetch(`${sandbox.urls.x}/2/users/me`);
    expect(res.status).toBe(401);
  });

  it('acts for the user id a token starts with, and a stable id otherwise', () => {
    expect(sandboxUserId('12345-abc')).toBe('12345');
    expect(sandboxUserId('sandbox-access-token')).toBe(sandboxUserId('sandbox-access-token'));
    expect(sandboxUserId('sandbox-access-token')).toMatch(/^\d+$/);
  });
});

describe('posts', () => {
  it('creates a post once and refuses the same text again with X’s duplicate body', async () => {
    const text = `duplicate check ${Date.now()}`;
    const first = await x('POST', '/2/tweets', { json: { text }, token: '901-t' });
    expect(first).toMatchObject({
      status: 201,
      body: { data: { text, edit_history_tweet_ids: [first.body.data.id] } },
    });
    expect(await x('POST', '/2/tweets', { json: { text }, token: '901-t' })).toMatchObject({
      status: 403,
      body: { title: 'Forbidden', type: 'about:blank', status: 403, detail: X_DUPLICATE_DETAIL },
    });
    // Another account may post the same words.
    expect((await x('POST', '/2/tweets', { json: { text }, token: '902-t' })).status).toBe(201);
  });

  it.each([
    ['280 ASCII characters', 'a'.repeat(280), 201],
    ['281 ASCII characters', 'a'.repeat(281), 400],
    ['140 CJK characters (weight 280)', '字'.repeat(140), 201],
    ['141 CJK characters', '字'.repeat(141), 400],
    ['a long URL counted as 23', `${'b'.repeat(256)} https://example.com/${'p'.repeat(100)}`, 201],
    ['a zero-width no-break space, which twitter-text calls invalid', 'Hello\uFEFFworld', 400],
    ['the noncharacters U+FFFF and U+FFFE', 'ABC\u202A\uFFFFABC\uFFFE', 400],
  ])('weighs %s as X does', async (_label, text, status) => {
    expect(
      (await x('POST', '/2/tweets', { json: { text }, token: `${903 + text.length}-t` })).status,
    ).toBe(status);
  });

  it('gives back text as X does: links as t.co, & < > escaped', () => {
    expect(xDisplayText('A & B <3 https://example.com/x', '1')).toMatch(
      /^A &amp; B &lt;3 https:\/\/t\.co\/[\w-]{10}$/,
    );
  });

  it('lists a user’s posts since start_time, newest first, in pages', async () => {
    const token = '950-timeline';
    const since = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000)
      .toISOString()
      .replace('.000Z', 'Z');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(
        (await x('POST', '/2/tweets', { json: { text: `timeline ${i}` }, token })).body.data.id,
      );
    const first = await x(
      'GET',
      `/2/users/950/tweets?start_time=${since}&max_results=5&tweet.fields=created_at`,
      { token },
    );
    expect(first.body.data.map((t: { id: string }) => t.id)).toEqual(ids.slice(2).reverse());
    expect(first.body.data[0].created_at).toMatch(/Z$/);
    expect(first.body.meta).toMatchObject({ result_count: 5, next_token: expect.any(String) });
    const second = await x(
      'GET',
      `/2/users/950/tweets?start_time=${since}&max_results=5&pagination_token=${first.body.meta.next_token}`,
      { token },
    );
    expect(second.body.data.map((t: { id: string }) => t.id)).toEqual(ids.slice(0, 2).reverse());
    expect(second.body.meta.next_token).toBeUndefined();
    const later = new Date(Date.now() + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(
      (await x('GET', `/2/users/950/tweets?start_time=${later}&max_results=5`, { token })).body,
    ).toEqual({ meta: { result_count: 0 } });
  });

  it('answers a fault with X’s problem shape and the headers asked for', async () => {
    sandbox.apps.x.faults.add({
      path: '/2/tweets',
      status: 429,
      headers: { 'x-rate-limit-reset': '1900000000' },
    });
    const res = await x('POST', '/2/tweets', { json: { text: 'rate limited' } });
    expect(res).toMatchObject({
      status: 429,
      body: {
        title: 'Too Many Requests',
        type: 'about:blank',
        status: 429,
        detail: 'Too Many Requests',
      },
    });
    expect(res.headers.get('x-rate-limit-reset')).toBe('1900000000');
  });
});

describe('lookups, replies and rate limits', () => {
  it('counts each endpoint under its row of X’s rate-limit table', async () => {
    const token = '960-limits';
    const post = await x('POST', '/2/tweets', { json: { text: `limits ${Date.now()}` }, token });
    const id = post.body.data.id as string;
    const limitOf = async (method: string, path: string) =>
      (await x(method, path, { token })).headers.get('x-rate-limit-limit');
    expect(post.headers.get('x-rate-limit-limit')).toBe('100');
    expect(await limitOf('GET', '/2/users/me')).toBe('75');
    expect(await limitOf('GET', `/2/tweets?ids=${id}`)).toBe('900');
    expect(await limitOf('GET', `/2/tweets/${id}`)).toBe('900');
    expect(await limitOf('GET', '/2/users/960/tweets?max_results=5')).toBe('900');
    expect(xRateLimitRoute('POST', '/2/media/upload/123/append')).toBe(
      'POST /2/media/upload/:id/append',
    );
  });

  it('refuses a reply_settings X does not know, and gives back the one set', async () => {
    const token = '961-replies';
    const refused = await x('POST', '/2/tweets', {
      json: { text: `anyone ${Date.now()}`, reply_settings: 'anyone' },
      token,
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        title: 'Invalid Request',
        errors: [
          {
            message: expect.stringContaining('$.reply_settings'),
            parameters: { reply_settings: ['anyone'] },
          },
        ],
      },
    });
    const made = await x('POST', '/2/tweets', {
      json: { text: `followers only ${Date.now()}`, reply_settings: 'following' },
      token,
    });
    expect(made.status).toBe(201);
    const plain = await x('POST', '/2/tweets', { json: { text: `plain ${Date.now()}` }, token });
    const looked = await x(
      'GET',
      `/2/tweets?ids=${made.body.data.id},${plain.body.data.id}&tweet.fields=reply_settings`,
      { token },
    );
    expect(looked.body.data.map((t: { reply_settings: string }) => t.reply_settings)).toEqual([
      'following',
      'everyone',
    ]);
  });

  it('looks up a thread with its conversation, what each replies to, and our replies counted', async () => {
    const token = '962-thread';
    const post = async (text: string, replyTo?: string) =>
      (
        await x('POST', '/2/tweets', {
          json: { text, ...(replyTo ? { reply: { in_reply_to_tweet_id: replyTo } } : {}) },
          token,
        })
      ).body.data.id as string;
    const root = await post(`thread root ${Date.now()}`);
    const comment = await post(`first comment ${Date.now()}`, root);
    const deeper = await post(`an answer ${Date.now()}`, comment);
    const fields = 'tweet.fields=conversation_id,referenced_tweets,public_metrics,author_id';
    const { body } = await x('GET', `/2/tweets?ids=${root},${comment},${deeper}&${fields}`, {
      token,
    });
    const base = (id: string) => sandboxEngagement(id, 0).comments;
    expect(body.data).toMatchObject([
      {
        id: root,
        conversation_id: root,
        author_id: '962',
        public_metrics: { reply_count: base(root) + 1 },
      },
      {
        id: comment,
        conversation_id: root,
        referenced_tweets: [{ type: 'replied_to', id: root }],
        public_metrics: { reply_count: base(comment) + 1 },
      },
      {
        id: deeper,
        conversation_id: root,
        referenced_tweets: [{ type: 'replied_to', id: comment }],
        public_metrics: { reply_count: base(deeper) },
      },
    ]);
    expect(body.data[0].referenced_tweets).toBeUndefined();
    const timeline = await x('GET', `/2/users/962/tweets?max_results=5&${fields}`, { token });
    expect(timeline.body.data.map((t: { conversation_id: string }) => t.conversation_id)).toEqual([
      root,
      root,
      root,
    ]);
  });

  it('answers GET /2/tweets/:id with the post, or X’s not-found problem in a 200', async () => {
    const token = '963-one';
    const id = (await x('POST', '/2/tweets', { json: { text: `one ${Date.now()}` }, token })).body
      .data.id as string;
    expect(
      await x('GET', `/2/tweets/${id}?tweet.fields=created_at,conversation_id`, { token }),
    ).toMatchObject({
      status: 200,
      body: { data: { id, conversation_id: id, created_at: expect.stringMatching(/Z$/) } },
    });
    const missing = await x('GET', '/2/tweets/1999999999999999999', { token });
    expect(missing).toMatchObject({
      status: 200,
      body: {
        errors: [
          {
            title: 'Not Found Error',
            parameter: 'id',
            resource_id: '1999999999999999999',
            type: 'https://api.twitter.com/2/problems/resource-not-found',
          },
        ],
      },
    });
    expect(missing.body.data).toBeUndefined();
  });
});

describe('media upload v2', () => {
  const token = '960-media';
  const segment = (bytes: number, index: number) => {
    const form = new FormData();
    form.set('segment_index', String(index));
    form.set('media', new Blob([new Uint8Array(bytes)]), 'chunk');
    return form;
  };

  it('takes an image in segments, finalizes it without processing, and lets a post attach it', async () => {
    const init = await x('POST', '/2/media/upload/initialize', {
      json: { media_type: 'image/png', total_bytes: 3000, media_category: 'tweet_image' },
      token,
    });
    expect(init.body.data).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      media_key: `3_${init.body.data.id}`,
      expires_after_secs: 86_400,
    });
    const id = init.body.data.id;
    expect(
      (await x('POST', `/2/media/upload/${id}/append`, { form: segment(2000, 0), token })).status,
    ).toBe(200);
    expect(
      (await x('POST', `/2/media/upload/${id}/append`, { form: segment(1000, 1), token })).status,
    ).toBe(200);
    const fin = await x('POST', `/2/media/upload/${id}/finalize`, { token });
    expect(fin.body.data).toEqual({
      id,
      media_key: `3_${id}`,
      size: 3000,
      expires_after_secs: 86_400,
    });
    expect(
      (
        await x('POST', '/2/tweets', {
          json: { text: `with image ${id}`, media: { media_ids: [id] } },
          token,
        })
      ).status,
    ).toBe(201);
  });

  it('refuses finalize when the segments do not add up to total_bytes', async () => {
    const id = (
      await x('POST', '/2/media/upload/initialize', {
        json: { media_type: 'image/png', total_bytes: 3000 },
        token,
      })
    ).body.data.id;
    await x('POST', `/2/media/upload/${id}/append`, { form: segment(2000, 0), token });
    expect((await x('POST', `/2/media/upload/${id}/finalize`, { token })).status).toBe(400);
  });

  it.each([
    ['an image over 5 MB', 'image/jpeg', 5 * 1024 * 1024 + 1],
    ['a GIF over 15 MB', 'image/gif', 15 * 1024 * 1024 + 1],
    ['an unsupported type', 'application/pdf', 100],
  ])('refuses to initialize %s', async (_label, media_type, total_bytes) => {
    expect(
      (await x('POST', '/2/media/upload/initialize', { json: { media_type, total_bytes }, token }))
        .status,
    ).toBe(400);
  });

  it('refuses a segment over 5 MB', async () => {
    const id = (
      await x('POST', '/2/media/upload/initialize', {
        json: {
          media_type: 'video/mp4',
          total_bytes: 6 * 1024 * 1024,
          media_category: 'tweet_video',
        },
        token,
      })
    ).body.data.id;
    expect(
      (
        await x('POST', `/2/media/upload/${id}/append`, {
          form: segment(5 * 1024 * 1024 + 1, 0),
          token,
        })
      ).status,
    ).toBe(400);
  });

  it('processes a video through pending and in_progress to succeeded, one step per STATUS, and holds posts until then', async () => {
    await fetch(`${sandbox.urls.x}/__sandbox/x/processing`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inProgressPolls: 2 }),
    });
    const id = (
      await x('POST', '/2/media/upload/initialize', {
        json: { media_type: 'video/mp4', total_bytes: 1000, media_category: 'tweet_video' },
        token,
      })
    ).body.data.id;
    await x('POST', `/2/media/upload/${id}/append`, { form: segment(1000, 0), token });
    const fin = await x('POST', `/2/media/upload/${id}/finalize`, { token });
    expect(fin.body.data.processing_info).toEqual({
      state: 'pending',
      check_after_secs: 1,
      progress_percent: 0,
    });
    expect(
      (
        await x('POST', '/2/tweets', {
          json: { text: `too early ${id}`, media: { media_ids: [id] } },
          token,
        })
      ).status,
    ).toBe(400);
    const states: string[] = [];
    for (let i = 0; i < 3; i++)
      states.push(
        (await x('GET', `/2/media/upload?command=STATUS&media_id=${id}`, { token })).body.data
          .processing_info.state,
      );
    expect(states).toEqual(['in_progress', 'in_progress', 'succeeded']);
    expect(
      (
        await x('POST', '/2/tweets', {
          json: { text: `video ${id}`, media: { media_ids: [id] } },
          token,
        })
      ).status,
    ).toBe(201);
  });

  it('fails processing when told to, with X’s error object', async () => {
    await fetch(`${sandbox.urls.x}/__sandbox/x/processing`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inProgressPolls: 0, outcome: 'failed' }),
    });
    const id = (
      await x('POST', '/2/media/upload/initialize', {
        json: { media_type: 'image/gif', total_bytes: 10, media_category: 'tweet_gif' },
        token,
      })
    ).body.data.id;
    await x('POST', `/2/media/upload/${id}/append`, { form: segment(10, 0), token });
    await x('POST', `/2/media/upload/${id}/finalize`, { token });
    expect(
      (await x('GET', `/2/media/upload?command=STATUS&media_id=${id}`, { token })).body.data
        .processing_info,
    ).toMatchObject({ state: 'failed', error: { name: 'InvalidMedia' } });
  });

  it('keeps one account’s media from another', async () => {
    const id = (
      await x('POST', '/2/media/upload/initialize', {
        json: { media_type: 'image/png', total_bytes: 10 },
        token,
      })
    ).body.data.id;
    expect(
      (
        await x('POST', `/2/media/upload/${id}/append`, {
          form: segment(10, 0),
          token: '961-other',
        })
      ).status,
    ).toBe(400);
  });
});
