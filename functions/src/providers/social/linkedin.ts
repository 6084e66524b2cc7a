import { documentPostProblem } from '@core/document-posts';
import { linkedinMediaRefusal, linkedinTextLength } from '@core/post-checks';
import { LINKEDIN_LIMITS } from '@core/social-limits';
import {
  parseRetryAfter,
  PROVIDER_RETRY_POLICY,
  retrying,
  type Attempt,
  type RetryPolicy,
} from '../../lib/retry';
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

// LinkedIn's Community Management APIs (api.linkedin.com/rest, learn.microsoft.com/linkedin/marketing):
// images through the Images API (initializeUpload, then PUT the bytes), videos through the Videos API
// (initializeUpload gives part ranges; each part is read from Storage and PUT on its own, its ETag kept for
// finalizeUpload; then the video is polled until AVAILABLE), a document post's images as one PDF through the
// Documents API (initializeUpload, then PUT the PDF), then one POST /rest/posts. Every /rest call
// carries LINKEDIN_VERSION and Rest.li protocol 2.0.0. The upload steps are retried on 429/5xx (they create
// nothing visible); the create call is sent once and never again.

/**
 * The LinkedIn-Version every /rest call sends. LinkedIn supports each monthly version for a year and then
 * answers 426 NONEXISTENT_VERSION: move this forward at least twice a year. tests/unit/sandbox/contract.test.ts
 * fails from a month before this version sunsets (by the sandbox's table of LinkedIn's versions).
 */
export const LINKEDIN_VERSION = '202609';
export const RESTLI_PROTOCOL_VERSION = '2.0.0';

/** Member posts need w_member_social; page posts w_organization_social and a posting role on the page. */
export const LINKEDIN_SCOPES = {
  member: 'w_member_social',
  organization: 'w_organization_social',
  readMember: 'r_member_social',
  readOrganization: 'r_organization_social',
  organizationAdmin: 'rw_organization_admin',
  signIn: 'openid profile',
} as const;

/** Page roles that may post for an organization (Posts API permissions). */
export const LINKEDIN_POSTING_ROLES = [
  'ADMINISTRATOR',
  'DIRECT_SPONSORED_CONTENT_POSTER',
  'CONTENT_ADMINISTRATOR',
] as const;

export interface LinkedInClientOptions {
  accessToken: string;
  /** The API origin without a trailing slash (functions/src/config.ts). */
  baseUrl: string;
  fetch: typeof fetch;
  /** Per call; a create call that outlives it has an unknown outcome. */
  requestTimeoutMs?: number;
  /** Epoch ms, for retryAt after a 429 (Date.now when omitted). */
  now?: () => number;
}

export interface LinkedInPublisherOptions extends LinkedInClientOptions {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random?: () => number;
  /** Retries of the upload steps and status polls (never the create call). */
  retryPolicy?: RetryPolicy;
  /** Per video part PUT (4 MiB each). */
  uploadTimeoutMs?: number;
  videoPolling?: { intervalMs: number; maxDurationMs: number; retries: number };
}

export const LINKEDIN_DEFAULTS = {
  requestTimeoutMs: 30_000,
  uploadTimeoutMs: 120_000,
  videoPolling: { intervalMs: 5000, maxDurationMs: 5 * 60_000, retries: 3 },
} as const;

/** Posts created this long before attemptStartedAt still count in findExisting: the two clocks differ. */
const LOOKUP_CLOCK_SKEW_MS = 5 * 60_000;
const LOOKUP_PAGE_SIZE = 50;
const LOOKUP_MAX_PAGES = 4;

export const linkedinMessages = {
  expired:
    'Your LinkedIn access token has expired (LinkedIn tokens last 60 days). Reconnect LinkedIn in the Integrations page, then post again.',
  revoked:
    'LinkedIn access was revoked for Muse Studio. Reconnect LinkedIn in the Integrations page, then post again.',
  invalidToken:
    'LinkedIn did not accept the saved access token. Reconnect LinkedIn in the Integrations page, then post again.',
  duplicate: 'LinkedIn refused the post as a duplicate: this account already posted the same text.',
  rateLimited:
    'LinkedIn is limiting requests from this account (too many requests). The post can go out once the limit resets.',
  serverError: 'LinkedIn had a server error. Please try again.',
  unreachable: 'LinkedIn could not be reached. Please try again.',
  unknownOutcome:
    'LinkedIn did not answer after the post was sent: it may have been published. Check LinkedIn before posting again.',
  versionRetired: `LinkedIn no longer serves API version ${LINKEDIN_VERSION}: Muse Studio needs an update before it can post.`,
  processingFailed:
    'LinkedIn could not process the video. Try another MP4 (3 seconds to 30 minutes).',
  noAuthor: 'Please select where to post from',
  noPartEtag: 'LinkedIn did not confirm a part of the video upload. Please try again.',
  documentUnreadable:
    'An image of the document could not be read as a JPEG or PNG: attach it again from the library.',
} as const;

export function processingTimeoutMessage(maxDurationMs: number): string {
  const minutes = Math.max(1, Math.round(maxDurationMs / 60_000));
  return `LinkedIn was still processing the video after ${minutes} minute${minutes === 1 ? '' : 's'}. Please try again later.`;
}

/** What a call was for, so a 403 can name the permission it lacked. */
type Purpose = 'write' | 'read' | 'organizations' | 'identity';

function forbiddenMessage(purpose: Purpose, author: string | undefined): string {
  const page = author?.startsWith('urn:li:organization:');
  if (purpose === 'identity')
    return `LinkedIn refused to share your profile: the app needs the ${LINKEDIN_SCOPES.signIn} permissions. Reconnect LinkedIn in the Integrations page.`;
  if (purpose === 'organizations')
    return `LinkedIn refused to list your pages: the app needs the ${LINKEDIN_SCOPES.organizationAdmin} permission. Reconnect LinkedIn with it in the Integrations page.`;
  if (purpose === 'read') {
    return `LinkedIn refused to list this account's posts: the app needs the ${page ? LINKEDIN_SCOPES.readOrganization : LINKEDIN_SCOPES.readMember} permission.`;
  }
  return page
    ? `LinkedIn refused to post for this page: the app needs the ${LINKEDIN_SCOPES.organization} permission and you need an approved Administrator or Content admin role on the page. Reconnect LinkedIn in the Integrations page.`
    : `LinkedIn refused to post for you: the app needs the ${LINKEDIN_SCOPES.member} permission. Reconnect LinkedIn with it in the Integrations page.`;
}

/** LinkedIn's own words, never the token, cut short. */
function platformText(text: string, token: string): string {
  let out = text;
  if (token.length >= 4) out = out.split(token).join('****');
  out = out
    .replace(/^com\.linkedin\.[\w.]+Exception:\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return out.length > 200 ? `${out.slice(0, 197)}...` : out;
}

function isDuplicate(body: JsonObject | undefined): boolean {
  const inputErrors = jsonObject(body?.errorDetails)?.inputErrors;
  if (
    Array.isArray(inputErrors) &&
    inputErrors.some((e) => jsonObject(e)?.code === 'DUPLICATE_POST')
  )
    return true;
  return typeof body?.message === 'string' && /content is a duplicate/i.test(body.message);
}

/** The next 00:00 UTC: LinkedIn's daily limits reset then when no Retry-After says otherwise. */
function nextUtcMidnight(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

/** Maps a LinkedIn error answer to the failure a publish job stores. */
export function linkedinFailure(
  status: number,
  body: unknown,
  context: { token: string; purpose: Purpose; author?: string; now: number; retryAfterMs?: number },
): PublishFailure {
  const json = jsonObject(body);
  const code = typeof json?.code === 'string' ? json.code : '';
  const message =
    typeof json?.message === 'string' ? platformText(json.message, context.token) : '';
  if (status === 401) {
    const text =
      code === 'EXPIRED_ACCESS_TOKEN'
        ? linkedinMessages.expired
        : code === 'REVOKED_ACCESS_TOKEN'
          ? linkedinMessages.revoked
          : linkedinMessages.invalidToken;
    return { code: 'auth_expired', message: text, status };
  }
  if (status === 403)
    return {
      code: 'forbidden',
      message: forbiddenMessage(context.purpose, context.author),
      status,
    };
  if (status === 422 && isDuplicate(json))
    return { code: 'duplicate', message: linkedinMessages.duplicate, status };
  if (status === 429)
    return {
      code: 'rate_limited',
      message: linkedinMessages.rateLimited,
      status,
      retryAt: context.now + (context.retryAfterMs ?? nextUtcMidnight(context.now) - context.now),
    };
  if (status === 426)
    return { code: 'unavailable', message: linkedinMessages.versionRetired, status };
  if (status >= 500) return { code: 'unavailable', message: linkedinMessages.serverError, status };
  if (status === 413)
    return {
      code: 'media_too_large',
      message: message
        ? `LinkedIn refused the media: ${message}`
        : 'LinkedIn refused the media as too large.',
      status,
    };
  return {
    code: 'invalid_content',
    message: message
      ? `LinkedIn refused the post: ${message}`
      : `LinkedIn refused the post (HTTP ${status}).`,
    status,
  };
}

/**
 * LinkedIn reads commentary as "little" text, where \ | { } @ [ ] ( ) < > # * _ ~ are markup: unescaped, the
 * post is silently cut at the first one. Every one is escaped except the # that starts a hashtag.
 */
export function toLittleText(text: string): string {
  return text.replace(/(#(?=\p{L}))|[\\|{}@[\]()<>#*_~]/gu, (ch, hashtag: string | undefined) =>
    hashtag ? ch : `\\${ch}`,
  );
}

export function linkedinPostUrl(urn: string): string {
  return `https://www.linkedin.com/feed/update/${urn}/`;
}

/** An answer of the one HTTP layer (http.ts), its body read as a JSON object. */
type CallResult =
  | (Extract<HttpAnswer, { status: number }> & { json: JsonObject | undefined })
  | Extract<HttpAnswer, { status: undefined }>;

function createCaller(options: LinkedInClientOptions) {
  const timeoutMs = options.requestTimeoutMs ?? LINKEDIN_DEFAULTS.requestTimeoutMs;
  return async function call(
    method: string,
    url: string,
    init: {
      json?: unknown;
      bytes?: Uint8Array;
      versioned?: boolean;
      auth?: boolean;
      timeoutMs?: number;
    } = {},
  ): Promise<CallResult> {
    const headers: Record<string, string> = {};
    if (init.auth !== false) headers.authorization = `Bearer ${options.accessToken}`;
    if (init.versioned !== false) {
      headers['linkedin-version'] = LINKEDIN_VERSION;
      headers['x-restli-protocol-version'] = RESTLI_PROTOCOL_VERSION;
    }
    let body: string | Uint8Array | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.bytes) {
      headers['content-type'] = 'application/octet-stream';
      body = init.bytes;
    }
    const answer = await send(options.fetch, url, {
      method,
      headers,
      body,
      timeoutMs: init.timeoutMs ?? timeoutMs,
    });
    return answer.status === undefined ? answer : { ...answer, json: jsonObject(answer.json) };
  };
}

/** Upload URLs come from LinkedIn's answers: only LinkedIn's hosts (or the configured API origin) get the bytes and token. */
export function isTrustedUploadUrl(url: string, baseUrl: string): boolean {
  try {
    const u = new URL(url);
    if (u.origin === new URL(baseUrl).origin) return true;
    return (
      u.protocol === 'https:' &&
      (u.hostname === 'linkedin.com' || u.hostname.endsWith('.linkedin.com'))
    );
  } catch {
    return false;
  }
}

const AUTHOR = /^urn:li:(person:[A-Za-z0-9_-]+|organization:\d+)$/;
type MediaKind = 'image' | 'video';

function mediaKind(media: PublishMedia): MediaKind | undefined {
  const type = media.contentType.toLowerCase();
  if ((LINKEDIN_LIMITS.imageTypes as readonly string[]).includes(type)) return 'image';
  if ((LINKEDIN_LIMITS.videoTypes as readonly string[]).includes(type)) return 'video';
  return undefined;
}

/** The request checked against LinkedIn's documented limits before anything is uploaded. */
export function checkLinkedInRequest(
  request: Pick<PublishRequest, 'text' | 'media' | 'author' | 'document'>,
): PublishFailure | undefined {
  if (!request.author) return { code: 'invalid_content', message: linkedinMessages.noAuthor };
  if (!AUTHOR.test(request.author))
    return {
      code: 'invalid_content',
      message: `LinkedIn can post only as a member (urn:li:person:...) or a page (urn:li:organization:...), not ${request.author.slice(0, 80)}.`,
    };
  if (linkedinTextLength(request.text) > LINKEDIN_LIMITS.commentaryMaxChars)
    return {
      code: 'invalid_content',
      message: `LinkedIn posts are limited to ${LINKEDIN_LIMITS.commentaryMaxChars} characters.`,
    };
  if (request.document) {
    const problem = documentPostProblem(request.media, request.document.title);
    if (problem) return { code: 'invalid_content', message: problem };
  }
  // The composers' check and words (core/post-checks.ts); here a size of 0 is an empty file.
  return linkedinMediaRefusal(request.media, { sizesKnown: true });
}

/**
 * The body of POST /rest/posts for this text, author and uploaded media URNs. A document is one media item
 * with its title (the Posts API's MediaContent: the title is what the feed shows on the document).
 */
export function linkedinPostBody(
  text: string,
  author: string,
  media: { urn: string; kind: MediaKind | 'document'; title?: string }[],
): JsonObject {
  const body: JsonObject = {
    author,
    commentary: toLittleText(text),
    visibility: 'PUBLIC',
    distribution: {
      feedDistribution: 'MAIN_FEED',
      targetEntities: [],
      thirdPartyDistributionChannels: [],
    },
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
  };
  if (media.length === 1)
    body.content = {
      media:
        media[0]!.title === undefined
          ? { id: media[0]!.urn }
          : { title: media[0]!.title, id: media[0]!.urn },
    };
  else if (media.length > 1)
    body.content = { multiImage: { images: media.map((m) => ({ id: m.urn })) } };
  return body;
}

type Step<T> = { ok: true; value: T } | { ok: false; failure: PublishFailure };

export function createLinkedInPublisher(options: LinkedInPublisherOptions): SocialPublisher {
  const { accessToken, baseUrl, now, sleep } = options;
  const call = createCaller(options);
  const policy = options.retryPolicy ?? PROVIDER_RETRY_POLICY;
  const polling = options.videoPolling ?? LINKEDIN_DEFAULTS.videoPolling;
  const uploadTimeoutMs = options.uploadTimeoutMs ?? LINKEDIN_DEFAULTS.uploadTimeoutMs;

  function failureOf(
    result: CallResult,
    purpose: Purpose,
    author: string | undefined,
  ): PublishFailure {
    if (result.status === undefined)
      return { code: 'unavailable', message: linkedinMessages.unreachable };
    return linkedinFailure(result.status, result.json, {
      token: accessToken,
      purpose,
      author,
      now: now(),
      retryAfterMs: parseRetryAfter(result.headers, now()),
    });
  }

  /** An upload step: safe to repeat, so 429, 5xx and lost answers are retried within the policy. */
  async function idempotent<T>(
    author: string,
    run: () => Promise<CallResult>,
    read: (result: CallResult & { ok: true }) => Step<T>,
  ): Promise<Step<T>> {
    const result = await retrying(
      async (): Promise<Attempt<T, PublishFailure>> => {
        const answer = await run();
        if (answer.ok) {
          const step = read(answer);
          return step.ok
            ? { ok: true, value: step.value }
            : { ok: false, error: step.failure, retryable: false };
        }
        const failure = failureOf(answer, 'write', author);
        const retryable =
          answer.status === undefined || answer.status === 429 || answer.status >= 500;
        return {
          ok: false,
          error: failure,
          retryable,
          retryAfterMs:
            answer.status === undefined ? undefined : parseRetryAfter(answer.headers, now()),
        };
      },
      { policy, sleep, now, random: options.random },
    );
    return result.ok ? { ok: true, value: result.value } : { ok: false, failure: result.error };
  }

  const malformed = (what: string): PublishFailure => ({
    code: 'unavailable',
    message: `LinkedIn answered ${what} in an unexpected form. Please try again.`,
  });

  async function uploadImage(author: string, media: PublishMedia): Promise<Step<string>> {
    const init = await idempotent(
      author,
      () =>
        call('POST', `${baseUrl}/rest/images?action=initializeUpload`, {
          json: { initializeUploadRequest: { owner: author } },
        }),
      (r) => {
        const value = jsonObject(r.json?.value);
        const uploadUrl = value?.uploadUrl;
        const image = value?.image;
        return typeof uploadUrl === 'string' &&
          isTrustedUploadUrl(uploadUrl, baseUrl) &&
          typeof image === 'string'
          ? { ok: true, value: { uploadUrl, image } }
          : { ok: false, failure: malformed('the image upload request') };
      },
    );
    if (!init.ok) return init;
    const bytes = await media.read(0, media.sizeBytes);
    // The Images API documents the upload PUT with the member's bearer token.
    const put = await idempotent(
      author,
      () =>
        call('PUT', init.value.uploadUrl, { bytes, versioned: false, timeoutMs: uploadTimeoutMs }),
      () => ({ ok: true, value: undefined }),
    );
    return put.ok ? { ok: true, value: init.value.image } : put;
  }

  /**
   * A document post: the images read whole (each is at most 5 MB), made into one PDF, uploaded through the
   * Documents API (initializeUpload gives the URL and the document URN; the PDF is PUT there with the token).
   */
  async function uploadDocument(
    author: string,
    media: readonly PublishMedia[],
    title: string,
    progress: (percent: number, text: string) => Promise<void>,
  ): Promise<Step<string>> {
    const images = [];
    for (const [i, m] of media.entries()) {
      await progress(
        Math.round((i / media.length) * 40),
        `Making page ${i + 1} of ${media.length} of the document`,
      );
      images.push({ contentType: m.contentType, bytes: await m.read(0, m.sizeBytes) });
    }
    // pdf-lib is loaded by the first document post (../../lib/lazy.ts says why).
    const { imagesToPdf } = await import('./images-pdf');
    let pdf: Uint8Array;
    try {
      pdf = await imagesToPdf(images, title);
    } catch {
      return {
        ok: false,
        failure: { code: 'invalid_content', message: linkedinMessages.documentUnreadable },
      };
    }
    await progress(50, 'Uploading the document to LinkedIn');
    const init = await idempotent(
      author,
      () =>
        call('POST', `${baseUrl}/rest/documents?action=initializeUpload`, {
          json: { initializeUploadRequest: { owner: author } },
        }),
      (r) => {
        const value = jsonObject(r.json?.value);
        const uploadUrl = value?.uploadUrl;
        const document = value?.document;
        return typeof uploadUrl === 'string' &&
          isTrustedUploadUrl(uploadUrl, baseUrl) &&
          typeof document === 'string'
          ? { ok: true, value: { uploadUrl, document } }
          : { ok: false, failure: malformed('the document upload request') };
      },
    );
    if (!init.ok) return init;
    const put = await idempotent(
      author,
      () =>
        call('PUT', init.value.uploadUrl, {
          bytes: pdf,
          versioned: false,
          timeoutMs: uploadTimeoutMs,
        }),
      () => ({ ok: true, value: undefined }),
    );
    return put.ok ? { ok: true, value: init.value.document } : put;
  }

  async function uploadVideo(
    author: string,
    media: PublishMedia,
    progress: (percent: number, text: string) => Promise<void>,
  ): Promise<Step<string>> {
    const init = await idempotent(
      author,
      () =>
        call('POST', `${baseUrl}/rest/videos?action=initializeUpload`, {
          json: {
            initializeUploadRequest: {
              owner: author,
              fileSizeBytes: media.sizeBytes,
              uploadCaptions: false,
              uploadThumbnail: false,
            },
          },
        }),
      (r) => {
        const value = jsonObject(r.json?.value);
        const video = value?.video;
        const instructions = Array.isArray(value?.uploadInstructions)
          ? value.uploadInstructions.map(jsonObject)
          : [];
        const parts = instructions.map((p) => ({
          uploadUrl: p?.uploadUrl,
          firstByte: p?.firstByte,
          lastByte: p?.lastByte,
        }));
        // The parts must cover the file exactly, in order, each on a LinkedIn upload host.
        const valid =
          typeof video === 'string' &&
          parts.length > 0 &&
          parts.every(
            (p, i) =>
              typeof p.uploadUrl === 'string' &&
              isTrustedUploadUrl(p.uploadUrl, baseUrl) &&
              Number.isInteger(p.lastByte) &&
              p.firstByte === (i === 0 ? 0 : (parts[i - 1]!.lastByte as number) + 1) &&
              (p.firstByte as number) <= (p.lastByte as number),
          ) &&
          parts.at(-1)!.lastByte === media.sizeBytes - 1;
        if (!valid) return { ok: false, failure: malformed('the video upload request') };
        return {
          ok: true,
          value: {
            video,
            uploadToken: typeof value?.uploadToken === 'string' ? value.uploadToken : '',
            parts: parts as { uploadUrl: string; firstByte: number; lastByte: number }[],
          },
        };
      },
    );
    if (!init.ok) return init;
    const { video, uploadToken, parts } = init.value;
    const etags: string[] = [];
    let sent = 0;
    for (const part of parts) {
      // Only this part's bytes are held: a 500 MB video never sits in memory whole.
      const bytes = await media.read(part.firstByte, part.lastByte + 1);
      const put = await idempotent(
        author,
        () =>
          call('PUT', part.uploadUrl, {
            bytes,
            versioned: false,
            auth: false,
            timeoutMs: uploadTimeoutMs,
          }),
        (r) => {
          const etag = r.headers.get('etag');
          return etag
            ? { ok: true, value: etag }
            : { ok: false, failure: { code: 'unavailable', message: linkedinMessages.noPartEtag } };
        },
      );
      if (!put.ok) return put;
      etags.push(put.value);
      sent += bytes.length;
      await progress(Math.round((sent / media.sizeBytes) * 80), 'Uploading the video to LinkedIn');
    }
    const finalized = await idempotent(
      author,
      () =>
        call('POST', `${baseUrl}/rest/videos?action=finalizeUpload`, {
          json: { finalizeUploadRequest: { video, uploadToken, uploadedPartIds: etags } },
        }),
      () => ({ ok: true, value: undefined }),
    );
    if (!finalized.ok) return finalized;
    await progress(85, 'LinkedIn is processing the video');
    return waitForVideo(author, video);
  }

  async function waitForVideo(author: string, video: string): Promise<Step<string>> {
    const started = now();
    let failedInARow = 0;
    for (;;) {
      await sleep(polling.intervalMs);
      const answer = await call('GET', `${baseUrl}/rest/videos/${encodeURIComponent(video)}`);
      if (!answer.ok) {
        // A refused token or permission will not come back: stop at once.
        if (answer.status !== undefined && answer.status < 500 && answer.status !== 429)
          return { ok: false, failure: failureOf(answer, 'write', author) };
        failedInARow += 1;
        if (failedInARow > polling.retries)
          return { ok: false, failure: failureOf(answer, 'write', author) };
      } else {
        failedInARow = 0;
        const status = answer.json?.status;
        if (status === 'AVAILABLE') return { ok: true, value: video };
        if (status === 'PROCESSING_FAILED')
          return {
            ok: false,
            failure: {
              code: 'media_processing_failed',
              message: linkedinMessages.processingFailed,
            },
          };
      }
      if (now() - started >= polling.maxDurationMs)
        return {
          ok: false,
          failure: {
            code: 'media_processing_failed',
            message: processingTimeoutMessage(polling.maxDurationMs),
          },
        };
    }
  }

  async function publish(request: PublishRequest): Promise<PublishOutcome> {
    const invalid = checkLinkedInRequest(request);
    if (invalid) return { ok: false, failure: invalid };
    const author = request.author!;
    const progress = async (percent: number, text: string) => {
      await request.onProgress?.(percent, text);
    };

    const uploaded: { urn: string; kind: MediaKind | 'document'; title?: string }[] = [];
    if (request.document) {
      const step = await uploadDocument(author, request.media, request.document.title, progress);
      if (!step.ok) return { ok: false, failure: step.failure };
      uploaded.push({ urn: step.value, kind: 'document', title: request.document.title });
    }
    for (const [i, media] of (request.document ? [] : request.media).entries()) {
      const kind = mediaKind(media)!;
      if (kind === 'image')
        await progress(
          Math.round((i / request.media.length) * 80),
          `Uploading image ${i + 1} of ${request.media.length} to LinkedIn`,
        );
      const step =
        kind === 'image'
          ? await uploadImage(author, media)
          : await uploadVideo(author, media, progress);
      if (!step.ok) return { ok: false, failure: step.failure };
      uploaded.push({ urn: step.value, kind });
    }

    await progress(95, 'Posting to LinkedIn');
    const answer = await call('POST', `${baseUrl}/rest/posts`, {
      json: linkedinPostBody(request.text, author, uploaded),
    });
    if (answer.status === undefined) {
      // Sent and unanswered: the post may exist. findExisting decides; sending it again could post twice.
      return {
        ok: false,
        failure: answer.neverSent
          ? { code: 'unavailable', message: linkedinMessages.unreachable }
          : { code: 'unknown_outcome', message: linkedinMessages.unknownOutcome },
      };
    }
    if (!answer.ok) return { ok: false, failure: failureOf(answer, 'write', author) };
    const urn = answer.headers.get('x-restli-id') ?? answer.headers.get('x-linkedin-id');
    if (!urn)
      return {
        ok: false,
        failure: {
          code: 'unknown_outcome',
          message: linkedinMessages.unknownOutcome,
          status: answer.status,
        },
      };
    await progress(100, 'Published to LinkedIn');
    return { ok: true, post: { platformPostId: urn, url: linkedinPostUrl(urn) } };
  }

  async function findExisting(request: PublishRequest): Promise<LookupResult> {
    const author = request.author;
    if (!author || !AUTHOR.test(author)) return absent();
    const commentary = toLittleText(request.text);
    const since = request.attemptStartedAt - LOOKUP_CLOCK_SKEW_MS;
    for (let page = 0; page < LOOKUP_MAX_PAGES; page++) {
      const url = `${baseUrl}/rest/posts?q=author&author=${encodeURIComponent(author)}&count=${LOOKUP_PAGE_SIZE}&start=${page * LOOKUP_PAGE_SIZE}&sortBy=LAST_MODIFIED`;
      const answer = await call('GET', url);
      if (!answer.ok) return lookupUnknown(failureOf(answer, 'read', author));
      const elements = Array.isArray(answer.json?.elements)
        ? answer.json.elements.map(jsonObject)
        : [];
      for (const post of elements) {
        const createdAt = Number(post?.createdAt ?? post?.publishedAt ?? NaN);
        if (typeof post?.id === 'string' && post.commentary === commentary && createdAt >= since)
          return found({ platformPostId: post.id, url: linkedinPostUrl(post.id) });
      }
      // Newest first: once a page ends before the attempt began, older pages cannot hold the post.
      const oldest = elements.length
        ? Math.min(...elements.map((p) => Number(p?.lastModifiedAt ?? p?.createdAt ?? 0)))
        : 0;
      if (elements.length < LOOKUP_PAGE_SIZE || oldest < since) return absent();
    }
    return absent();
  }

  /**
   * The first comment: POST /rest/socialActions/{post urn}/comments ({actor, object, message.text}), sent once.
   * LinkedIn has no threads, so a thread item is refused (the callable never stores one for LinkedIn).
   */
  async function followUp(request: FollowUpRequest): Promise<PublishOutcome> {
    const author = request.author;
    if (request.kind !== 'comment' || !author || !AUTHOR.test(author))
      return {
        ok: false,
        failure: {
          code: 'invalid_content',
          message: "LinkedIn takes a first comment only, from the post's author.",
        },
      };
    const answer = await call(
      'POST',
      `${baseUrl}/rest/socialActions/${encodeURIComponent(request.parentId)}/comments`,
      {
        json: { actor: author, object: request.parentId, message: { text: request.text } },
      },
    );
    if (answer.status === undefined) {
      return {
        ok: false,
        failure: answer.neverSent
          ? { code: 'unavailable', message: linkedinMessages.unreachable }
          : { code: 'unknown_outcome', message: linkedinMessages.unknownOutcome },
      };
    }
    if (!answer.ok) return { ok: false, failure: failureOf(answer, 'write', author) };
    const urn =
      (typeof answer.json?.commentUrn === 'string' ? answer.json.commentUrn : null) ??
      answer.headers.get('x-restli-id');
    if (!urn)
      return {
        ok: false,
        failure: {
          code: 'unknown_outcome',
          message: linkedinMessages.unknownOutcome,
          status: answer.status,
        },
      };
    return {
      ok: true,
      post: { platformPostId: urn, url: linkedinCommentUrl(request.parentId, urn) },
    };
  }

  /** The author's comment with this text on the post (GET /rest/socialActions/{urn}/comments), made since the attempt. */
  async function findFollowUp(request: FollowUpRequest): Promise<LookupResult> {
    const since = request.attemptStartedAt - LOOKUP_CLOCK_SKEW_MS;
    for (let page = 0; page < LOOKUP_MAX_PAGES; page++) {
      const url = `${baseUrl}/rest/socialActions/${encodeURIComponent(request.parentId)}/comments?count=${LOOKUP_PAGE_SIZE}&start=${page * LOOKUP_PAGE_SIZE}`;
      const answer = await call('GET', url);
      if (!answer.ok) return lookupUnknown(failureOf(answer, 'read', request.author));
      const elements = Array.isArray(answer.json?.elements)
        ? answer.json.elements.map(jsonObject)
        : [];
      for (const comment of elements) {
        const created = Number(jsonObject(comment?.created)?.time ?? NaN);
        const urn = comment?.commentUrn;
        if (
          typeof urn === 'string' &&
          comment?.actor === request.author &&
          jsonObject(comment?.message)?.text === request.text &&
          !(created < since)
        ) {
          return found({ platformPostId: urn, url: linkedinCommentUrl(request.parentId, urn) });
        }
      }
      if (elements.length < LOOKUP_PAGE_SIZE) return absent();
    }
    return absent();
  }

  return { publish, findExisting, followUp, findFollowUp };
}

/** A comment's link: the post's page, opened at the comment. */
export function linkedinCommentUrl(postUrn: string, commentUrn: string): string {
  return `${linkedinPostUrl(postUrn)}?commentUrn=${encodeURIComponent(commentUrn)}`;
}

export interface LinkedInIdentity {
  personUrn: string;
  name: string;
  email?: string;
  pictureUrl?: string;
}

export type LinkedInLookup<T> = { ok: true; value: T } | { ok: false; failure: PublishFailure };

function lookupFailure(
  result: CallResult,
  options: LinkedInClientOptions,
  purpose: Purpose,
): PublishFailure {
  if (result.status === undefined)
    return { code: 'unavailable', message: linkedinMessages.unreachable };
  const now = (options.now ?? Date.now)();
  return linkedinFailure(result.status, result.json, {
    token: options.accessToken,
    purpose,
    now,
    retryAfterMs: parseRetryAfter(result.headers, now),
  });
}

/** The member behind the token (OpenID userinfo): urn:li:person:{sub} is the author of their own posts. */
export async function fetchLinkedInIdentity(
  options: LinkedInClientOptions,
): Promise<LinkedInLookup<LinkedInIdentity>> {
  const answer = await createCaller(options)('GET', `${options.baseUrl}/v2/userinfo`, {
    versioned: false,
  });
  if (!answer.ok) return { ok: false, failure: lookupFailure(answer, options, 'identity') };
  const sub = answer.json?.sub;
  if (typeof sub !== 'string' || !/^[A-Za-z0-9_-]+$/.test(sub))
    return {
      ok: false,
      failure: {
        code: 'unavailable',
        message: 'LinkedIn answered the profile request in an unexpected form. Please try again.',
      },
    };
  const name =
    typeof answer.json?.name === 'string' && answer.json.name.trim()
      ? answer.json.name.trim()
      : [answer.json?.given_name, answer.json?.family_name]
          .filter((s) => typeof s === 'string' && s)
          .join(' ') || 'LinkedIn member';
  const identity: LinkedInIdentity = { personUrn: `urn:li:person:${sub}`, name };
  if (typeof answer.json?.email === 'string') identity.email = answer.json.email;
  if (typeof answer.json?.picture === 'string') identity.pictureUrl = answer.json.picture;
  return { ok: true, value: identity };
}

export interface LinkedInOrganization {
  urn: string;
  id: string;
  name: string;
  role: string;
}

/**
 * The pages the member may post for: organizationAcls entries in state APPROVED with a posting role, named
 * through one organizations BATCH_GET (a page whose name cannot be read keeps a plain label).
 */
export async function listApprovedOrganizations(
  options: LinkedInClientOptions,
): Promise<LinkedInLookup<LinkedInOrganization[]>> {
  const call = createCaller(options);
  const acls = await call(
    'GET',
    `${options.baseUrl}/rest/organizationAcls?q=roleAssignee&state=APPROVED&count=100`,
  );
  if (!acls.ok) return { ok: false, failure: lookupFailure(acls, options, 'organizations') };
  const entries = (Array.isArray(acls.json?.elements) ? acls.json.elements.map(jsonObject) : [])
    .filter(
      (e) =>
        e?.state === 'APPROVED' && (LINKEDIN_POSTING_ROLES as readonly unknown[]).includes(e?.role),
    )
    .map((e) => ({ urn: String(e?.organization ?? ''), role: String(e?.role) }))
    .map((e) => ({ ...e, id: /^urn:li:organization:(\d+)$/.exec(e.urn)?.[1] }))
    .filter((e): e is { urn: string; role: string; id: string } => !!e.id);
  const unique = [...new Map(entries.map((e) => [e.id, e])).values()];
  if (unique.length === 0) return { ok: true, value: [] };
  const names = await call(
    'GET',
    `${options.baseUrl}/rest/organizations?ids=List(${unique.map((e) => e.id).join(',')})`,
  );
  const results = names.ok ? jsonObject(names.json?.results) : undefined;
  return {
    ok: true,
    value: unique.map((e) => {
      const name = jsonObject(results?.[e.id])?.localizedName;
      return {
        urn: e.urn,
        id: e.id,
        role: e.role,
        name: typeof name === 'string' && name.trim() ? name.trim() : `LinkedIn page ${e.id}`,
      };
    }),
  };
}

/**
 * The display name of a post's author, to show beside the post: the member's from OpenID userinfo, a
 * page's from the organizations lookup. null when LinkedIn does not give it (the post goes out regardless).
 */
export async function fetchLinkedInAuthorName(
  options: LinkedInClientOptions,
  authorUrn: string,
): Promise<string | null> {
  const org = /^urn:li:organization:(\d+)$/.exec(authorUrn)?.[1];
  if (org) {
    const answer = await createCaller(options)(
      'GET',
      `${options.baseUrl}/rest/organizations/${org}`,
    );
    const name = answer.ok ? answer.json?.localizedName : undefined;
    return typeof name === 'string' && name.trim() ? name.trim() : null;
  }
  const identity = await fetchLinkedInIdentity(options);
  return identity.ok && identity.value.personUrn === authorUrn ? identity.value.name : null;
}
