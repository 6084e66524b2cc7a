import { REDDIT_LIMITS, redditLinkOf, redditMediaProblem } from '@core/social-limits';
import { REDDIT_COMMENT_MAX_CHARS } from '@core/social-posts';
import { send, type HttpAnswer } from './http';
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

// Reddit's API (oauth.reddit.com, www.reddit.com/dev/api) with the user's OAuth access token and their own
// User-Agent (Reddit's required `platform:app:version (by /u/name)`, checked when saved). One POST /api/submit
// per post with api_type=json: a self post, a link post (a body that is only a URL), or an image post through
// Reddit's media upload (POST /api/media/asset.json gives an upload lease, the image goes to the lease's
// host as a form, then kind=image with its URL). Refusals arrive as json.errors [[CODE, message, field]] and
// become plain words. Every answer's X-Ratelimit-Remaining/Reset is kept: with nothing left, the next call
// waits for the reset when it is near, else the post fails as rate limited with the time it resets.

export interface RedditClientOptions {
  accessToken: string;
  userAgent: string;
  /** The API origin (oauth.reddit.com) without a trailing slash (functions/src/config.ts). */
  baseUrl: string;
  fetch: typeof fetch;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  requestTimeoutMs?: number;
  uploadTimeoutMs?: number;
  /** The longest wait for a rate-limit window to reset before giving up as rate_limited. */
  maxRateWaitMs?: number;
}

export const REDDIT_DEFAULTS = {
  requestTimeoutMs: 30_000,
  uploadTimeoutMs: 120_000,
  maxRateWaitMs: 15_000,
} as const;
/** Posts made this long before attemptStartedAt still count in findExisting: the two clocks differ. */
const LOOKUP_CLOCK_SKEW_MS = 5 * 60_000;
const LOOKUP_LIMIT = 50;

export const redditMessages = {
  reconnect:
    'Reddit did not accept the saved connection. Use Reconnect Reddit Account on the Reddit page, then post again.',
  forbidden:
    'Reddit refused the request: the account may not post there, or the app lacks a permission. Reconnect Reddit and check the subreddit.',
  rateLimited:
    'Reddit is limiting requests from this app (too many requests). The post can go out once the limit resets.',
  serverError: 'Reddit had a server error. Please try again.',
  unreachable: 'Reddit could not be reached. Please try again.',
  unknownOutcome:
    'Reddit did not answer after the post was sent: it may have been published. Check Reddit before posting again.',
  malformed: 'Reddit answered in an unexpected form. Please try again.',
  noFields: 'Please fill in all required fields',
  uploadFailed: 'Reddit did not accept the image upload. Please try again.',
  unknownComment:
    'Reddit did not answer after the first comment was sent: it may have been published. Check Reddit before commenting again.',
} as const;

export const redditCommentTooLong = `Reddit comments can be at most ${REDDIT_COMMENT_MAX_CHARS.toLocaleString('en-US')} characters.`;

/** Reddit's json.errors entry as plain words for Recent Posts. */
export function redditSubmitFailure(
  errors: unknown[][],
  context: { subreddit: string; now: number; ratelimitSeconds?: number },
): PublishFailure {
  const [code, message, field] = (errors[0] ?? []).map((v) => (typeof v === 'string' ? v : ''));
  const sr = `r/${context.subreddit}`;
  const said = (message ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  switch (code) {
    case 'SUBMIT_VALIDATION_FLAIR_REQUIRED':
      return {
        code: 'invalid_content',
        message: `${sr} requires a post flair: choose one and post again.`,
      };
    case 'BAD_FLAIR_TEMPLATE_ID':
      return {
        code: 'invalid_content',
        message: `That flair is not offered in ${sr} any more: choose another and post again.`,
      };
    case 'RATELIMIT': {
      const waitMs =
        context.ratelimitSeconds !== undefined
          ? context.ratelimitSeconds * 1000
          : waitFromText(said);
      return {
        code: 'rate_limited',
        message: `Reddit is limiting how often this account can post.${said ? ` Reddit says: “${said}”` : ''}`,
        ...(waitMs !== undefined ? { retryAt: context.now + waitMs } : {}),
      };
    }
    case 'SUBREDDIT_NOEXIST':
      return { code: 'invalid_content', message: `${sr} does not exist.` };
    case 'SUBREDDIT_NOTALLOWED':
    case 'SUBREDDIT_NO_ACCESS':
      return { code: 'forbidden', message: `This account is not allowed to post in ${sr}.` };
    case 'ALREADY_SUB':
      return { code: 'duplicate', message: `That link was already posted in ${sr}.` };
    case 'NO_TEXT':
      return {
        code: 'invalid_content',
        message:
          field === 'title'
            ? 'Reddit needs a title for the post.'
            : 'Reddit needs text for the post.',
      };
    case 'TOO_LONG':
      return {
        code: 'invalid_content',
        message: `Reddit refused the ${field || 'post'} as too long${said ? `: ${said}` : '.'}`,
      };
    case 'BAD_URL':
      return {
        code: 'invalid_content',
        message: `Reddit refused the link${said ? `: ${said}` : '.'}`,
      };
    default:
      return {
        code: 'invalid_content',
        message: `Reddit refused the post${said ? `: ${said}` : ''}${code ? ` (${code})` : ''}.`,
      };
  }
}

/** "Take a break for 5 minutes" / "try again in 30 seconds" -> ms. */
function waitFromText(text: string): number | undefined {
  const m = /(\d+)\s*(second|minute|hour)/i.exec(text);
  if (!m) return undefined;
  const unit = m[2]!.toLowerCase();
  return Number(m[1]) * (unit === 'second' ? 1000 : unit === 'minute' ? 60_000 : 3_600_000);
}

/** The request checked against Reddit's limits before anything is uploaded. */
export function checkRedditRequest(
  request: Pick<PublishRequest, 'text' | 'reddit'> & {
    media: readonly { contentType: string; sizeBytes: number }[];
  },
): PublishFailure | undefined {
  const reddit = request.reddit;
  if (!reddit || !reddit.subreddit || !reddit.title.trim())
    return { code: 'invalid_content', message: redditMessages.noFields };
  if (!request.text.trim() && request.media.length === 0)
    return { code: 'invalid_content', message: redditMessages.noFields };
  if ([...reddit.title].length > REDDIT_LIMITS.titleMaxChars)
    return {
      code: 'invalid_content',
      message: `Reddit titles can be at most ${REDDIT_LIMITS.titleMaxChars} characters.`,
    };
  if ([...request.text].length > REDDIT_LIMITS.bodyMaxChars)
    return {
      code: 'invalid_content',
      message: `Reddit posts can be at most ${REDDIT_LIMITS.bodyMaxChars.toLocaleString('en-US')} characters.`,
    };
  return redditMediaProblem(request.media);
}

export function redditPostUrl(permalink: string): string {
  return `https://www.reddit.com${permalink.startsWith('/') ? '' : '/'}${permalink}`;
}

/** The media upload host comes from Reddit's answer: only Reddit's S3 upload hosts (or the configured API origin) get the file. */
export function redditUploadUrl(action: string, baseUrl: string): string | undefined {
  try {
    const base = new URL(baseUrl);
    const url = new URL(action.startsWith('//') ? `${base.protocol}${action}` : action);
    if (url.host === base.host) return url.toString().replace(/\/+$/, '');
    if (
      url.protocol === 'https:' &&
      /^reddit-uploaded-[a-z-]+\.s3[a-z0-9.-]*\.amazonaws\.com$/.test(url.hostname)
    )
      return url.toString().replace(/\/+$/, '');
    return undefined;
  } catch {
    return undefined;
  }
}

export type RedditStep<T> = { ok: true; value: T } | { ok: false; failure: PublishFailure };

/** The client every Reddit call goes through: token, User-Agent, timeouts and the rate-limit window. */
export function createRedditClient(options: RedditClientOptions) {
  const { baseUrl, now, sleep } = options;
  const timeoutMs = options.requestTimeoutMs ?? REDDIT_DEFAULTS.requestTimeoutMs;
  const maxRateWaitMs = options.maxRateWaitMs ?? REDDIT_DEFAULTS.maxRateWaitMs;
  /** From the last answer: calls left in the window and when it resets (epoch ms). */
  let window: { remaining: number; resetAt: number } | undefined;

  function remember(headers: Headers): void {
    const remaining = Number(headers.get('x-ratelimit-remaining'));
    const reset = Number(headers.get('x-ratelimit-reset'));
    if (
      Number.isFinite(remaining) &&
      Number.isFinite(reset) &&
      headers.get('x-ratelimit-remaining') !== null
    )
      window = { remaining, resetAt: now() + reset * 1000 };
  }

  /** Waits out an exhausted window when it resets soon; else the failure to store. */
  async function gate(): Promise<PublishFailure | undefined> {
    if (!window || window.remaining >= 1) return undefined;
    const wait = window.resetAt - now();
    if (wait <= 0) return undefined;
    if (wait > maxRateWaitMs)
      return { code: 'rate_limited', message: redditMessages.rateLimited, retryAt: window.resetAt };
    await sleep(wait);
    window = undefined;
    return undefined;
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    form?: Record<string, string>,
  ): Promise<HttpAnswer | { ok: false; status: undefined; limited: PublishFailure }> {
    const limited = await gate();
    if (limited) return { ok: false, status: undefined, limited };
    const headers: Record<string, string> = {
      authorization: `bearer ${options.accessToken}`,
      'user-agent': options.userAgent,
      accept: 'application/json',
    };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const answer = await send(options.fetch, `${baseUrl}${path}`, {
      method,
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      timeoutMs,
    });
    if (answer.status !== undefined) remember(answer.headers);
    return answer;
  }

  function failureOf(result: Awaited<ReturnType<typeof call>>): PublishFailure {
    if (result.status === undefined)
      return 'limited' in result
        ? result.limited
        : { code: 'unavailable', message: redditMessages.unreachable };
    if (result.status === 401)
      return { code: 'auth_expired', message: redditMessages.reconnect, status: 401 };
    if (result.status === 403)
      return { code: 'forbidden', message: redditMessages.forbidden, status: 403 };
    if (result.status === 429) {
      const reset = Number(result.headers.get('x-ratelimit-reset'));
      return {
        code: 'rate_limited',
        message: redditMessages.rateLimited,
        status: 429,
        ...(Number.isFinite(reset) ? { retryAt: now() + reset * 1000 } : {}),
      };
    }
    if (result.status >= 500)
      return { code: 'unavailable', message: redditMessages.serverError, status: result.status };
    return {
      code: 'invalid_content',
      message: `Reddit refused the request (HTTP ${result.status}).`,
      status: result.status,
    };
  }

  async function upload(
    url: string,
    fields: { name: string; value: string }[],
    media: PublishMedia,
    filename: string,
  ): Promise<boolean> {
    const limited = await gate();
    if (limited) return false;
    const form = new FormData();
    for (const f of fields) form.append(f.name, f.value);
    // The image is at most 20 MB (checked first): read whole, sent once.
    const bytes = await media.read(0, media.sizeBytes);
    form.append(
      'file',
      new Blob([bytes as Uint8Array<ArrayBuffer>], { type: media.contentType }),
      filename,
    );
    try {
      // The upload host is Reddit's storage, not the API: no token, no rate window.
      const response = await options.fetch(url, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(options.uploadTimeoutMs ?? REDDIT_DEFAULTS.uploadTimeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      return response.ok;
    } catch {
      return false;
    }
  }

  return { call, failureOf, upload };
}

type RedditClient = ReturnType<typeof createRedditClient>;

export interface RedditProfile {
  name: string;
  karma: number | null;
  subscribers: number | null;
}

/** The account behind the token (GET /api/v1/me, scope identity). */
export async function fetchRedditProfile(client: RedditClient): Promise<RedditStep<RedditProfile>> {
  const answer = await client.call('GET', '/api/v1/me?raw_json=1');
  if (!answer.ok || answer.status === undefined)
    return { ok: false, failure: client.failureOf(answer) };
  const me = jsonObject(answer.json);
  if (typeof me?.name !== 'string' || !me.name)
    return { ok: false, failure: { code: 'unavailable', message: redditMessages.malformed } };
  const karma = Number(
    me.total_karma ?? Number(me.link_karma ?? 0) + Number(me.comment_karma ?? 0),
  );
  const subscribers = Number(jsonObject(me.subreddit)?.subscribers);
  return {
    ok: true,
    value: {
      name: me.name,
      karma: Number.isFinite(karma) ? karma : null,
      subscribers: Number.isFinite(subscribers) ? subscribers : null,
    },
  };
}

export interface RedditFlairOption {
  id: string;
  text: string;
  textEditable: boolean;
  backgroundColor: string;
  textColor: string;
}

/**
 * A subreddit's post flairs (GET /r/{sr}/api/link_flair_v2) and whether it requires one
 * (GET /api/v1/{sr}/post_requirements). A 403 on flairs (often for non-members) is an empty list, not an error.
 */
export async function fetchSubredditFlairs(
  client: RedditClient,
  subreddit: string,
): Promise<RedditStep<{ flairs: RedditFlairOption[]; flairRequired: boolean }>> {
  const sr = encodeURIComponent(subreddit);
  const flairs = await client.call('GET', `/r/${sr}/api/link_flair_v2?raw_json=1`);
  if (flairs.status === 404)
    return {
      ok: false,
      failure: { code: 'invalid_content', message: `r/${subreddit} does not exist.`, status: 404 },
    };
  if (
    flairs.status === undefined ||
    flairs.status === 401 ||
    flairs.status === 429 ||
    flairs.status >= 500
  )
    return { ok: false, failure: client.failureOf(flairs) };
  const list = flairs.ok && Array.isArray(flairs.json) ? flairs.json.map(jsonObject) : [];
  const options = list
    .filter((f): f is JsonObject => typeof f?.id === 'string' && typeof f.text === 'string')
    .map((f) => ({
      id: f.id as string,
      text: f.text as string,
      textEditable: f.text_editable === true,
      backgroundColor: typeof f.background_color === 'string' ? f.background_color : '',
      textColor: f.text_color === 'light' ? 'light' : 'dark',
    }));
  const requirements = await client.call('GET', `/api/v1/${sr}/post_requirements?raw_json=1`);
  const flairRequired =
    requirements.ok &&
    requirements.status !== undefined &&
    jsonObject(requirements.json)?.is_flair_required === true;
  return { ok: true, value: { flairs: options, flairRequired } };
}

export function createRedditPublisher(options: RedditClientOptions): SocialPublisher {
  const client = createRedditClient(options);
  let username: string | undefined;

  async function me(): Promise<
    { ok: true; name: string } | { ok: false; failure: PublishFailure }
  > {
    if (username) return { ok: true, name: username };
    const profile = await fetchRedditProfile(client);
    if (!profile.ok) return { ok: false, failure: profile.failure };
    username = profile.value.name;
    return { ok: true, name: username };
  }

  async function uploadImage(media: PublishMedia): Promise<RedditStep<string>> {
    const filename = `image.${media.contentType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png'}`;
    const lease = await client.call('POST', '/api/media/asset.json?raw_json=1', {
      filepath: filename,
      mimetype: media.contentType,
    });
    if (!lease.ok || lease.status === undefined)
      return { ok: false, failure: client.failureOf(lease) };
    const args = jsonObject(jsonObject(lease.json)?.args);
    const action =
      typeof args?.action === 'string' ? redditUploadUrl(args.action, options.baseUrl) : undefined;
    const fields = (Array.isArray(args?.fields) ? args.fields.map(jsonObject) : []).filter(
      (f): f is JsonObject => typeof f?.name === 'string' && typeof f.value === 'string',
    ) as unknown as { name: string; value: string }[];
    const key = fields.find((f) => f.name === 'key')?.value;
    if (!action || !key)
      return { ok: false, failure: { code: 'unavailable', message: redditMessages.malformed } };
    const uploaded = await client.upload(action, fields, media, filename);
    if (!uploaded)
      return { ok: false, failure: { code: 'unavailable', message: redditMessages.uploadFailed } };
    return { ok: true, value: `${action}/${key}` };
  }

  async function publish(request: PublishRequest): Promise<PublishOutcome> {
    const invalid = checkRedditRequest(request);
    if (invalid) return { ok: false, failure: invalid };
    const reddit = request.reddit!;
    // resubmit=true as PRAW sends by default (praw/models/reddit/subreddit.py, Subreddit.submit): without it Reddit
    // refuses a link already posted in that subreddit (ALREADY_SUB), which the composer cannot know beforehand.
    const form: Record<string, string> = {
      api_type: 'json',
      sr: reddit.subreddit,
      title: reddit.title.trim(),
      sendreplies: 'true',
      resubmit: 'true',
      raw_json: '1',
    };
    if (reddit.flairId) form.flair_id = reddit.flairId;
    if (reddit.flairId && reddit.flairText) form.flair_text = reddit.flairText;
    const image = request.media[0];
    const link = image ? undefined : redditLinkOf(request.text);
    if (image) {
      await request.onProgress?.(20, 'Uploading the image to Reddit');
      const uploaded = await uploadImage(image);
      if (!uploaded.ok) return { ok: false, failure: uploaded.failure };
      form.kind = 'image';
      form.url = uploaded.value;
    } else if (link) {
      form.kind = 'link';
      form.url = link;
    } else {
      form.kind = 'self';
      form.text = request.text;
    }

    await request.onProgress?.(80, 'Posting to Reddit');
    const answer = await client.call('POST', '/api/submit', form);
    if (answer.status === undefined) {
      if ('limited' in answer) return { ok: false, failure: answer.limited };
      // Sent and unanswered: the post may exist. findExisting decides; sending again could post twice.
      return {
        ok: false,
        failure: answer.neverSent
          ? { code: 'unavailable', message: redditMessages.unreachable }
          : { code: 'unknown_outcome', message: redditMessages.unknownOutcome },
      };
    }
    if (!answer.ok) return { ok: false, failure: client.failureOf(answer) };
    const json = jsonObject(jsonObject(answer.json)?.json);
    const errors = Array.isArray(json?.errors)
      ? (json.errors.filter(Array.isArray) as unknown[][])
      : undefined;
    if (!json || !errors)
      return {
        ok: false,
        failure: {
          code: 'unknown_outcome',
          message: redditMessages.unknownOutcome,
          status: answer.status,
        },
      };
    if (errors.length > 0) {
      const ratelimit = Number(json.ratelimit);
      return {
        ok: false,
        failure: redditSubmitFailure(errors, {
          subreddit: reddit.subreddit,
          now: options.now(),
          ...(Number.isFinite(ratelimit) ? { ratelimitSeconds: ratelimit } : {}),
        }),
      };
    }
    const data = jsonObject(json.data);
    if (typeof data?.name === 'string' && typeof data.url === 'string')
      return { ok: true, post: { platformPostId: data.name, url: data.url } };
    // Image posts are named only over Reddit's websocket: the account's newest posts say which one it is.
    try {
      const lookup = await findExisting(request);
      if (lookup.status === 'found') return { ok: true, post: lookup.post };
    } catch {
      // Fall through: the post was accepted, its own link is not known yet.
    }
    const submitted =
      typeof data?.user_submitted_page === 'string'
        ? data.user_submitted_page
        : 'https://www.reddit.com/submit';
    return { ok: true, post: { platformPostId: '', url: submitted } };
  }

  async function findExisting(request: PublishRequest): Promise<LookupResult> {
    const reddit = request.reddit;
    if (!reddit) return absent();
    const account = await me();
    if (!account.ok) return lookupUnknown(account.failure);
    const answer = await client.call(
      'GET',
      `/user/${encodeURIComponent(account.name)}/submitted?sort=new&limit=${LOOKUP_LIMIT}&raw_json=1`,
    );
    if (!answer.ok || answer.status === undefined) return lookupUnknown(client.failureOf(answer));
    const children = jsonObject(jsonObject(answer.json)?.data)?.children;
    const since = request.attemptStartedAt - LOOKUP_CLOCK_SKEW_MS;
    for (const child of Array.isArray(children)
      ? children.map((c) => jsonObject(jsonObject(c)?.data))
      : []) {
      if (!child || typeof child.name !== 'string' || typeof child.permalink !== 'string') continue;
      const sameSub =
        String(child.subreddit ?? '').toLowerCase() === reddit.subreddit.toLowerCase();
      if (
        sameSub &&
        child.title === reddit.title.trim() &&
        Number(child.created_utc) * 1000 >= since
      )
        return found({ platformPostId: child.name, url: redditPostUrl(child.permalink) });
    }
    return absent();
  }

  /**
   * The first comment: POST /api/comment (thing_id = the post's fullname, text, api_type=json, scope submit),
   * sent once. Reddit has no threads here, so a thread item is refused (the callable never stores one).
   */
  async function followUp(request: FollowUpRequest): Promise<PublishOutcome> {
    if (request.kind !== 'comment' || !/^t3_[a-z0-9]+$/.test(request.parentId))
      return {
        ok: false,
        failure: {
          code: 'invalid_content',
          message: 'Reddit takes a first comment only, on the post.',
        },
      };
    if ([...request.text].length > REDDIT_COMMENT_MAX_CHARS)
      return { ok: false, failure: { code: 'invalid_content', message: redditCommentTooLong } };
    const answer = await client.call('POST', '/api/comment', {
      api_type: 'json',
      thing_id: request.parentId,
      text: request.text,
      raw_json: '1',
    });
    if (answer.status === undefined) {
      if ('limited' in answer) return { ok: false, failure: answer.limited };
      return {
        ok: false,
        failure: answer.neverSent
          ? { code: 'unavailable', message: redditMessages.unreachable }
          : { code: 'unknown_outcome', message: redditMessages.unknownComment },
      };
    }
    if (!answer.ok) return { ok: false, failure: client.failureOf(answer) };
    const json = jsonObject(jsonObject(answer.json)?.json);
    const errors = Array.isArray(json?.errors)
      ? (json.errors.filter(Array.isArray) as unknown[][])
      : undefined;
    if (!json || !errors)
      return {
        ok: false,
        failure: {
          code: 'unknown_outcome',
          message: redditMessages.unknownComment,
          status: answer.status,
        },
      };
    if (errors.length > 0) {
      const ratelimit = Number(json.ratelimit);
      const [code, said] = (errors[0] ?? []).map((v) =>
        typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().slice(0, 200) : '',
      );
      if (code === 'RATELIMIT')
        return {
          ok: false,
          failure: redditSubmitFailure(errors, {
            subreddit: '',
            now: options.now(),
            ...(Number.isFinite(ratelimit) ? { ratelimitSeconds: ratelimit } : {}),
          }),
        };
      return {
        ok: false,
        failure: {
          code: 'invalid_content',
          message: `Reddit refused the first comment${said ? `: ${said}` : ''}${code ? ` (${code})` : ''}.`,
        },
      };
    }
    const things = jsonObject(json.data)?.things;
    const comment = Array.isArray(things) ? jsonObject(jsonObject(things[0])?.data) : undefined;
    if (typeof comment?.name !== 'string' || typeof comment.permalink !== 'string')
      return {
        ok: false,
        failure: {
          code: 'unknown_outcome',
          message: redditMessages.unknownComment,
          status: answer.status,
        },
      };
    return {
      ok: true,
      post: { platformPostId: comment.name, url: redditPostUrl(comment.permalink) },
    };
  }

  /**
   * The account's comment with this text on the post, made since the attempt: GET /comments/{article}
   * (scope read, which the app has; /user/{name}/comments would need history), newest first.
   */
  async function findFollowUp(request: FollowUpRequest): Promise<LookupResult> {
    const account = await me();
    if (!account.ok) return lookupUnknown(account.failure);
    const name = account.name;
    const article = request.parentId.replace(/^t3_/, '');
    const answer = await client.call(
      'GET',
      `/comments/${encodeURIComponent(article)}?sort=new&limit=${LOOKUP_LIMIT}&depth=1&raw_json=1`,
    );
    if (!answer.ok || answer.status === undefined) return lookupUnknown(client.failureOf(answer));
    const listings = Array.isArray(answer.json) ? answer.json : [];
    const children = jsonObject(jsonObject(listings[1])?.data)?.children;
    const since = request.attemptStartedAt - LOOKUP_CLOCK_SKEW_MS;
    for (const child of Array.isArray(children)
      ? children.map((c) => jsonObject(jsonObject(c)?.data))
      : []) {
      if (!child || typeof child.name !== 'string' || typeof child.permalink !== 'string') continue;
      const mine = String(child.author ?? '').toLowerCase() === name.toLowerCase();
      if (
        mine &&
        child.parent_id === request.parentId &&
        child.body === request.text &&
        Number(child.created_utc) * 1000 >= since
      )
        return found({ platformPostId: child.name, url: redditPostUrl(child.permalink) });
    }
    return absent();
  }

  return { publish, findExisting, followUp, findFollowUp };
}
