import { YOUTUBE_LIMITS, youtubeVideoProblem } from '@core/social-limits';
import { YOUTUBE_COMMENT_MAX_CHARS, type YouTubeDetails } from '@core/social-posts';
import { nextMidnightIn } from '@core/schedule';
import { backoffMs, parseRetryAfter } from '../../lib/retry';
import { send, unreadable, type HttpAnswer } from './http';
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
  type UploadSession,
} from './social-publisher';
import { jsonObject, type JsonObject } from '@core/json';

// YouTube Data API v3 (developers.google.com/youtube/v3): videos.insert through the resumable upload protocol.
// One POST opens a session (its URI comes back in Location) with the snippet and status; the file is then
// PUT in chunks read one at a time from Storage (multiples of 256 KiB, so a large video never sits in memory
// whole), each answered 308 with the Range the server holds, the last one with the video. After an
// interruption (5xx, a lost answer) the session is asked what it holds (`Content-Range: bytes */TOTAL`) and
// the upload goes on from there. The session is kept with the post before the first byte is sent, so a
// later run (after a crash, or Retry) continues it instead of uploading again; no video exists until the
// last byte arrives, so a session that has not finished has made nothing.

export const YOUTUBE_SCOPES = {
  upload: 'https://www.googleapis.com/auth/youtube.upload',
  readonly: 'https://www.googleapis.com/auth/youtube.readonly',
  /** commentThreads.insert (a first comment) needs this one. */
  forceSsl: 'https://www.googleapis.com/auth/youtube.force-ssl',
} as const;

export const youtubeCommentTooLong = `YouTube comments can be at most ${YOUTUBE_COMMENT_MAX_CHARS.toLocaleString('en-US')} characters.`;

export interface YouTubeClientOptions {
  /** A fresh OAuth access token (functions/src/social/deps.ts refreshes it before building the publisher). */
  accessToken: string;
  /** The API origin without a trailing slash (GOOGLE_BASE_URL, functions/src/config.ts). */
  baseUrl: string;
  fetch: typeof fetch;
  now?: () => number;
  /** Per metadata call. */
  requestTimeoutMs?: number;
}

export interface YouTubePublisherOptions extends YouTubeClientOptions {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Bytes per PUT: a multiple of 256 KiB (8 MiB by default). */
  chunkBytes?: number;
  /** Per chunk PUT. */
  chunkTimeoutMs?: number;
  /** Interruptions in a row (no progress between them) before the run gives up; the session stays for the next run. */
  maxInterruptions?: number;
  /** Waits between interruptions: base * 2^n, capped. */
  backoff?: { baseDelayMs: number; maxDelayMs: number };
}

export const YOUTUBE_DEFAULTS = {
  chunkBytes: 32 * YOUTUBE_LIMITS.chunkMultipleBytes,
  requestTimeoutMs: 30_000,
  chunkTimeoutMs: 120_000,
  maxInterruptions: 5,
  backoff: { baseDelayMs: 1000, maxDelayMs: 16_000 },
  /** Sessions older than this are not asked again: YouTube's last about a week. */
  sessionMaxAgeMs: 6 * 24 * 3600_000,
} as const;

/** Uploads found in the channel's uploads playlist this long before attemptStartedAt still count: the clocks differ. */
const LOOKUP_CLOCK_SKEW_MS = 5 * 60_000;
const LOOKUP_PAGE_SIZE = 50;

export const youtubeMessages = {
  authExpired:
    'YouTube did not accept the saved sign-in (it expired or was revoked). Reconnect YouTube on the YouTube page, then upload again.',
  insufficientScope: `YouTube refused the upload: Muse Studio was not allowed to upload videos (the youtube.upload permission). Reconnect YouTube and allow uploads.`,
  quotaExceeded:
    "YouTube's daily API quota for this app is used up, so no more videos can be uploaded today. The quota resets at midnight Pacific Time; use Retry after that (the upload continues where it stopped).",
  uploadLimitExceeded:
    'This YouTube channel has reached its limit of uploads for now. YouTube lifts it within 24 hours; use Retry then.',
  rateLimited: 'YouTube is limiting requests from this app. Please try again in a few minutes.',
  serverError: 'YouTube had a server error. Please try again.',
  unreachable: 'YouTube could not be reached. Please try again.',
  interrupted: (sent: number, total: number) =>
    `The upload to YouTube kept being interrupted (${Math.floor((sent / total) * 100)}% sent). Retry continues from where it stopped.`,
  unknownOutcome:
    'YouTube did not answer after the last part of the video was sent: it may have been uploaded. Retry checks before uploading again.',
  malformed: 'YouTube answered in an unexpected form. Please try again.',
  commentScope:
    'YouTube refused the first comment: Muse Studio was not allowed to comment (the youtube.force-ssl permission). Reconnect YouTube and allow it.',
  unknownComment:
    'YouTube did not answer after the first comment was sent: it may have been published. Check YouTube before commenting again.',
  keptPrivate:
    'YouTube kept this video private: videos uploaded through an app that Google has not verified stay private until the app passes its audit. You can change the visibility in YouTube Studio.',
} as const;

/** YouTube's own words without markup (its quota message carries a link), cut short. */
function platformText(text: string): string {
  const out = text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return out.length > 200 ? `${out.slice(0, 197)}...` : out;
}

/** The next midnight in Pacific Time, when YouTube's daily quota resets (a day of a clock change lasts 23 or 25 hours). */
export function nextPacificMidnight(now: number): number {
  return nextMidnightIn('America/Los_Angeles', now);
}

function reasonOf(body: JsonObject | undefined): string {
  const errors = jsonObject(body?.error)?.errors;
  const first = Array.isArray(errors) ? jsonObject(errors[0]) : undefined;
  return typeof first?.reason === 'string' ? first.reason : '';
}

function messageOf(body: JsonObject | undefined): string {
  const message = jsonObject(body?.error)?.message;
  return typeof message === 'string' ? platformText(message) : '';
}

/** Maps a YouTube error answer to the failure a publish job stores. */
export function youtubeFailure(
  status: number,
  body: unknown,
  context: { now: number; retryAfterMs?: number },
): PublishFailure {
  const json = jsonObject(body);
  const reason = reasonOf(json);
  const message = messageOf(json);
  if (status === 401) return { code: 'auth_expired', message: youtubeMessages.authExpired, status };
  if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded')
    return {
      code: 'rate_limited',
      message: youtubeMessages.quotaExceeded,
      status,
      retryAt: nextPacificMidnight(context.now),
    };
  if (reason === 'uploadLimitExceeded')
    return {
      code: 'rate_limited',
      message: youtubeMessages.uploadLimitExceeded,
      status,
      retryAt: context.now + 24 * 3600_000,
    };
  if (status === 429 || reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded') {
    return {
      code: 'rate_limited',
      message: youtubeMessages.rateLimited,
      status,
      retryAt: context.now + (context.retryAfterMs ?? 5 * 60_000),
    };
  }
  if (
    status === 403 &&
    (reason === 'insufficientPermissions' || reason === 'ACCESS_TOKEN_SCOPE_INSUFFICIENT')
  )
    return { code: 'forbidden', message: youtubeMessages.insufficientScope, status };
  if (status === 403)
    return {
      code: 'forbidden',
      message: message
        ? `YouTube refused the upload: ${message}`
        : 'YouTube refused the upload (HTTP 403).',
      status,
    };
  if (status >= 500) return { code: 'unavailable', message: youtubeMessages.serverError, status };
  if (status === 413)
    return { code: 'media_too_large', message: 'YouTube refused the video as too large.', status };
  return {
    code: 'invalid_content',
    message: message
      ? `YouTube refused the video: ${message}`
      : `YouTube refused the video (HTTP ${status}).`,
    status,
  };
}

export function youtubeVideoUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
}

/** Session URIs come from YouTube's answer: only Google's API hosts (or the configured origin) get the bytes and token. */
export function isTrustedSessionUri(uri: string, baseUrl: string): boolean {
  try {
    const u = new URL(uri);
    if (u.origin === new URL(baseUrl).origin) return true;
    return (
      u.protocol === 'https:' &&
      (u.hostname === 'googleapis.com' || u.hostname.endsWith('.googleapis.com'))
    );
  } catch {
    return false;
  }
}

/** An answer of the one HTTP layer (http.ts), its body read as a JSON object. */
type CallResult =
  | (Extract<HttpAnswer, { status: number }> & { json: JsonObject | undefined })
  | Extract<HttpAnswer, { status: undefined }>;

function createCaller(options: YouTubeClientOptions) {
  const timeoutMs = options.requestTimeoutMs ?? YOUTUBE_DEFAULTS.requestTimeoutMs;
  return async function call(
    method: string,
    url: string,
    init: {
      json?: unknown;
      bytes?: Uint8Array;
      headers?: Record<string, string>;
      timeoutMs?: number;
    } = {},
  ): Promise<CallResult> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.accessToken}`,
      ...init.headers,
    };
    let body: string | Uint8Array | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json; charset=UTF-8';
      body = JSON.stringify(init.json);
    } else if (init.bytes) {
      body = init.bytes;
    }
    // A resumable upload's 308 is an answer to read (how many bytes YouTube holds), not a redirect to follow.
    const answer = await send(options.fetch, url, {
      method,
      headers,
      body,
      redirect: 'manual',
      timeoutMs: init.timeoutMs ?? timeoutMs,
    });
    if (answer.status === undefined) return answer;
    // A 2xx we cannot read may still have made the video: counted as no answer, like one that was lost.
    if (unreadable(answer))
      return {
        ok: false,
        status: undefined,
        error: new Error(`YouTube answered HTTP ${answer.status} with a body that is not JSON`),
        neverSent: false,
      };
    return { ...answer, json: jsonObject(answer.json) };
  };
}

/** The end of the Range a 308 reports (`bytes=0-N` means N+1 bytes held); no header means none. */
export function heldBytes(headers: Headers): number | undefined {
  const range = headers.get('range');
  if (!range) return 0;
  const m = /^bytes=0-(\d+)$/.exec(range.trim());
  return m ? Number(m[1]) + 1 : undefined;
}

/** The videos.insert body: snippet (title, description, tags) and status (privacy, publishAt). */
export function youtubeVideoBody(
  description: string,
  details: YouTubeDetails | undefined,
): JsonObject {
  const privacyStatus = details?.publishAt ? 'private' : (details?.privacyStatus ?? 'private');
  return {
    snippet: {
      title: (details?.title ?? '').trim(),
      description,
      ...(details?.tags.length ? { tags: details.tags } : {}),
      categoryId: '22',
    },
    status: {
      privacyStatus,
      ...(details?.publishAt ? { publishAt: new Date(details.publishAt).toISOString() } : {}),
      selfDeclaredMadeForKids: false,
    },
  };
}

/** Whether a 2xx answer of an upload is the finished video. */
function videoOf(
  json: JsonObject | undefined,
): { id: string; privacyStatus: string | undefined } | undefined {
  const id = json?.id;
  if (typeof id !== 'string' || !id) return undefined;
  const privacy = jsonObject(json?.status)?.privacyStatus;
  return { id, privacyStatus: typeof privacy === 'string' ? privacy : undefined };
}

type Held =
  | { kind: 'held'; bytes: number }
  | { kind: 'done'; video: { id: string; privacyStatus: string | undefined } }
  | { kind: 'gone' }
  | { kind: 'failed'; failure: PublishFailure; retryable: boolean };

export function createYouTubePublisher(options: YouTubePublisherOptions): SocialPublisher {
  const { baseUrl, now, sleep } = options;
  const call = createCaller(options);
  const chunkBytes = options.chunkBytes ?? YOUTUBE_DEFAULTS.chunkBytes;
  if (chunkBytes <= 0 || chunkBytes % YOUTUBE_LIMITS.chunkMultipleBytes !== 0)
    throw new Error(`chunkBytes must be a multiple of ${YOUTUBE_LIMITS.chunkMultipleBytes}`);
  const chunkTimeoutMs = options.chunkTimeoutMs ?? YOUTUBE_DEFAULTS.chunkTimeoutMs;
  const maxInterruptions = options.maxInterruptions ?? YOUTUBE_DEFAULTS.maxInterruptions;
  const backoff = options.backoff ?? YOUTUBE_DEFAULTS.backoff;

  function failureOf(result: CallResult): PublishFailure {
    if (result.status === undefined)
      return { code: 'unavailable', message: youtubeMessages.unreachable };
    return youtubeFailure(result.status, result.json, {
      now: now(),
      retryAfterMs: parseRetryAfter(result.headers, now()),
    });
  }

  const retryable = (result: CallResult) => result.status === undefined || result.status >= 500;

  /** Reads what a session answered: the bytes it holds, the video, a dead session, or a failure. */
  function readUploadAnswer(result: CallResult): Held {
    if (result.status === 308) {
      const bytes = heldBytes(result.headers);
      return bytes === undefined
        ? {
            kind: 'failed',
            failure: { code: 'unavailable', message: youtubeMessages.malformed },
            retryable: true,
          }
        : { kind: 'held', bytes };
    }
    if (result.status === 200 || result.status === 201) {
      const video = videoOf(result.json);
      return video
        ? { kind: 'done', video }
        : {
            kind: 'failed',
            failure: { code: 'unavailable', message: youtubeMessages.malformed },
            retryable: true,
          };
    }
    if (result.status === 404 || result.status === 410) return { kind: 'gone' };
    return { kind: 'failed', failure: failureOf(result), retryable: retryable(result) };
  }

  /** Step 3 of the protocol: how many bytes the session holds (or the video, when it is complete). */
  async function askSession(uri: string, total: number): Promise<Held> {
    return readUploadAnswer(
      await call('PUT', uri, { headers: { 'content-range': `bytes */${total}` } }),
    );
  }

  async function openSession(
    request: PublishRequest,
    media: PublishMedia,
  ): Promise<{ ok: true; session: UploadSession } | { ok: false; failure: PublishFailure }> {
    let failures = 0;
    for (;;) {
      const answer = await call(
        'POST',
        `${baseUrl}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
        {
          json: youtubeVideoBody(request.text, request.youtube),
          headers: {
            'x-upload-content-length': String(media.sizeBytes),
            'x-upload-content-type': media.contentType,
          },
        },
      );
      if (answer.ok) {
        const uri = answer.headers.get('location');
        if (!uri || !isTrustedSessionUri(uri, baseUrl))
          return {
            ok: false,
            failure: { code: 'unavailable', message: youtubeMessages.malformed },
          };
        return {
          ok: true,
          session: {
            uri,
            storagePath: media.storagePath,
            sizeBytes: media.sizeBytes,
            openedAt: now(),
          },
        };
      }
      // Opening a session makes nothing visible: a 5xx or a lost answer is simply asked again.
      failures += 1;
      if (!retryable(answer) || failures >= maxInterruptions)
        return { ok: false, failure: failureOf(answer) };
      await sleep(backoffMs(backoff, failures));
    }
  }

  function published(
    request: PublishRequest,
    video: { id: string; privacyStatus: string | undefined },
  ): PublishOutcome {
    const asked = request.youtube?.publishAt
      ? 'private'
      : (request.youtube?.privacyStatus ?? 'private');
    const keptPrivate = asked !== 'private' && video.privacyStatus === 'private';
    return {
      ok: true,
      post: {
        platformPostId: video.id,
        url: youtubeVideoUrl(video.id),
        ...(keptPrivate ? { notice: youtubeMessages.keptPrivate } : {}),
      },
    };
  }

  /** A stored session this request may continue: same file, not expired. */
  function usableSession(request: PublishRequest, media: PublishMedia): UploadSession | null {
    const s = request.uploadSession?.session;
    if (!s || s.storagePath !== media.storagePath || s.sizeBytes !== media.sizeBytes) return null;
    if (
      now() - s.openedAt > YOUTUBE_DEFAULTS.sessionMaxAgeMs ||
      !isTrustedSessionUri(s.uri, baseUrl)
    )
      return null;
    return s;
  }

  async function publish(request: PublishRequest): Promise<PublishOutcome> {
    const invalid = youtubeVideoProblem(
      {
        title: request.youtube?.title ?? '',
        description: request.text,
        tags: request.youtube?.tags ?? [],
      },
      request.media,
    );
    if (invalid) return { ok: false, failure: invalid };
    const media = request.media[0]!;
    const total = media.sizeBytes;
    const progress = async (sent: number) => {
      const mb = (n: number) => (n / (1024 * 1024)).toFixed(1);
      await request.onProgress?.(
        5 + Math.floor((sent / total) * 90),
        `Uploading to YouTube (${mb(sent)} of ${mb(total)} MB)`,
      );
    };
    const forget = () => request.uploadSession?.save(null);

    let session = usableSession(request, media);
    let offset = 0;
    let interruptions = 0;
    let restarted = false;
    let finalSent = false;

    if (session) {
      // A session an earlier run opened: continue from what it holds (or take the video it finished).
      for (;;) {
        const held = await askSession(session.uri, total);
        if (held.kind === 'done') return published(request, held.video);
        if (held.kind === 'held') {
          offset = held.bytes;
          break;
        }
        if (held.kind === 'gone') {
          await forget();
          session = null;
          break;
        }
        interruptions += 1;
        if (!held.retryable || interruptions >= maxInterruptions)
          return { ok: false, failure: held.failure };
        await sleep(backoffMs(backoff, interruptions));
      }
    }

    for (;;) {
      if (!session) {
        const opened = await openSession(request, media);
        if (!opened.ok) return { ok: false, failure: opened.failure };
        session = opened.session;
        offset = 0;
        // Kept before the first byte is sent: a run that dies from here on leaves a session to continue.
        await request.uploadSession?.save(session);
      }
      await progress(offset);

      let outcome: Held;
      if (offset >= total) {
        outcome = await askSession(session.uri, total);
      } else {
        const end = Math.min(total, offset + chunkBytes);
        // Only this chunk is held in memory.
        const bytes = await media.read(offset, end);
        if (bytes.length !== end - offset)
          return {
            ok: false,
            failure: {
              code: 'media_processing_failed',
              message: 'The video file in your library could not be read whole. Please try again.',
            },
          };
        finalSent = end === total;
        const answer = await call('PUT', session.uri, {
          bytes,
          headers: {
            'content-type': media.contentType,
            'content-range': `bytes ${offset}-${end - 1}/${total}`,
          },
          timeoutMs: chunkTimeoutMs,
        });
        outcome = readUploadAnswer(answer);
        if (answer.status === undefined && answer.neverSent) finalSent = false;
      }

      if (outcome.kind === 'done') {
        await progress(total);
        return published(request, outcome.video);
      }
      if (outcome.kind === 'held') {
        if (outcome.bytes > offset) interruptions = 0;
        offset = outcome.bytes;
        continue;
      }
      if (outcome.kind === 'gone') {
        // The session expired or was lost: nothing was made; start once more from the first byte.
        await forget();
        if (restarted)
          return {
            ok: false,
            failure: { code: 'unavailable', message: youtubeMessages.serverError },
          };
        restarted = true;
        session = null;
        continue;
      }
      if (!outcome.retryable) {
        // 4xx on a chunk (token expired, quota, refused): the session may still be continued after the fix.
        return { ok: false, failure: outcome.failure };
      }
      // Interrupted: wait, then ask the session what it holds (asking again while that fails) and go on from there.
      const uri = session.uri;
      let resynced = false;
      while (!resynced) {
        interruptions += 1;
        if (interruptions >= maxInterruptions) {
          return {
            ok: false,
            failure: finalSent
              ? { code: 'unknown_outcome', message: youtubeMessages.unknownOutcome }
              : { code: 'unavailable', message: youtubeMessages.interrupted(offset, total) },
          };
        }
        await sleep(backoffMs(backoff, interruptions));
        const held = await askSession(uri, total);
        if (held.kind === 'done') return published(request, held.video);
        if (held.kind === 'failed' && !held.retryable) return { ok: false, failure: held.failure };
        if (held.kind === 'held') {
          offset = held.bytes;
          finalSent = false;
          resynced = true;
        } else if (held.kind === 'gone') {
          await forget();
          if (restarted)
            return {
              ok: false,
              failure: { code: 'unavailable', message: youtubeMessages.serverError },
            };
          restarted = true;
          session = null;
          resynced = true;
        }
      }
    }
  }

  async function findExisting(request: PublishRequest): Promise<LookupResult> {
    const media = request.media[0];
    if (!media) return absent();
    const session = usableSession(request, media);
    if (session) {
      const held = await askSession(session.uri, media.sizeBytes);
      if (held.kind === 'done') {
        const outcome = published(request, held.video);
        return outcome.ok ? found(outcome.post) : absent();
      }
      // Unfinished: no video exists yet; publish continues the session.
      if (held.kind === 'held') return absent();
      if (held.kind === 'failed') return lookupUnknown(held.failure);
    } else if (!request.uploadSession?.session) {
      // No session was ever kept: no byte was sent, so no video exists.
      return absent();
    }
    // The session is gone (or too old to ask): look for the upload among the channel's newest.
    return findInUploads(request);
  }

  async function findInUploads(request: PublishRequest): Promise<LookupResult> {
    const channels = await call(
      'GET',
      `${baseUrl}/youtube/v3/channels?mine=true&part=contentDetails`,
    );
    if (!channels.ok) return lookupUnknown(failureOf(channels));
    const items = Array.isArray(channels.json?.items) ? channels.json.items.map(jsonObject) : [];
    const uploads = jsonObject(jsonObject(items[0]?.contentDetails)?.relatedPlaylists)?.uploads;
    if (typeof uploads !== 'string') return absent();
    const answer = await call(
      'GET',
      `${baseUrl}/youtube/v3/playlistItems?part=snippet&maxResults=${LOOKUP_PAGE_SIZE}&playlistId=${encodeURIComponent(uploads)}`,
    );
    if (!answer.ok) return lookupUnknown(failureOf(answer));
    const since = request.attemptStartedAt - LOOKUP_CLOCK_SKEW_MS;
    const title = (request.youtube?.title ?? '').trim();
    for (const item of Array.isArray(answer.json?.items) ? answer.json.items.map(jsonObject) : []) {
      const snippet = jsonObject(item?.snippet);
      const id = jsonObject(snippet?.resourceId)?.videoId;
      const at = Date.parse(String(snippet?.publishedAt ?? ''));
      if (typeof id === 'string' && snippet?.title === title && at >= since)
        return found({ platformPostId: id, url: youtubeVideoUrl(id) });
    }
    return absent();
  }

  /** The channel behind the token (channels.list mine=true): who a first comment is from. */
  let channelId: string | undefined;
  async function myChannel(): Promise<
    { ok: true; id: string } | { ok: false; failure: PublishFailure }
  > {
    if (channelId) return { ok: true, id: channelId };
    const answer = await call('GET', `${baseUrl}/youtube/v3/channels?mine=true&part=id`);
    if (!answer.ok) return { ok: false, failure: failureOf(answer) };
    const id = Array.isArray(answer.json?.items) ? jsonObject(answer.json.items[0])?.id : undefined;
    if (typeof id !== 'string' || !id)
      return { ok: false, failure: { code: 'unavailable', message: youtubeMessages.malformed } };
    channelId = id;
    return { ok: true, id };
  }

  function commentFailure(result: CallResult): PublishFailure {
    const failure = failureOf(result);
    if (
      failure.code === 'forbidden' &&
      result.status !== undefined &&
      /^(insufficientPermissions|ACCESS_TOKEN_SCOPE_INSUFFICIENT)$/.test(reasonOf(result.json))
    )
      return { ...failure, message: youtubeMessages.commentScope };
    if (failure.code === 'invalid_content' || failure.code === 'forbidden')
      return {
        ...failure,
        message: failure.message
          .replace('refused the video', 'refused the first comment')
          .replace('refused the upload', 'refused the first comment'),
      };
    return failure;
  }

  /**
   * The first comment: commentThreads.insert (POST /youtube/v3/commentThreads?part=snippet with the channel,
   * the video and snippet.topLevelComment.snippet.textOriginal; scope youtube.force-ssl), sent once.
   */
  async function followUp(request: FollowUpRequest): Promise<PublishOutcome> {
    if (request.kind !== 'comment')
      return {
        ok: false,
        failure: {
          code: 'invalid_content',
          message: 'YouTube takes a first comment only, on the video.',
        },
      };
    if ([...request.text].length > YOUTUBE_COMMENT_MAX_CHARS)
      return { ok: false, failure: { code: 'invalid_content', message: youtubeCommentTooLong } };
    const channel = await myChannel();
    if (!channel.ok) return { ok: false, failure: channel.failure };
    const answer = await call('POST', `${baseUrl}/youtube/v3/commentThreads?part=snippet`, {
      json: {
        snippet: {
          channelId: channel.id,
          videoId: request.parentId,
          topLevelComment: { snippet: { textOriginal: request.text } },
        },
      },
    });
    if (answer.status === undefined) {
      return {
        ok: false,
        failure: answer.neverSent
          ? { code: 'unavailable', message: youtubeMessages.unreachable }
          : { code: 'unknown_outcome', message: youtubeMessages.unknownComment },
      };
    }
    if (!answer.ok) return { ok: false, failure: commentFailure(answer) };
    const id = jsonObject(jsonObject(answer.json?.snippet)?.topLevelComment)?.id ?? answer.json?.id;
    if (typeof id !== 'string' || !id)
      return {
        ok: false,
        failure: {
          code: 'unknown_outcome',
          message: youtubeMessages.unknownComment,
          status: answer.status,
        },
      };
    return { ok: true, post: { platformPostId: id, url: youtubeCommentUrl(request.parentId, id) } };
  }

  /** The channel's own top-level comment with this text on the video (commentThreads.list videoId, newest first), made since the attempt. */
  async function findFollowUp(request: FollowUpRequest): Promise<LookupResult> {
    const channel = await myChannel();
    if (!channel.ok) return lookupUnknown(channel.failure);
    const since = request.attemptStartedAt - LOOKUP_CLOCK_SKEW_MS;
    let pageToken = '';
    for (let page = 0; page < COMMENT_LOOKUP_MAX_PAGES; page++) {
      const url = `${baseUrl}/youtube/v3/commentThreads?part=snippet&videoId=${encodeURIComponent(request.parentId)}&order=time&textFormat=plainText&maxResults=100${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`;
      const answer = await call('GET', url);
      if (!answer.ok) return lookupUnknown(failureOf(answer));
      for (const thread of Array.isArray(answer.json?.items)
        ? answer.json.items.map(jsonObject)
        : []) {
        const top = jsonObject(jsonObject(thread?.snippet)?.topLevelComment);
        const snippet = jsonObject(top?.snippet);
        const author = jsonObject(snippet?.authorChannelId)?.value;
        const at = Date.parse(String(snippet?.publishedAt ?? ''));
        if (
          typeof top?.id === 'string' &&
          author === channel.id &&
          snippet?.textOriginal === request.text &&
          !(at < since)
        )
          return found({
            platformPostId: top.id,
            url: youtubeCommentUrl(request.parentId, top.id),
          });
      }
      const next = answer.json?.nextPageToken;
      if (typeof next !== 'string' || !next) return absent();
      pageToken = next;
    }
    return absent();
  }

  return { publish, findExisting, followUp, findFollowUp };
}

/** Pages of a video's comment threads read when looking for the first comment (newest first). */
const COMMENT_LOOKUP_MAX_PAGES = 5;

/** A comment's link: the video's page, opened at the comment. */
export function youtubeCommentUrl(videoId: string, commentId: string): string {
  return `${youtubeVideoUrl(videoId)}&lc=${encodeURIComponent(commentId)}`;
}

export interface YouTubeChannel {
  id: string;
  title: string;
  subscribers: number | null;
  views: number | null;
  videos: number | null;
}

/** The channel behind the token (channels.list mine=true): name and statistics for the stat cards. */
export async function fetchYouTubeChannel(
  options: YouTubeClientOptions,
): Promise<{ ok: true; value: YouTubeChannel | null } | { ok: false; failure: PublishFailure }> {
  const answer = await createCaller(options)(
    'GET',
    `${options.baseUrl}/youtube/v3/channels?mine=true&part=snippet,statistics`,
  );
  const now = (options.now ?? Date.now)();
  if (!answer.ok)
    return {
      ok: false,
      failure:
        answer.status === undefined
          ? { code: 'unavailable', message: youtubeMessages.unreachable }
          : youtubeFailure(answer.status, answer.json, { now }),
    };
  const item = Array.isArray(answer.json?.items) ? jsonObject(answer.json.items[0]) : undefined;
  if (!item || typeof item.id !== 'string') return { ok: true, value: null };
  const stats = jsonObject(item.statistics);
  const count = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);
  const title = jsonObject(item.snippet)?.title;
  return {
    ok: true,
    value: {
      id: item.id,
      title: typeof title === 'string' ? title : 'YouTube channel',
      subscribers: stats?.hiddenSubscriberCount === true ? null : count(stats?.subscriberCount),
      views: count(stats?.viewCount),
      videos: count(stats?.videoCount),
    },
  };
}
