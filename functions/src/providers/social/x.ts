import OAuth from 'oauth-1.0a';
import { createHmac } from 'node:crypto';
import {
  X_UPLOAD_CHUNK_BYTES,
  xMediaKind,
  xMediaProblem,
  type XMediaKind,
} from '@core/social-limits';
import { retrying, type Attempt, type RetryDeps } from '../../lib/retry';
import { send, unreadable } from './http';
import {
  absent,
  found,
  lookupUnknown,
  type FollowUpRequest,
  type LookupResult,
  type PublishFailure,
  type PublishMedia,
  type PublishOutcome,
  type PublishRequest,
  type SocialPublisher,
} from './social-publisher';
import { jsonObject, type JsonObject } from '@core/json';

// X (API v2) behind SocialPublisher. Every call is signed with OAuth 1.0a user context (HMAC-SHA1 through
// oauth-1.0a, the key pair the user saved in Integrations). Media go through the v2 chunked upload:
// POST /2/media/upload/initialize, /{id}/append in segments of at most 5 MB read by range, /{id}/finalize,
// then GET /2/media/upload?command=STATUS while processing_info says so, waiting check_after_secs between
// polls. Upload steps that failed for a passing reason (429, 5xx, no answer) are retried through `retry`;
// they create nothing anyone sees. The post itself is POST /2/tweets, sent once: after a timeout the
// outcome is unknown and findExisting looks the post up among the account's posts
// (GET /2/users/{id}/tweets?start_time=).

export interface XCredentials {
  consumerKey: string;
  consumerSecret: string;
  accessToken: string;
  accessTokenSecret: string;
}

export interface XClientOptions {
  credentials: XCredentials;
  /** The API origin without a trailing slash (core/providers.ts, X_BASE_URL). */
  baseUrl: string;
  fetch: typeof fetch;
  /** Epoch ms; signs oauth_timestamp and dates rate-limit resets. */
  now: () => number;
  requestTimeoutMs?: number;
}

export interface XPublisherOptions extends XClientOptions {
  sleep: (ms: number) => Promise<void>;
  /** Retries of media upload steps (never of the post); none when omitted. */
  retry?: RetryDeps;
  /** Longest wait for X to process a video or GIF. */
  maxProcessingMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_PROCESSING_MS = 10 * 60_000;
/** Pages of 100 posts read when looking a post up after an unknown outcome. */
const LOOKUP_MAX_PAGES = 5;
/** Our clock and X's may differ: the lookup starts this much before the first attempt. */
const LOOKUP_CLOCK_MARGIN_MS = 60_000;
const MESSAGE_MAX_CHARS = 200;

export const xMessages = {
  authExpired: 'X refused the stored credentials: reconnect your X account in Integrations',
  duplicate: 'X refused this post because the same text was already posted from this account',
  forbidden: (detail: string) => `X did not allow this post${detail ? `: ${detail}` : ''}`,
  rateLimited: (minutes: number | undefined) =>
    `X is rate limiting this account${minutes ? `: try again in ${minutes} minute${minutes === 1 ? '' : 's'}` : ': try again later'}`,
  invalid: (detail: string) => `X refused the post${detail ? `: ${detail}` : ''}`,
  unavailable: 'X is not answering right now. Please try again.',
  unknownOutcome: 'X did not answer in time: the post may have been published',
  processingFailed: (detail: string) =>
    `X could not process the media${detail ? `: ${detail}` : ''}`,
  processingTimeout: (minutes: number) =>
    `X did not finish processing the media within ${minutes} minutes`,
} as const;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const cut = (text: string) =>
  text.length > MESSAGE_MAX_CHARS ? `${text.slice(0, MESSAGE_MAX_CHARS - 1)}…` : text;

/** The OAuth 1.0a signer X documents: HMAC-SHA1 over the base string, keyed by both secrets. */
export function createXOAuth(consumer: { key: string; secret: string }, now?: () => number): OAuth {
  const oauth = new OAuth({
    consumer,
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  if (now) oauth.getTimeStamp = () => Math.floor(now() / 1000);
  return oauth;
}

/** RFC 3986 query encoding: what OAuth signs (URLSearchParams would write spaces as '+'). */
function queryString(query: Record<string, string | undefined>): string {
  const pairs = Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined);
  if (pairs.length === 0) return '';
  const enc = (s: string) =>
    encodeURIComponent(s).replace(
      /[!'()*]/g,
      (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  return `?${pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}`;
}

/** X's error text: problem `detail`, or the first of `errors[].message`. */
export function xErrorDetail(body: unknown): string {
  const b = jsonObject(body);
  const first = Array.isArray(b?.errors) ? str(jsonObject(b.errors[0])?.message) : undefined;
  const detail = str(b?.detail);
  // "One or more parameters to your request was invalid." says less than the message beside it.
  return cut((first ?? detail ?? '').trim());
}

interface HeadersLike {
  get(name: string): string | null;
}

/** Epoch ms at which X's limit resets: x-rate-limit-reset (epoch seconds), else Retry-After. */
function retryAtOf(headers: HeadersLike, now: number): number | undefined {
  const reset = Number(headers.get('x-rate-limit-reset') ?? NaN);
  if (Number.isFinite(reset) && reset > 0) return reset * 1000;
  const after = Number(headers.get('retry-after') ?? NaN);
  if (Number.isFinite(after) && after >= 0) return now + after * 1000;
  return undefined;
}

export function xFailure(
  status: number,
  body: unknown,
  headers: HeadersLike,
  now: number,
): PublishFailure {
  const detail = xErrorDetail(body);
  if (status === 401) return { code: 'auth_expired', message: xMessages.authExpired, status };
  if (status === 403 && /duplicate content/i.test(detail))
    return { code: 'duplicate', message: xMessages.duplicate, status };
  if (status === 403) return { code: 'forbidden', message: xMessages.forbidden(detail), status };
  if (status === 429) {
    const retryAt = retryAtOf(headers, now);
    const minutes =
      retryAt === undefined ? undefined : Math.max(1, Math.ceil((retryAt - now) / 60_000));
    return {
      code: 'rate_limited',
      message: xMessages.rateLimited(minutes),
      status,
      ...(retryAt === undefined ? {} : { retryAt }),
    };
  }
  if (status === 413)
    return { code: 'media_too_large', message: xMessages.invalid(detail), status };
  if (status >= 500) return { code: 'unavailable', message: xMessages.unavailable, status };
  return { code: 'invalid_content', message: xMessages.invalid(detail), status };
}

type Answer =
  | { ok: true; status: number; headers: Headers; body: unknown }
  | { ok: false; failure: PublishFailure };

/** A signed X API client: one request per call, never retried here. */
export function createXClient(options: XClientOptions) {
  const { credentials, baseUrl, now } = options;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const oauth = createXOAuth(
    { key: credentials.consumerKey, secret: credentials.consumerSecret },
    now,
  );
  const token = { key: credentials.accessToken, secret: credentials.accessTokenSecret };

  /**
   * Sends one request. A request that may have reached X and got no usable answer comes back as
   * unknown_outcome when `mayCreate` (the post may exist), otherwise as unavailable.
   */
  async function request(
    method: 'GET' | 'POST',
    path: string,
    init: {
      query?: Record<string, string | undefined>;
      json?: unknown;
      form?: FormData;
      mayCreate?: boolean;
    } = {},
  ): Promise<Answer> {
    const url = `${baseUrl}${path}${queryString(init.query ?? {})}`;
    // JSON and multipart bodies are not part of the signature; the query is.
    const auth = oauth.toHeader(oauth.authorize({ url, method }, token));
    const headers: Record<string, string> = { authorization: auth.Authorization };
    let body: string | FormData | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      body = init.form;
    }
    const noAnswer = (sent: boolean): Answer => ({
      ok: false,
      failure:
        sent && init.mayCreate
          ? { code: 'unknown_outcome', message: xMessages.unknownOutcome }
          : { code: 'unavailable', message: xMessages.unavailable },
    });
    const answer = await send(options.fetch, url, { method, headers, body, timeoutMs });
    if (answer.status === undefined) return noAnswer(!answer.neverSent);
    if (!answer.ok)
      return { ok: false, failure: xFailure(answer.status, answer.json, answer.headers, now()) };
    // A 2xx we cannot read may still have made the post.
    if (unreadable(answer)) return noAnswer(true);
    return { ok: true, status: answer.status, headers: answer.headers, body: answer.json };
  }

  return { request };
}

export type XClient = ReturnType<typeof createXClient>;

export interface XProfile {
  userId: string;
  username: string;
  name: string;
  followers: number;
  following: number;
  posts: number;
}

async function me(
  client: XClient,
  metrics: boolean,
): Promise<{ ok: true; data: JsonObject } | { ok: false; failure: PublishFailure }> {
  const answer = await client.request('GET', '/2/users/me', {
    query: metrics ? { 'user.fields': 'public_metrics' } : undefined,
  });
  if (!answer.ok) return answer;
  const data = jsonObject(jsonObject(answer.body)?.data);
  if (!data || !str(data.id))
    return {
      ok: false,
      failure: { code: 'unavailable', message: xMessages.unavailable, status: answer.status },
    };
  return { ok: true, data };
}

/** Followers, following and post count for the stat cards (GET /2/users/me?user.fields=public_metrics). */
export async function fetchXProfile(
  options: XClientOptions,
): Promise<{ ok: true; profile: XProfile } | { ok: false; failure: PublishFailure }> {
  const result = await me(createXClient(options), true);
  if (!result.ok) return result;
  const { data } = result;
  const metrics = jsonObject(data.public_metrics) ?? {};
  const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    ok: true,
    profile: {
      userId: String(data.id),
      username: str(data.username) ?? '',
      name: str(data.name) ?? '',
      followers: count(metrics.followers_count),
      following: count(metrics.following_count),
      posts: count(metrics.tweet_count),
    },
  };
}

const MEDIA_CATEGORY: Record<XMediaKind, string> = {
  image: 'tweet_image',
  gif: 'tweet_gif',
  video: 'tweet_video',
};

/** Post text as X gives it back compared with what we sent: links become t.co, & < > come back escaped. */
export function comparablePostText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .normalize('NFC')
    .replace(/\bhttps?:\/\/[^\s<>"]+/gi, '<link>')
    .replace(/\s+/g, ' ')
    .trim();
}

export const xPostUrl = (id: string) => `https://x.com/i/status/${id}`;

export function createXPublisher(options: XPublisherOptions): SocialPublisher {
  const client = createXClient(options);
  const { sleep } = options;
  const maxProcessingMs = options.maxProcessingMs ?? DEFAULT_MAX_PROCESSING_MS;

  type Step<T> = { ok: true; value: T } | { ok: false; failure: PublishFailure };

  /** An upload step: retried when X refused it for a passing reason. */
  async function uploadStep(...args: Parameters<XClient['request']>): Promise<Answer> {
    if (!options.retry) return client.request(...args);
    const deps = options.retry;
    const result = await retrying(async (): Promise<Attempt<Answer, PublishFailure>> => {
      const answer = await client.request(...args);
      if (answer.ok) return { ok: true, value: answer };
      const { failure } = answer;
      const retryable = failure.code === 'unavailable' || failure.code === 'rate_limited';
      return {
        ok: false,
        error: failure,
        retryable,
        ...(failure.retryAt === undefined
          ? {}
          : { retryAfterMs: Math.max(0, failure.retryAt - deps.now()) }),
      };
    }, deps);
    return result.ok ? result.value : { ok: false, failure: result.error };
  }

  async function waitForProcessing(
    mediaId: string,
    info: JsonObject | undefined,
    report: (text: string) => Promise<void>,
  ): Promise<Step<void>> {
    let waitedMs = 0;
    let processing = info;
    while (processing) {
      const state = str(processing.state);
      if (state === 'succeeded') return { ok: true, value: undefined };
      if (state === 'failed')
        return {
          ok: false,
          failure: {
            code: 'media_processing_failed',
            message: xMessages.processingFailed(
              cut(str(jsonObject(processing.error)?.message) ?? ''),
            ),
          },
        };
      const afterMs = Math.max(1, Number(processing.check_after_secs) || 1) * 1000;
      if (waitedMs + afterMs > maxProcessingMs)
        return {
          ok: false,
          failure: {
            code: 'media_processing_failed',
            message: xMessages.processingTimeout(Math.round(maxProcessingMs / 60_000)),
          },
        };
      await sleep(afterMs);
      waitedMs += afterMs;
      const status = await uploadStep('GET', '/2/media/upload', {
        query: { command: 'STATUS', media_id: mediaId },
      });
      if (!status.ok) return status;
      processing = jsonObject(jsonObject(jsonObject(status.body)?.data)?.processing_info);
      const percent = Number(processing?.progress_percent);
      await report(`X is processing the media${Number.isFinite(percent) ? ` (${percent}%)` : ''}`);
    }
    return { ok: true, value: undefined };
  }

  async function upload(
    media: PublishMedia,
    kind: XMediaKind,
    progress: (sentBytes: number, text: string) => Promise<void>,
  ): Promise<Step<string>> {
    const init = await uploadStep('POST', '/2/media/upload/initialize', {
      json: {
        media_type: media.contentType,
        total_bytes: media.sizeBytes,
        media_category: MEDIA_CATEGORY[kind],
      },
    });
    if (!init.ok) return init;
    const mediaId = str(jsonObject(jsonObject(init.body)?.data)?.id);
    if (!mediaId)
      return {
        ok: false,
        failure: { code: 'unavailable', message: xMessages.unavailable, status: init.status },
      };

    for (
      let start = 0, segment = 0;
      start < media.sizeBytes;
      start += X_UPLOAD_CHUNK_BYTES, segment++
    ) {
      const end = Math.min(media.sizeBytes, start + X_UPLOAD_CHUNK_BYTES);
      const bytes = await media.read(start, end);
      const form = new FormData();
      form.set('segment_index', String(segment));
      form.set(
        'media',
        new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }),
        'segment',
      );
      const appended = await uploadStep(
        'POST',
        `/2/media/upload/${encodeURIComponent(mediaId)}/append`,
        { form },
      );
      if (!appended.ok) return appended;
      await progress(end, 'Uploading media to X');
    }

    const finalized = await uploadStep(
      'POST',
      `/2/media/upload/${encodeURIComponent(mediaId)}/finalize`,
    );
    if (!finalized.ok) return finalized;
    const processing = jsonObject(jsonObject(jsonObject(finalized.body)?.data)?.processing_info);
    const waited = await waitForProcessing(mediaId, processing, (text) =>
      progress(media.sizeBytes, text),
    );
    return waited.ok ? { ok: true, value: mediaId } : waited;
  }

  /** Uploads the media, then POST /2/tweets once (a reply when `replyTo` names the post it answers). */
  async function createTweet(
    request: Pick<PublishRequest, 'text' | 'media' | 'onProgress'>,
    replyTo?: string,
  ): Promise<PublishOutcome> {
    const problem = xMediaProblem(request.media);
    if (problem) return { ok: false, failure: problem };

    const totalBytes = request.media.reduce((sum, m) => sum + m.sizeBytes, 0);
    let doneBytes = 0;
    const report = async (percent: number, text: string) => {
      await request.onProgress?.(Math.max(0, Math.min(100, Math.round(percent))), text);
    };
    const mediaIds: string[] = [];
    for (const media of request.media) {
      const uploaded = await upload(media, xMediaKind(media.contentType)!, (sent, text) =>
        report(((doneBytes + sent) / totalBytes) * 90, text),
      );
      if (!uploaded.ok) return uploaded;
      doneBytes += media.sizeBytes;
      mediaIds.push(uploaded.value);
    }

    await report(mediaIds.length ? 90 : 0, 'Publishing to X');
    const created = await client.request('POST', '/2/tweets', {
      json: {
        text: request.text,
        ...(mediaIds.length ? { media: { media_ids: mediaIds } } : {}),
        ...(replyTo ? { reply: { in_reply_to_tweet_id: replyTo } } : {}),
      },
      mayCreate: true,
    });
    if (!created.ok) return created;
    const id = str(jsonObject(jsonObject(created.body)?.data)?.id);
    // X answered 2xx without an id: the post most likely exists, so it is looked up, never sent again.
    if (!id)
      return {
        ok: false,
        failure: {
          code: 'unknown_outcome',
          message: xMessages.unknownOutcome,
          status: created.status,
        },
      };
    await report(100, 'Published to X');
    return { ok: true, post: { platformPostId: id, url: xPostUrl(id) } };
  }

  const publish = (request: PublishRequest): Promise<PublishOutcome> => createTweet(request);

  /** A thread item or a first comment: both are replies on X (POST /2/tweets with reply.in_reply_to_tweet_id). */
  const followUp = (request: FollowUpRequest): Promise<PublishOutcome> =>
    createTweet(request, request.parentId);

  /** The account's posts since `attemptStartedAt` (newest first), page by page, until `match` finds one. */
  async function findAmongOwnPosts(
    attemptStartedAt: number,
    match: (post: JsonObject) => boolean,
  ): Promise<LookupResult> {
    const user = await me(client, false);
    if (!user.ok) return lookupUnknown(user.failure);
    const userId = String(user.data.id);
    const since = new Date(Math.floor((attemptStartedAt - LOOKUP_CLOCK_MARGIN_MS) / 1000) * 1000)
      .toISOString()
      .replace('.000Z', 'Z');
    let token: string | undefined;
    for (let page = 0; page < LOOKUP_MAX_PAGES; page++) {
      const answer = await client.request('GET', `/2/users/${encodeURIComponent(userId)}/tweets`, {
        query: {
          start_time: since,
          max_results: '100',
          'tweet.fields': 'created_at,referenced_tweets',
          pagination_token: token,
        },
      });
      if (!answer.ok) return lookupUnknown(answer.failure);
      const body = jsonObject(answer.body);
      const posts = Array.isArray(body?.data) ? body.data.map(jsonObject) : [];
      const matchId = str(
        posts.find((p) => p !== undefined && str(p.text) !== undefined && match(p))?.id,
      );
      if (matchId) return found({ platformPostId: matchId, url: xPostUrl(matchId) });
      token = str(jsonObject(body?.meta)?.next_token);
      if (!token) return absent();
    }
    return lookupUnknown({
      code: 'unavailable',
      message: 'Too many posts on X since the attempt to find this one',
    });
  }

  /** The reply with this text to `parentId` (referenced_tweets replied_to), made since the step's attempt. */
  async function findFollowUp(request: FollowUpRequest): Promise<LookupResult> {
    const wanted = comparablePostText(request.text);
    return findAmongOwnPosts(request.attemptStartedAt, (p) => {
      const refs = Array.isArray(p.referenced_tweets) ? p.referenced_tweets.map(jsonObject) : [];
      return (
        comparablePostText(str(p.text)!) === wanted &&
        refs.some((r) => str(r?.type) === 'replied_to' && str(r?.id) === request.parentId)
      );
    });
  }

  /** Unknown when X cannot be asked: only a completed lookup may answer "not made". */
  async function findExisting(request: PublishRequest): Promise<LookupResult> {
    const wanted = comparablePostText(request.text);
    return findAmongOwnPosts(
      request.attemptStartedAt,
      (p) => comparablePostText(str(p.text)!) === wanted,
    );
  }

  return { publish, findExisting, followUp, findFollowUp };
}
