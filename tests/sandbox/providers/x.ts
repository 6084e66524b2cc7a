import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import * as twitterTextModule from 'twitter-text';
import { CONTROL_PREFIX } from '../app';
import { agePost, sandboxEngagement } from './metrics';

// X API v2 (docs.x.com/x-api): OAuth 1.0a user context on every route, verified with the real HMAC-SHA1
// algorithm (docs.x.com/fundamentals/authentication/oauth-1-0a/creating-a-signature): the base string is
// rebuilt from the method, the URL without its query, the oauth_* header values, the query and any
// form-encoded body (JSON and multipart bodies are not signed). Errors are problem objects
// {title, type, status, detail}.
//
// Credentials: any key or token works when signed with its sandbox secret, `<key>-secret` for the consumer
// key and `<token>-secret` for the access token (scripts/stack/demo-account.ts seeds such a pair). The
// consumer key `bad-key`, the tokens `bad-key` and `expired-token`, a wrong signature or a timestamp more
// than 5 minutes off answer 401. A token `<digits>-...` acts for user id <digits>, as X's tokens do; any
// other token for a user id derived from it.
//
// Routes: POST /2/tweets (a reply with reply.in_reply_to_tweet_id, which must name an existing post; GET
// /2/users/{id}/tweets gives it back as referenced_tweets [{type: 'replied_to', id}]); GET /2/users/me; GET /2/users/{id}/tweets; media upload v2 (initialize, append,
// finalize, GET /2/media/upload?command=STATUS). Control: GET /__sandbox/x/tweets lists every post made;
// PUT /__sandbox/x/processing {inProgressPolls, outcome} sets how the next videos and GIFs process
// (DELETE resets to one in_progress answer, then succeeded).

// Post text is judged by twitter-text's own parseTweet, the library X's counting guide names
// (docs.x.com/fundamentals/counting-characters), never by the product's counter: weighted length at most
// 280 (its default config) and no character it calls invalid (U+FFFE, U+FEFF, U+FFFF). Its emoji table dates
// from 2019, so an emoji newer than that weighs per code point here: near the limit such a post is refused
// though X would take it (stricter than X, never looser).
// twitter-text ships CommonJS for Node and a default-export-only ESM build for bundlers.
const twitterText: typeof twitterTextModule =
  (twitterTextModule as unknown as { default?: typeof twitterTextModule }).default ??
  twitterTextModule;

/** parseTweet's default config (maxWeightedTweetLength), X's limit for a post. */
const MAX_WEIGHTED_LENGTH = 280;

const MB = 1024 * 1024;
const SKEW_SECONDS = 300;
export const X_SANDBOX_BAD_TOKENS = ['bad-key', 'expired-token'] as const;
export const X_SANDBOX_PUBLIC_METRICS = {
  followers_count: 12_500,
  following_count: 321,
  listed_count: 42,
  like_count: 2_048,
} as const;
const BASE_TWEET_COUNT = 1_024;

/** X's documented size limits per media category (default accounts). */
const CATEGORY_LIMITS: Record<string, number> = {
  tweet_image: 5 * MB,
  dm_image: 5 * MB,
  tweet_gif: 15 * MB,
  dm_gif: 15 * MB,
  tweet_video: 8 * 1024 * MB,
  amplify_video: 8 * 1024 * MB,
  dm_video: 512 * MB,
};
const SEGMENT_MAX_BYTES = 5 * MB;
/**
 * Requests per user per 15 minutes, by endpoint (X's rate-limit table, docs.x.com/x-api/fundamentals/rate-limits:
 * posts lookup 900, user posts timeline 900, POST /2/tweets 100, GET /2/users/me 75); other endpoints 500.
 */
const X_RATE_LIMITS: Record<string, number> = {
  'POST /2/tweets': 100,
  'GET /2/tweets': 900,
  'GET /2/tweets/:id': 900,
  'GET /2/users/me': 75,
  'GET /2/users/:id/tweets': 900,
};
/** The endpoint a request is counted under: each numeric path segment after the version (`/2`) is `:id`. */
export const xRateLimitRoute = (method: string, pathname: string): string =>
  `${method} ${pathname.replace(/^(\/2)(\/.*)?$/, (_, version: string, rest = '') => `${version}${rest.replace(/\/\d+(?=\/|$)/g, '/:id')}`)}`;
/**
 * POST /2/tweets reply_settings: who may reply, "following", "mentionedUsers", "subscribers" or "verified";
 * unset, everyone may (docs.x.com/x-api/posts/create-post, request body). X validates the body against its
 * schema and names the field in its Invalid Request problem.
 */
const X_REPLY_SETTINGS = ['following', 'mentionedUsers', 'subscribers', 'verified'] as const;
const IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/bmp',
  'image/pjpeg',
  'image/tiff',
];
const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/mp2t', 'video/quicktime'];

export const xProblem = (status: number, title: string, detail: string, type = 'about:blank') => ({
  title,
  type,
  status,
  detail,
});
const UNAUTHORIZED = xProblem(401, 'Unauthorized', 'Unauthorized');
export const X_DUPLICATE_DETAIL = 'You are not allowed to create a Tweet with duplicate content.';
export const X_TOO_LONG_MESSAGE =
  'Your Tweet text is too long. For more information on how Twitter determines text length see https://github.com/twitter/twitter-text.';
export const X_INVALID_TEXT_MESSAGE = 'Your Tweet text contains characters that are not allowed.';

/** What a fault answers when the test gives no body: X's problem object for that status. */
export function xFaultBody(status: number): object {
  const titles: Record<number, string> = {
    400: 'Invalid Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found Error',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    503: 'Service Unavailable',
  };
  const title = titles[status] ?? 'Error';
  return xProblem(status, title, title);
}

/** RFC 3986 percent-encoding, as OAuth 1.0a signs. */
export function oauthEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The signature base string: METHOD&enc(base URL)&enc(sorted enc(key)=enc(value) pairs). */
export function oauthBaseString(
  method: string,
  baseUrl: string,
  params: readonly (readonly [string, string])[],
): string {
  const encoded = params.map(([k, v]) => [oauthEncode(k), oauthEncode(v)] as const);
  encoded.sort(([ak, av], [bk, bv]) =>
    ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0,
  );
  const paramString = encoded.map(([k, v]) => `${k}=${v}`).join('&');
  return `${method.toUpperCase()}&${oauthEncode(baseUrl)}&${oauthEncode(paramString)}`;
}

export function oauthSignature(
  baseString: string,
  consumerSecret: string,
  tokenSecret: string,
): string {
  return createHmac('sha1', `${oauthEncode(consumerSecret)}&${oauthEncode(tokenSecret)}`)
    .update(baseString)
    .digest('base64');
}

export const sandboxSecretOf = (keyOrToken: string) => `${keyOrToken}-secret`;

function parseOAuthHeader(header: string | undefined): Map<string, string> | undefined {
  const m = /^OAuth\s+(.+)$/i.exec(header ?? '');
  if (!m) return undefined;
  const out = new Map<string, string>();
  for (const part of m[1]!.split(',')) {
    const kv = /^\s*([A-Za-z0-9_]+)="([^"]*)"\s*$/.exec(part);
    if (!kv) return undefined;
    try {
      out.set(kv[1]!, decodeURIComponent(kv[2]!));
    } catch {
      return undefined;
    }
  }
  return out;
}

/** The same user id for the same token, digits like X's (a `<id>-...` token acts for that id). */
export function sandboxUserId(token: string): string {
  const prefix = /^(\d{1,19})-/.exec(token)?.[1];
  if (prefix) return prefix;
  return String(
    BigInt(`0x${createHash('sha1').update(token).digest('hex').slice(0, 14)}`) + 1_000_000_000n,
  );
}

interface Account {
  userId: string;
}

/** Verifies OAuth 1.0a on a request; returns the account or the 401 to answer. */
async function authenticate(c: Context, now: number): Promise<Account | Response> {
  const refuse = () => c.json(UNAUTHORIZED, 401);
  const oauth = parseOAuthHeader(c.req.header('authorization'));
  if (!oauth) return refuse();
  const consumerKey = oauth.get('oauth_consumer_key');
  const token = oauth.get('oauth_token');
  const signature = oauth.get('oauth_signature');
  const timestamp = Number(oauth.get('oauth_timestamp'));
  if (!consumerKey || !token || !signature || !oauth.get('oauth_nonce')) return refuse();
  if (oauth.get('oauth_signature_method') !== 'HMAC-SHA1') return refuse();
  if (oauth.has('oauth_version') && oauth.get('oauth_version') !== '1.0') return refuse();
  if (consumerKey === 'bad-key' || (X_SANDBOX_BAD_TOKENS as readonly string[]).includes(token))
    return refuse();
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > SKEW_SECONDS)
    return refuse();

  const url = new URL(c.req.url);
  const params: [string, string][] = [...oauth.entries()].filter(
    ([k]) => k !== 'oauth_signature' && k !== 'realm',
  );
  for (const [k, v] of url.searchParams) params.push([k, v]);
  if (
    (c.req.header('content-type') ?? '')
      .toLowerCase()
      .startsWith('application/x-www-form-urlencoded')
  ) {
    for (const [k, v] of new URLSearchParams(await c.req.text())) params.push([k, v]);
  }
  const expected = oauthSignature(
    oauthBaseString(c.req.method, `${url.protocol}//${url.host}${url.pathname}`, params),
    sandboxSecretOf(consumerKey),
    sandboxSecretOf(token),
  );
  const given = Buffer.from(signature);
  const want = Buffer.from(expected);
  if (given.length !== want.length || !timingSafeEqual(given, want)) return refuse();
  return { userId: sandboxUserId(token) };
}

interface Tweet {
  id: string;
  text: string;
  authorId: string;
  createdAt: number;
  mediaIds: string[];
  /** The post this one replies to (reply.in_reply_to_tweet_id), for threads and replies. */
  inReplyTo?: string;
  /** Who may reply (POST /2/tweets reply_settings; X answers `everyone` when it was not set). */
  replySettings: string;
}

interface Media {
  id: string;
  mediaKey: string;
  ownerId: string;
  mediaType: string;
  category: string;
  totalBytes: number;
  segments: Map<number, number>;
  finalized: boolean;
  /** Answers to STATUS still to give before the outcome. */
  inProgressLeft: number;
  outcome: 'succeeded' | 'failed';
  state: 'pending' | 'in_progress' | 'succeeded' | 'failed' | undefined;
  statusPolls: number;
}

const DEFAULT_PROCESSING = { inProgressPolls: 1, outcome: 'succeeded' as 'succeeded' | 'failed' };

/** Post text as X's v2 answers give it back: URLs as t.co links, & < > escaped. */
export function xDisplayText(text: string, idSeed: string): string {
  let n = 0;
  const linked = text
    .normalize('NFC')
    .replace(
      /\bhttps?:\/\/[^\s<>"]+/gi,
      () =>
        `https://t.co/${createHash('sha1').update(`${idSeed}:${n++}`).digest('base64url').slice(0, 10)}`,
    );
  return linked.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const duplicateKey = (text: string) => text.normalize('NFC').trim();

function defaultCategory(mediaType: string): string | undefined {
  if (mediaType === 'image/gif') return 'tweet_gif';
  if (IMAGE_TYPES.includes(mediaType)) return 'tweet_image';
  if (VIDEO_TYPES.includes(mediaType)) return 'tweet_video';
  return undefined;
}

const isAsync = (category: string) => /video|gif/.test(category);

/** The parts of a multipart/form-data body by name, as raw bytes; undefined when it is not one. */
export function multipartParts(
  body: Buffer,
  contentType: string | undefined,
): Map<string, Buffer> | undefined {
  const boundary = /^multipart\/form-data;.*\bboundary=(?:"([^"]+)"|([^;\s]+))/i.exec(
    contentType ?? '',
  );
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts = new Map<string, Buffer>();
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return undefined;
    // Each part: CRLF, headers, a blank line, the bytes, then CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) return undefined;
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(
      part.subarray(0, headerEnd).toString(),
    )?.[1];
    if (name !== undefined) parts.set(name, part.subarray(headerEnd + 4));
    at = next;
  }
  return parts;
}

export function xRoutes(app: Hono): void {
  const tweets: Tweet[] = [];
  const media = new Map<string, Media>();
  let processing = { ...DEFAULT_PROCESSING };
  // Snowflake-sized ids that grow with time, as X's do.
  let sequence = 0n;
  const nextId = () => String((BigInt(Date.now()) << 22n) + (sequence++ % 4096n));

  app.get(`${CONTROL_PREFIX}/x/tweets`, (c) =>
    c.json({
      tweets: tweets.map((t) => ({
        id: t.id,
        text: t.text,
        authorId: t.authorId,
        mediaIds: t.mediaIds,
        inReplyTo: t.inReplyTo ?? null,
        createdAt: new Date(t.createdAt).toISOString(),
      })),
    }),
  );
  app.put(`${CONTROL_PREFIX}/x/processing`, async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as {
      inProgressPolls?: unknown;
      outcome?: unknown;
    };
    const polls = Number(body.inProgressPolls ?? DEFAULT_PROCESSING.inProgressPolls);
    if (!Number.isInteger(polls) || polls < 0 || polls > 100)
      return c.json({ error: 'inProgressPolls: 0 to 100' }, 400);
    if (body.outcome !== undefined && body.outcome !== 'succeeded' && body.outcome !== 'failed')
      return c.json({ error: 'outcome: succeeded or failed' }, 400);
    processing = {
      inProgressPolls: polls,
      outcome: (body.outcome as 'succeeded' | 'failed' | undefined) ?? 'succeeded',
    };
    return c.json(processing);
  });
  app.delete(`${CONTROL_PREFIX}/x/processing`, (c) => {
    processing = { ...DEFAULT_PROCESSING };
    return c.body(null, 204);
  });

  // Every answer carries X's rate-limit headers for its endpoint and user: the 15-minute window's limit, what
  // is left of it and when it resets (epoch seconds). Limits as X's rate-limit table gives them per user; the
  // media upload figure is the sandbox's own. The count never refuses (a 429 comes from the fault API).
  const windows = new Map<string, { resetAt: number; used: number }>();
  app.use('/2/*', async (c, next) => {
    await next();
    const route = xRateLimitRoute(c.req.method, new URL(c.req.url).pathname);
    const limit = X_RATE_LIMITS[route] ?? 500;
    const who = parseOAuthHeader(c.req.header('authorization'))?.get('oauth_token') ?? '';
    const key = `${who} ${route}`;
    const now = Math.floor(Date.now() / 1000);
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { resetAt: now + 15 * 60, used: 0 };
      windows.set(key, window);
    }
    window.used += 1;
    c.res.headers.set('x-rate-limit-limit', String(limit));
    c.res.headers.set('x-rate-limit-remaining', String(Math.max(0, limit - window.used)));
    c.res.headers.set('x-rate-limit-reset', String(window.resetAt));
  });

  /**
   * A post as X's lookups answer it (docs.x.com/x-api/fundamentals/data-dictionary, Post object): id, text and
   * edit_history_tweet_ids always; created_at, author_id, conversation_id (the id of the post that started
   * the thread), in_reply_to_user_id, referenced_tweets (`replied_to`), reply_settings and public_metrics when
   * tweet.fields asks for them. reply_count counts the replies made here (first comments, thread items) on
   * top of the figures that grow with age (./metrics.ts).
   */
  const tweetView = (t: Tweet, fields: string[]) => {
    const parent = t.inReplyTo ? tweets.find((p) => p.id === t.inReplyTo) : undefined;
    let root = t;
    for (
      let up = parent;
      up;
      up = up.inReplyTo ? tweets.find((p) => p.id === up!.inReplyTo) : undefined
    )
      root = up;
    const e = sandboxEngagement(t.id, Date.now() - t.createdAt);
    const replies = tweets.filter((r) => r.inReplyTo === t.id).length;
    const wants = (f: string) => fields.includes(f);
    return {
      id: t.id,
      text: xDisplayText(t.text, t.id),
      edit_history_tweet_ids: [t.id],
      ...(wants('created_at') ? { created_at: new Date(t.createdAt).toISOString() } : {}),
      ...(wants('author_id') ? { author_id: t.authorId } : {}),
      ...(wants('conversation_id') ? { conversation_id: root.id } : {}),
      ...(wants('in_reply_to_user_id') && parent ? { in_reply_to_user_id: parent.authorId } : {}),
      ...(wants('referenced_tweets') && t.inReplyTo
        ? { referenced_tweets: [{ type: 'replied_to', id: t.inReplyTo }] }
        : {}),
      ...(wants('reply_settings') ? { reply_settings: t.replySettings } : {}),
      ...(wants('public_metrics')
        ? {
            public_metrics: {
              retweet_count: e.shares,
              reply_count: e.comments + replies,
              like_count: e.likes,
              quote_count: e.quotes,
              bookmark_count: e.bookmarks,
              impression_count: e.impressions,
            },
          }
        : {}),
    };
  };

  const withAccount =
    (handler: (c: Context, account: Account) => Promise<Response> | Response) =>
    async (c: Context) => {
      const account = await authenticate(c, Date.now());
      if (account instanceof Response) return account;
      return handler(c, account);
    };
  const invalid = (c: Context, message: string, parameters: Record<string, string[]> = {}) =>
    c.json(
      {
        errors: [{ parameters, message }],
        title: 'Invalid Request',
        detail: 'One or more parameters to your request was invalid.',
        type: 'https://api.twitter.com/2/problems/invalid-request',
      },
      400,
    );

  app.post(
    '/2/tweets',
    withAccount(async (c, account) => {
      const body = (await c.req.json().catch(() => undefined)) as
        | {
            text?: unknown;
            media?: { media_ids?: unknown };
            reply?: { in_reply_to_tweet_id?: unknown };
            reply_settings?: unknown;
          }
        | undefined;
      if (!body || typeof body !== 'object') return invalid(c, 'Request body must be JSON');
      const replySettings = body.reply_settings;
      if (
        replySettings !== undefined &&
        !X_REPLY_SETTINGS.includes(replySettings as (typeof X_REPLY_SETTINGS)[number])
      )
        return invalid(
          c,
          `$.reply_settings: does not have a value in the enumeration [${X_REPLY_SETTINGS.join(', ')}]`,
          { reply_settings: [String(replySettings)] },
        );
      // A reply (a thread's next post): reply.in_reply_to_tweet_id names a post that must exist.
      const replyTo = body.reply === undefined ? undefined : body.reply?.in_reply_to_tweet_id;
      if (replyTo !== undefined && (typeof replyTo !== 'string' || !/^\d{1,19}$/.test(replyTo)))
        return invalid(c, 'reply.in_reply_to_tweet_id must be a post id', {
          'reply.in_reply_to_tweet_id': [String(replyTo)],
        });
      if (typeof replyTo === 'string' && !tweets.some((t) => t.id === replyTo)) {
        return c.json(
          xProblem(
            403,
            'Forbidden',
            'You attempted to reply to a Tweet that is deleted or not visible to you.',
          ),
          403,
        );
      }
      const text = typeof body.text === 'string' ? body.text : '';
      const mediaIds = Array.isArray(body.media?.media_ids) ? body.media.media_ids.map(String) : [];
      if (!text.trim() && mediaIds.length === 0)
        return invalid(c, 'Post text or media is required', { text: [] });
      if (text) {
        const parsed = twitterText.parseTweet(text);
        if (parsed.weightedLength > MAX_WEIGHTED_LENGTH)
          return invalid(c, X_TOO_LONG_MESSAGE, { text: [] });
        if (!parsed.valid) return invalid(c, X_INVALID_TEXT_MESSAGE, { text: [] });
      }
      for (const id of mediaIds) {
        const m = media.get(id);
        if (
          !m ||
          m.ownerId !== account.userId ||
          !m.finalized ||
          (isAsync(m.category) && m.state !== 'succeeded')
        )
          return invalid(c, 'Your media IDs are invalid.', { 'media.media_ids': mediaIds });
      }
      if (
        tweets.some(
          (t) =>
            t.authorId === account.userId && text && duplicateKey(t.text) === duplicateKey(text),
        )
      ) {
        return c.json(xProblem(403, 'Forbidden', X_DUPLICATE_DETAIL), 403);
      }
      const tweet: Tweet = {
        id: nextId(),
        text,
        authorId: account.userId,
        createdAt: Date.now(),
        mediaIds,
        ...(typeof replyTo === 'string' ? { inReplyTo: replyTo } : {}),
        replySettings: typeof replySettings === 'string' ? replySettings : 'everyone',
      };
      tweets.push(tweet);
      return c.json(
        {
          data: {
            id: tweet.id,
            text: xDisplayText(tweet.text, tweet.id),
            edit_history_tweet_ids: [tweet.id],
          },
        },
        201,
      );
    }),
  );

  app.get(
    '/2/users/me',
    withAccount((c, account) => {
      const fields = (c.req.query('user.fields') ?? '').split(',');
      const tail = account.userId.slice(-6);
      const user: Record<string, unknown> = {
        id: account.userId,
        name: 'Sandbox Creator',
        username: `sandbox_${tail}`,
      };
      if (fields.includes('public_metrics')) {
        const own = tweets.filter((t) => t.authorId === account.userId).length;
        user.public_metrics = { ...X_SANDBOX_PUBLIC_METRICS, tweet_count: BASE_TWEET_COUNT + own };
      }
      return c.json({ data: user });
    }),
  );

  // A user's posts, newest first, pages of max_results (5-100) with meta.next_token.
  app.get(
    '/2/users/:id/tweets',
    withAccount((c) => {
      const id = c.req.param('id') ?? '';
      if (!/^\d{1,19}$/.test(id))
        return invalid(c, `The \`id\` query parameter value [${id}] is not valid`, { id: [id] });
      const max = Number(c.req.query('max_results') ?? 10);
      if (!Number.isInteger(max) || max < 5 || max > 100)
        return invalid(
          c,
          `The \`max_results\` query parameter value [${c.req.query('max_results')}] is not between 5 and 100`,
        );
      const startRaw = c.req.query('start_time');
      const start = startRaw ? Date.parse(startRaw) : 0;
      if (
        startRaw &&
        (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/.test(startRaw) || Number.isNaN(start))
      )
        return invalid(
          c,
          `Invalid 'start_time':'${startRaw}'. 'start_time' must be a valid RFC 3339 date`,
        );
      const offset = Number(c.req.query('pagination_token') ?? 0) || 0;
      const fields = (c.req.query('tweet.fields') ?? '').split(',');
      const mine = tweets
        .filter((t) => t.authorId === id && t.createdAt >= start)
        .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
      const page = mine.slice(offset, offset + max);
      if (page.length === 0) return c.json({ meta: { result_count: 0 } });
      const data = page.map((t) => tweetView(t, fields));
      const more = offset + max < mine.length;
      return c.json({
        data,
        meta: {
          result_count: data.length,
          newest_id: page[0]!.id,
          oldest_id: page.at(-1)!.id,
          ...(more ? { next_token: String(offset + max) } : {}),
        },
      });
    }),
  );

  // Media upload v2 (docs.x.com/x-api/media): initialize, append segments, finalize, then STATUS while processing.
  const mediaView = (m: Media) => ({ id: m.id, media_key: m.mediaKey });
  const ownMedia = (c: Context, account: Account, id: string | undefined): Media | Response => {
    const m = id ? media.get(id) : undefined;
    if (!m || m.ownerId !== account.userId)
      return c.json(xProblem(400, 'Invalid Request', `Media id ${id ?? ''} was not found`), 400);
    return m;
  };

  app.post(
    '/2/media/upload/initialize',
    withAccount(async (c, account) => {
      const body = (await c.req.json().catch(() => undefined)) as
        { media_type?: unknown; total_bytes?: unknown; media_category?: unknown } | undefined;
      const mediaType = typeof body?.media_type === 'string' ? body.media_type : '';
      const totalBytes = Number(body?.total_bytes);
      if (!mediaType) return invalid(c, 'media_type is required', { media_type: [] });
      const category =
        typeof body?.media_category === 'string' ? body.media_category : defaultCategory(mediaType);
      if (!category || !(category in CATEGORY_LIMITS) || defaultCategory(mediaType) === undefined)
        return invalid(c, `Unsupported media type ${mediaType}`, { media_type: [mediaType] });
      if (!Number.isInteger(totalBytes) || totalBytes <= 0)
        return invalid(c, 'total_bytes must be a positive integer', {
          total_bytes: [String(body?.total_bytes)],
        });
      if (totalBytes > CATEGORY_LIMITS[category]!)
        return invalid(
          c,
          `File size exceeds ${CATEGORY_LIMITS[category]! / MB} MB for ${category}`,
          { total_bytes: [String(totalBytes)] },
        );
      const id = nextId();
      const prefix = category.includes('video')
        ? category === 'amplify_video'
          ? 13
          : 7
        : category.includes('gif')
          ? 16
          : 3;
      const m: Media = {
        id,
        mediaKey: `${prefix}_${id}`,
        ownerId: account.userId,
        mediaType,
        category,
        totalBytes,
        segments: new Map(),
        finalized: false,
        inProgressLeft: processing.inProgressPolls,
        outcome: processing.outcome,
        state: undefined,
        statusPolls: 0,
      };
      media.set(id, m);
      return c.json({ data: { ...mediaView(m), expires_after_secs: 86_400 } });
    }),
  );

  app.post(
    '/2/media/upload/:id/append',
    withAccount(async (c, account) => {
      const m = ownMedia(c, account, c.req.param('id'));
      if (m instanceof Response) return m;
      if (m.finalized) return invalid(c, 'Media upload was already finalized');
      // Read as raw parts: a `media` part need not name a file (twitter-api-v2 sends none), and its bytes are
      // binary either way, which a form decoder would read as text.
      const form = multipartParts(
        Buffer.from(await c.req.arrayBuffer()),
        c.req.header('content-type'),
      );
      const segmentRaw = form?.get('segment_index')?.toString();
      const segment = Number(segmentRaw);
      if (!segmentRaw || !Number.isInteger(segment) || segment < 0 || segment > 999)
        return invalid(c, 'segment_index must be between 0 and 999', {
          segment_index: [String(segmentRaw)],
        });
      const file = form?.get('media');
      const mediaData = form?.get('media_data');
      let size: number;
      if (file) size = file.length;
      else if (mediaData) size = Buffer.from(mediaData.toString(), 'base64').length;
      else return invalid(c, 'media or media_data is required', { media: [] });
      if (size === 0) return invalid(c, 'The segment is empty');
      if (size > SEGMENT_MAX_BYTES)
        return invalid(c, `Each segment must be ${SEGMENT_MAX_BYTES / MB} MB or smaller`, {
          media: [String(size)],
        });
      m.segments.set(segment, size);
      return c.json({ data: { expires_at: Math.floor(Date.now() / 1000) + 86_400 } });
    }),
  );

  const processingInfo = (m: Media) => {
    if (m.state === 'failed')
      return {
        state: 'failed',
        progress_percent: 100,
        error: { code: 1, name: 'InvalidMedia', message: 'Unsupported video format' },
      };
    if (m.state === 'succeeded') return { state: 'succeeded', progress_percent: 100 };
    return {
      state: m.state,
      check_after_secs: m.state === 'pending' ? 1 : 5,
      progress_percent: m.state === 'pending' ? 0 : 50,
    };
  };

  app.post(
    '/2/media/upload/:id/finalize',
    withAccount((c, account) => {
      const m = ownMedia(c, account, c.req.param('id'));
      if (m instanceof Response) return m;
      if (m.finalized) return invalid(c, 'Media upload was already finalized');
      const indices = [...m.segments.keys()].sort((a, b) => a - b);
      const received = [...m.segments.values()].reduce((a, b) => a + b, 0);
      if (indices.some((v, i) => v !== i) || received !== m.totalBytes)
        return invalid(c, 'Segments do not add up to provided total file size.', {
          total_bytes: [String(m.totalBytes)],
        });
      m.finalized = true;
      const data: Record<string, unknown> = {
        ...mediaView(m),
        size: m.totalBytes,
        expires_after_secs: 86_400,
      };
      if (isAsync(m.category)) {
        m.state = 'pending';
        data.processing_info = processingInfo(m);
      }
      return c.json({ data });
    }),
  );

  // STATUS: one step per call: pending, in_progress (inProgressPolls answers), then the outcome.
  app.get(
    '/2/media/upload',
    withAccount((c, account) => {
      if (c.req.query('command') !== 'STATUS')
        return invalid(c, 'command must be STATUS', { command: [c.req.query('command') ?? ''] });
      const m = ownMedia(c, account, c.req.query('media_id'));
      if (m instanceof Response) return m;
      if (!m.finalized || !m.state)
        return invalid(c, 'Media has no processing status', { media_id: [m.id] });
      m.statusPolls += 1;
      if (m.state === 'pending' || m.state === 'in_progress') {
        if (m.inProgressLeft > 0) {
          m.inProgressLeft -= 1;
          m.state = 'in_progress';
        } else {
          m.state = m.outcome;
        }
      }
      return c.json({ data: { ...mediaView(m), processing_info: processingInfo(m) } });
    }),
  );

  // Posts lookup with their public metrics (GET /2/tweets?ids=1,2&tweet.fields=public_metrics), any author's:
  // ids not found come back under `errors` as X's resource-not-found problems. The figures grow with the
  // post's age (./metrics.ts); `POST /__sandbox/x/posts/age {id, hours}` ages one.
  app.post(`${CONTROL_PREFIX}/x/posts/age`, (c) =>
    agePost(c, (id, createdAt) => {
      const tweet = tweets.find((t) => t.id === id);
      if (tweet) tweet.createdAt = createdAt;
      return !!tweet;
    }),
  );
  app.get(
    '/2/tweets',
    withAccount((c) => {
      const raw = c.req.query('ids') ?? '';
      const ids = raw.split(',');
      if (!raw || ids.length > 100 || ids.some((id) => !/^\d{1,19}$/.test(id)))
        return invalid(c, `The \`ids\` query parameter value [${raw}] is not valid`, {
          ids: [raw],
        });
      const fields = (c.req.query('tweet.fields') ?? '').split(',');
      const data = [];
      const errors = [];
      for (const id of ids) {
        const t = tweets.find((tweet) => tweet.id === id);
        if (!t) {
          errors.push({
            value: id,
            detail: `Could not find tweet with ids: [${id}].`,
            title: 'Not Found Error',
            resource_type: 'tweet',
            parameter: 'ids',
            resource_id: id,
            type: 'https://api.twitter.com/2/problems/resource-not-found',
          });
          continue;
        }
        data.push(tweetView(t, fields));
      }
      return c.json({ ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) });
    }),
  );

  // One post (GET /2/tweets/:id, docs.x.com/x-api/posts/get-post-by-id): the same fields as the lookup above;
  // an id not found is a 200 whose `errors` holds X's resource-not-found problem, with no `data`.
  app.get(
    '/2/tweets/:id',
    withAccount((c) => {
      const id = c.req.param('id') ?? '';
      if (!/^\d{1,19}$/.test(id))
        return invalid(c, `The \`id\` query parameter value [${id}] is not valid`, { id: [id] });
      const t = tweets.find((tweet) => tweet.id === id);
      if (!t)
        return c.json({
          errors: [
            {
              value: id,
              detail: `Could not find tweet with id: [${id}].`,
              title: 'Not Found Error',
              resource_type: 'tweet',
              parameter: 'id',
              resource_id: id,
              type: 'https://api.twitter.com/2/problems/resource-not-found',
            },
          ],
        });
      return c.json({ data: tweetView(t, (c.req.query('tweet.fields') ?? '').split(',')) });
    }),
  );
}
