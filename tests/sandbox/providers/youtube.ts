import { createHash, randomBytes, type Hash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { CONTROL_PREFIX } from '../app';
import { bearer, jsonBody, SANDBOX_KEYS } from './shared';
import { googleAccessVerdict } from './google-oauth';
import { agePost, sandboxEngagement } from './metrics';

// YouTube Data API v3 on the Google provider's origin (www.googleapis.com): the resumable upload protocol
// (developers.google.com/youtube/v3/guides/using_resumable_upload_protocol), channels.list, videos.list and
// playlistItems.list, commentThreads.insert and commentThreads.list (videoId). Errors are Google's {error: {code, message, errors: [{message, domain, reason}],
// status}}. One channel holds every token. Tokens: missing 401 'required'; 'bad-key' and 'expired-token'
// 401 authError; 'readonly-token' has youtube.readonly only (uploads 403 insufficientPermissions);
// 'quota-token' 403 quotaExceeded; 'upload-limit-token' 400 uploadLimitExceeded on upload;
// 'unverified-app-token' stands for an app Google has not audited: its uploads stay private whatever was
// asked. 'upload-only-token' lacks youtube.force-ssl: comments 403 insufficientPermissions (as does
// 'readonly-token'). Any other token may upload and comment. The sandbox is stricter than YouTube in two places, so client bugs
// show: every chunk but the last must be a multiple of 256 KiB, and a chunk must start exactly at the
// offset the session holds.

export const YOUTUBE_TOKENS = {
  expired: 'expired-token',
  readonly: 'readonly-token',
  quota: 'quota-token',
  uploadLimit: 'upload-limit-token',
  unverified: 'unverified-app-token',
  uploadOnly: 'upload-only-token',
} as const;

/** commentThreads.insert refuses a longer textOriginal as commentTextTooLong. */
const COMMENT_MAX_CHARS = 10_000;

interface CommentThread {
  id: string;
  videoId: string;
  channelId: string;
  authorChannelId: string;
  textOriginal: string;
  publishedAt: number;
}

export const YOUTUBE_SANDBOX = {
  channel: {
    id: 'UCsbxMuseSandboxChannel01',
    title: 'Muse Sandbox Channel',
    customUrl: '@musesandbox',
    subscribers: 4200,
    views: 123_456,
    videos: 17,
  },
  uploadsPlaylist: 'UUsbxMuseSandboxChannel01',
} as const;

export const YOUTUBE_CHUNK_MULTIPLE = 256 * 1024;
const TITLE_MAX = 100;
const DESCRIPTION_MAX_BYTES = 5000;
const TAGS_MAX = 500;

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** Google's error body (also handy as a fault body in tests). */
export function googleError(
  code: number,
  reason: string,
  message: string,
  domain = 'global',
  extra: Record<string, string> = {},
): Record<string, unknown> {
  return {
    error: {
      code,
      message,
      errors: [{ message, domain, reason, ...extra }],
      ...(STATUS_NAMES[code] ? { status: STATUS_NAMES[code] } : {}),
    },
  };
}

export const youtubeErrors = {
  quotaExceeded: () =>
    googleError(
      403,
      'quotaExceeded',
      'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
      'youtube.quota',
    ),
  uploadLimitExceeded: () =>
    googleError(
      400,
      'uploadLimitExceeded',
      'The user has exceeded the number of videos they may upload.',
      'youtube.video',
    ),
  authError: () =>
    googleError(
      401,
      'authError',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      'global',
      {
        location: 'Authorization',
        locationType: 'header',
      },
    ),
} as const;

/** Faults without a body answer Google's shape for their status. */
export function youtubeFaultBody(status: number): object {
  if (status === 401) return youtubeErrors.authError();
  if (status === 403) return googleError(403, 'forbidden', 'Forbidden');
  if (status === 404) return googleError(404, 'notFound', 'Not Found');
  if (status === 429) return googleError(429, 'rateLimitExceeded', 'Too many requests.');
  if (status >= 500) return googleError(status, 'backendError', 'Backend Error');
  return googleError(status, 'badRequest', 'Bad Request');
}

type Privacy = 'private' | 'unlisted' | 'public';

interface Video {
  id: string;
  channelId: string;
  title: string;
  description: string;
  tags: string[];
  categoryId: string;
  privacyStatus: Privacy;
  /** What the upload asked for (differs when an unverified app's upload was kept private). */
  requestedPrivacyStatus: Privacy;
  publishAt: string | null;
  contentType: string;
  bytes: number;
  sha256: string;
  createdAt: number;
  processingPollsLeft: number;
  gets: number;
}

interface Session {
  id: string;
  token: string;
  metadata: Omit<
    Video,
    'id' | 'bytes' | 'sha256' | 'createdAt' | 'processingPollsLeft' | 'gets' | 'channelId'
  >;
  total: number;
  received: number;
  hash: Hash;
  chunks: { first: number; last: number; kept: number }[];
  statusQueries: number;
  videoId: string | null;
}

/** What the next chunk PUTs suffer: part of the chunk is kept, then the answer is a 5xx (or nothing, for `hang`). */
interface Interruption {
  times: number;
  /** Bytes of the chunk kept before the failure (default: half of it; 'all' keeps it whole, as an answer lost on the way back). */
  keep: number | 'half' | 'all';
  status: number;
  hangMs?: number;
}

const DEFAULTS = { processingPolls: 1 };

function videoId(): string {
  return randomBytes(8).toString('base64url').slice(0, 11);
}

function authorize(c: Context): { token: string } | Response {
  const token = bearer(c.req.header('authorization'))?.trim();
  if (!token)
    return c.json(
      googleError(
        401,
        'required',
        'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        'global',
        {
          location: 'Authorization',
          locationType: 'header',
        },
      ),
      401,
    );
  if (token === SANDBOX_KEYS.bad || token === YOUTUBE_TOKENS.expired)
    return c.json(youtubeErrors.authError(), 401);
  return { token };
}

function quotaRefused(c: Context, token: string): Response | undefined {
  return token === YOUTUBE_TOKENS.quota ? c.json(youtubeErrors.quotaExceeded(), 403) : undefined;
}

/**
 * The `part` parameter's resources. It is a repeated parameter in the Data API's discovery document
 * (`"repeated": true`), so `part=snippet&part=status` (how googleapis sends an array) and
 * `part=snippet,status` name the same parts.
 */
export function partsOf(c: Context): string[] {
  return (c.req.queries('part') ?? [])
    .flatMap((value) => value.split(','))
    .map((p) => p.trim())
    .filter(Boolean);
}

function tagsLength(tags: readonly string[]): number {
  return tags.length === 0
    ? 0
    : tags.reduce((sum, t) => sum + [...t].length + (/\s/.test(t) ? 2 : 0), 0) + tags.length - 1;
}

/** The snippet and status of videos.insert, checked as YouTube documents them. */
function readMetadata(
  body: Record<string, unknown> | undefined,
  now: number,
): Session['metadata'] | { reason: string; message: string } {
  const snippet = (body?.snippet ?? {}) as Record<string, unknown>;
  const status = (body?.status ?? {}) as Record<string, unknown>;
  const title = typeof snippet.title === 'string' ? snippet.title : '';
  if (!title.trim() || [...title].length > TITLE_MAX || /[<>]/.test(title))
    return {
      reason: 'invalidTitle',
      message: 'The request metadata specifies an invalid or empty video title.',
    };
  const description = typeof snippet.description === 'string' ? snippet.description : '';
  if (
    new TextEncoder().encode(description).length > DESCRIPTION_MAX_BYTES ||
    /[<>]/.test(description)
  )
    return {
      reason: 'invalidDescription',
      message: 'The request metadata specifies an invalid video description.',
    };
  const tags = Array.isArray(snippet.tags) ? snippet.tags : [];
  if (
    tags.some((t) => typeof t !== 'string' || /[<>]/.test(t)) ||
    tagsLength(tags as string[]) > TAGS_MAX
  )
    return {
      reason: 'invalidTags',
      message: 'The request metadata specifies invalid video keywords.',
    };
  const privacy = status.privacyStatus ?? 'public';
  if (privacy !== 'private' && privacy !== 'unlisted' && privacy !== 'public')
    return { reason: 'invalidVideoMetadata', message: 'The request metadata is invalid.' };
  const publishAt = status.publishAt;
  if (publishAt !== undefined && publishAt !== null) {
    const at = typeof publishAt === 'string' ? Date.parse(publishAt) : NaN;
    if (privacy !== 'private' || !Number.isFinite(at) || at <= now)
      return {
        reason: 'invalidPublishAt',
        message: 'The request metadata specifies an invalid scheduled publishing time.',
      };
  }
  return {
    title,
    description,
    tags: tags as string[],
    categoryId: typeof snippet.categoryId === 'string' ? snippet.categoryId : '22',
    privacyStatus: privacy,
    requestedPrivacyStatus: privacy,
    publishAt: typeof publishAt === 'string' ? new Date(publishAt).toISOString() : null,
    contentType: '',
  };
}

export function youtubeRoutes(app: Hono): void {
  // Tokens Google OAuth issued on this server (./google-oauth.ts) expire and can be revoked like Google's.
  const tokenCheck = async (c: Context, next: () => Promise<void>) => {
    const verdict = googleAccessVerdict(app, c.req.header('authorization'));
    if (verdict === 'expired' || verdict === 'revoked')
      return c.json(youtubeErrors.authError(), 401);
    await next();
  };
  app.use('/youtube/*', tokenCheck);
  app.use('/upload/youtube/*', tokenCheck);
  const sessions = new Map<string, Session>();
  const videos: Video[] = [];
  const comments: CommentThread[] = [];
  let interruptions: Interruption[] = [];
  let defaults = { ...DEFAULTS };
  const { channel } = YOUTUBE_SANDBOX;

  const videoResource = (v: Video, parts: readonly string[]) => {
    const processed = v.processingPollsLeft <= 0;
    return {
      kind: 'youtube#video',
      etag: createHash('sha1').update(v.id).digest('base64url'),
      id: v.id,
      ...(parts.includes('snippet')
        ? {
            snippet: {
              publishedAt: new Date(v.createdAt).toISOString(),
              channelId: v.channelId,
              title: v.title,
              description: v.description,
              ...(v.tags.length ? { tags: v.tags } : {}),
              categoryId: v.categoryId,
              channelTitle: channel.title,
              liveBroadcastContent: 'none',
              thumbnails: {
                default: {
                  url: `https://i.ytimg.com/vi/${v.id}/default.jpg`,
                  width: 120,
                  height: 90,
                },
              },
            },
          }
        : {}),
      ...(parts.includes('status')
        ? {
            status: {
              uploadStatus: processed ? 'processed' : 'uploaded',
              privacyStatus: v.privacyStatus,
              ...(v.publishAt ? { publishAt: v.publishAt } : {}),
              license: 'youtube',
              embeddable: true,
              publicStatsViewable: true,
              madeForKids: false,
            },
          }
        : {}),
      ...(parts.includes('processingDetails')
        ? { processingDetails: { processingStatus: processed ? 'succeeded' : 'processing' } }
        : {}),
      // Counts are strings in the Data API; they grow with the video's age (./metrics.ts).
      ...(parts.includes('statistics') ? { statistics: statisticsOf(v) } : {}),
    };
  };
  const statisticsOf = (v: Video) => {
    const e = sandboxEngagement(v.id, Date.now() - v.createdAt);
    // The comments made through commentThreads.insert count with those the video's age brings.
    const made = comments.filter((m) => m.videoId === v.id).length;
    return {
      viewCount: String(e.impressions),
      likeCount: String(e.likes),
      favoriteCount: '0',
      commentCount: String(e.comments + made),
    };
  };
  app.post(`${CONTROL_PREFIX}/youtube/posts/age`, (c) =>
    agePost(c, (id, createdAt) => {
      const video = videos.find((v) => v.id === id);
      if (video) video.createdAt = createdAt;
      return !!video;
    }),
  );

  // Control: what was uploaded, how uploads went, and what the next chunks suffer.
  app.get(`${CONTROL_PREFIX}/youtube/videos`, (c) =>
    c.json({
      videos: videos.map(
        ({
          id,
          channelId,
          title,
          description,
          tags,
          privacyStatus,
          requestedPrivacyStatus,
          publishAt,
          contentType,
          bytes,
          sha256,
          createdAt,
        }) => ({
          id,
          channelId,
          title,
          description,
          tags,
          privacyStatus,
          requestedPrivacyStatus,
          publishAt,
          contentType,
          bytes,
          sha256,
          createdAt,
        }),
      ),
    }),
  );
  app.delete(`${CONTROL_PREFIX}/youtube/videos`, (c) => {
    videos.length = 0;
    sessions.clear();
    return c.body(null, 204);
  });
  /** The top-level comments made through commentThreads.insert; ?videoId= only those on that video. */
  app.get(`${CONTROL_PREFIX}/youtube/comments`, (c) => {
    const video = c.req.query('videoId');
    return c.json({ comments: video ? comments.filter((m) => m.videoId === video) : comments });
  });
  app.get(`${CONTROL_PREFIX}/youtube/sessions`, (c) =>
    c.json({
      sessions: [...sessions.values()].map(
        ({ id, metadata, total, received, chunks, statusQueries, videoId: made }) => ({
          id,
          title: metadata.title,
          total,
          received,
          chunks,
          statusQueries,
          videoId: made,
        }),
      ),
    }),
  );
  app.post(`${CONTROL_PREFIX}/youtube/interruptions`, async (c) => {
    const body = (await jsonBody(c.req)) ?? {};
    const times = body.times ?? 1;
    const keep = body.keep ?? 'half';
    const status = body.status ?? 503;
    const hangMs = body.hangMs;
    if (!Number.isInteger(times) || (times as number) < 1 || (times as number) > 100)
      return c.json({ error: 'times must be an integer from 1 to 100' }, 400);
    if (keep !== 'half' && keep !== 'all' && !(Number.isInteger(keep) && (keep as number) >= 0))
      return c.json({ error: "keep must be 'half', 'all' or a byte count" }, 400);
    if (!Number.isInteger(status) || (status as number) < 500 || (status as number) > 599)
      return c.json({ error: 'status must be a 5xx' }, 400);
    if (
      hangMs !== undefined &&
      (!Number.isInteger(hangMs) || (hangMs as number) < 0 || (hangMs as number) > 120_000)
    )
      return c.json({ error: 'hangMs must be 0 to 120000' }, 400);
    interruptions.push({
      times: times as number,
      keep: keep as Interruption['keep'],
      status: status as number,
      ...(hangMs !== undefined ? { hangMs: hangMs as number } : {}),
    });
    return c.json({ pending: interruptions.reduce((n, i) => n + i.times, 0) }, 201);
  });
  app.delete(`${CONTROL_PREFIX}/youtube/interruptions`, (c) => {
    interruptions = [];
    return c.body(null, 204);
  });
  app.put(`${CONTROL_PREFIX}/youtube/defaults`, async (c) => {
    const polls = (await jsonBody(c.req))?.processingPolls;
    if (!Number.isInteger(polls) || (polls as number) < 0 || (polls as number) > 100)
      return c.json({ error: 'processingPolls must be an integer from 0 to 100' }, 400);
    defaults = { processingPolls: polls as number };
    return c.json(defaults);
  });
  app.delete(`${CONTROL_PREFIX}/youtube/defaults`, (c) => {
    defaults = { ...DEFAULTS };
    return c.body(null, 204);
  });

  function takeInterruption(): Interruption | undefined {
    const next = interruptions[0];
    if (!next) return undefined;
    if (next.times <= 1) interruptions.shift();
    else interruptions[0] = { ...next, times: next.times - 1 };
    return next;
  }

  // Step 1: start a resumable session. The answer is 200 with the session URI in Location.
  app.post('/upload/youtube/v3/videos', async (c) => {
    const auth = authorize(c);
    if (auth instanceof Response) return auth;
    if (c.req.query('uploadType') !== 'resumable')
      return c.json(
        googleError(400, 'badRequest', 'The sandbox supports uploadType=resumable only.'),
        400,
      );
    const parts = partsOf(c);
    if (!parts.includes('snippet') || !parts.includes('status'))
      return c.json(
        googleError(
          400,
          'missingRequiredParameter',
          'No filter selected. Expected one of: part=snippet,status.',
        ),
        400,
      );
    if (auth.token === YOUTUBE_TOKENS.readonly)
      return c.json(
        googleError(
          403,
          'insufficientPermissions',
          'Request had insufficient authentication scopes.',
        ),
        403,
      );
    const quota = quotaRefused(c, auth.token);
    if (quota) return quota;
    if (auth.token === YOUTUBE_TOKENS.uploadLimit)
      return c.json(youtubeErrors.uploadLimitExceeded(), 400);
    const total = Number(c.req.header('x-upload-content-length'));
    if (!Number.isInteger(total) || total <= 0)
      return c.json(
        googleError(
          400,
          'mediaBodyRequired',
          'The request does not include the video content (X-Upload-Content-Length is required here).',
          'youtube.video',
        ),
        400,
      );
    const type = (c.req.header('x-upload-content-type') ?? '').toLowerCase();
    if (!type.startsWith('video/') && type !== 'application/octet-stream')
      return c.json(
        googleError(
          400,
          'invalidFilename',
          `Media type '${type}' is not supported. Upload a video/* file.`,
          'youtube.video',
        ),
        400,
      );
    const metadata = readMetadata(await jsonBody(c.req), Date.now());
    if ('reason' in metadata)
      return c.json(googleError(400, metadata.reason, metadata.message, 'youtube.video'), 400);
    if (auth.token === YOUTUBE_TOKENS.unverified) metadata.privacyStatus = 'private';
    const session: Session = {
      id: randomBytes(18).toString('base64url'),
      token: auth.token,
      metadata: { ...metadata, contentType: type },
      total,
      received: 0,
      hash: createHash('sha256'),
      chunks: [],
      statusQueries: 0,
      videoId: null,
    };
    sessions.set(session.id, session);
    const origin = new URL(c.req.url).origin;
    return c.body(null, 200, {
      location: `${origin}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${session.id}`,
    });
  });

  /** 308 with the bytes held so far (no Range header while nothing is held). */
  const incomplete = (c: Context, s: Session) =>
    c.body(null, 308, s.received > 0 ? { range: `bytes=0-${s.received - 1}` } : {});

  function complete(s: Session): Video {
    const existing = videos.find((v) => v.id === s.videoId);
    if (existing) return existing;
    const video: Video = {
      ...s.metadata,
      id: videoId(),
      channelId: channel.id,
      bytes: s.received,
      sha256: s.hash.digest('hex'),
      createdAt: Date.now(),
      processingPollsLeft: defaults.processingPolls,
      gets: 0,
    };
    s.videoId = video.id;
    videos.push(video);
    return video;
  }

  // Step 2 and 3: PUT the bytes (whole, or chunks with Content-Range), or ask what the session holds (bytes */TOTAL).
  app.put('/upload/youtube/v3/videos', async (c) => {
    const auth = authorize(c);
    if (auth instanceof Response) return auth;
    const session = sessions.get(c.req.query('upload_id') ?? '');
    if (!session)
      return c.json(
        googleError(
          404,
          'notFound',
          'The upload session was not found or has expired. Start a new upload.',
        ),
        404,
      );
    const parts = ['snippet', 'status'];
    const range = c.req.header('content-range');

    const query = range ? /^bytes \*\/(\d+)$/.exec(range) : null;
    if (query) {
      session.statusQueries += 1;
      if (Number(query[1]) !== session.total)
        return c.json(
          googleError(
            400,
            'badRequest',
            `Content-Range total ${query[1]} does not match X-Upload-Content-Length ${session.total}.`,
          ),
          400,
        );
      if (session.videoId) return c.json(videoResource(complete(session), parts), 200);
      return incomplete(c, session);
    }
    if (session.videoId) return c.json(videoResource(complete(session), parts), 200);

    const m = range ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range) : null;
    if (range && !m)
      return c.json(googleError(400, 'badRequest', `Invalid Content-Range: ${range}`), 400);
    const first = m ? Number(m[1]) : 0;
    const last = m ? Number(m[2]) : session.total - 1;
    const total = m ? Number(m[3]) : session.total;
    if (total !== session.total)
      return c.json(
        googleError(
          400,
          'badRequest',
          `Content-Range total ${total} does not match X-Upload-Content-Length ${session.total}.`,
        ),
        400,
      );
    if (first !== session.received)
      return c.json(
        googleError(
          400,
          'badRequest',
          `The chunk starts at byte ${first}, but the session holds bytes 0-${session.received - 1}: resume from byte ${session.received}.`,
        ),
        400,
      );
    if (last < first || last >= session.total)
      return c.json(googleError(400, 'badRequest', `Invalid Content-Range: ${range}`), 400);
    const isFinal = last === session.total - 1;
    const length = last - first + 1;
    if (!isFinal && length % YOUTUBE_CHUNK_MULTIPLE !== 0)
      return c.json(
        googleError(
          400,
          'badRequest',
          `Chunks must be multiples of ${YOUTUBE_CHUNK_MULTIPLE} bytes, except the last one (got ${length}).`,
        ),
        400,
      );
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length !== length)
      return c.json(
        googleError(
          400,
          'badRequest',
          `The body has ${bytes.length} bytes, Content-Range says ${length}.`,
        ),
        400,
      );

    const cut = takeInterruption();
    const kept = cut
      ? cut.keep === 'all'
        ? length
        : cut.keep === 'half'
          ? Math.floor(length / 2)
          : Math.min(cut.keep, length)
      : length;
    session.hash.update(bytes.subarray(0, kept));
    session.received += kept;
    session.chunks.push({ first, last, kept });
    const done = session.received === session.total;
    const video = done ? complete(session) : undefined;
    if (cut) {
      if (cut.hangMs) await new Promise((r) => setTimeout(r, cut.hangMs));
      return c.json(googleError(cut.status, 'backendError', 'Backend Error'), cut.status as 503);
    }
    return video ? c.json(videoResource(video, parts), 201) : incomplete(c, session);
  });

  // channels.list (mine=true): the stat cards and the uploads playlist.
  app.get('/youtube/v3/channels', (c) => {
    const auth = authorize(c);
    if (auth instanceof Response) return auth;
    const quota = quotaRefused(c, auth.token);
    if (quota) return quota;
    if (c.req.query('mine') !== 'true')
      return c.json(
        googleError(
          400,
          'missingRequiredParameter',
          'The sandbox answers channels.list with mine=true only.',
        ),
        400,
      );
    const parts = partsOf(c);
    if (!parts[0])
      return c.json(
        googleError(400, 'missingRequiredParameter', 'No filter selected. Expected one of: part'),
        400,
      );
    const mine = videos.filter((v) => v.channelId === channel.id);
    const item = {
      kind: 'youtube#channel',
      etag: 'sbx-channel',
      id: channel.id,
      ...(parts.includes('snippet')
        ? {
            snippet: {
              title: channel.title,
              description: 'Videos made with Muse Studio.',
              customUrl: channel.customUrl,
              publishedAt: '2024-01-15T09:00:00Z',
            },
          }
        : {}),
      ...(parts.includes('statistics')
        ? {
            statistics: {
              viewCount: String(channel.views),
              subscriberCount: String(channel.subscribers),
              hiddenSubscriberCount: false,
              videoCount: String(channel.videos + mine.length),
            },
          }
        : {}),
      ...(parts.includes('contentDetails')
        ? {
            contentDetails: {
              relatedPlaylists: { likes: '', uploads: YOUTUBE_SANDBOX.uploadsPlaylist },
            },
          }
        : {}),
    };
    return c.json({
      kind: 'youtube#channelListResponse',
      etag: 'sbx-channels',
      pageInfo: { totalResults: 1, resultsPerPage: 5 },
      items: [item],
    });
  });

  // videos.list (id=): processing goes from 'processing' to 'succeeded' after `processingPolls` GETs.
  app.get('/youtube/v3/videos', (c) => {
    const auth = authorize(c);
    if (auth instanceof Response) return auth;
    const quota = quotaRefused(c, auth.token);
    if (quota) return quota;
    const ids = (c.req.query('id') ?? '').split(',').filter(Boolean);
    if (ids.length === 0)
      return c.json(
        googleError(
          400,
          'missingRequiredParameter',
          'No filter selected. Expected one of: id, myRating, chart.',
        ),
        400,
      );
    const parts = c.req.queries('part') ? partsOf(c) : ['snippet'];
    const items = videos
      .filter((v) => ids.includes(v.id))
      .map((v) => {
        v.gets += 1;
        const resource = videoResource(v, parts);
        if (v.processingPollsLeft > 0) v.processingPollsLeft -= 1;
        return resource;
      });
    return c.json({
      kind: 'youtube#videoListResponse',
      etag: 'sbx-videos',
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      items,
    });
  });

  const threadResource = (m: CommentThread) => {
    const at = new Date(m.publishedAt).toISOString();
    return {
      kind: 'youtube#commentThread',
      etag: `sbx-${m.id}`,
      id: m.id,
      snippet: {
        channelId: m.channelId,
        videoId: m.videoId,
        topLevelComment: {
          kind: 'youtube#comment',
          etag: `sbx-c-${m.id}`,
          id: m.id,
          snippet: {
            channelId: m.channelId,
            videoId: m.videoId,
            textDisplay: m.textOriginal,
            textOriginal: m.textOriginal,
            authorDisplayName: channel.customUrl,
            authorChannelUrl: `http://www.youtube.com/${channel.customUrl}`,
            authorChannelId: { value: m.authorChannelId },
            canRate: true,
            viewerRating: 'none',
            likeCount: 0,
            publishedAt: at,
            updatedAt: at,
          },
        },
        canReply: true,
        totalReplyCount: 0,
        isPublic: true,
      },
    };
  };

  // commentThreads.insert (scope youtube.force-ssl): a top-level comment on a video.
  app.post('/youtube/v3/commentThreads', async (c) => {
    const auth = authorize(c);
    if (auth instanceof Response) return auth;
    if (auth.token === YOUTUBE_TOKENS.readonly || auth.token === YOUTUBE_TOKENS.uploadOnly)
      return c.json(
        googleError(
          403,
          'insufficientPermissions',
          'Request had insufficient authentication scopes.',
        ),
        403,
      );
    const quota = quotaRefused(c, auth.token);
    if (quota) return quota;
    const parts = partsOf(c);
    if (!parts.includes('snippet'))
      return c.json(
        googleError(400, 'missingRequiredParameter', 'No filter selected. Expected one of: part'),
        400,
      );
    const snippet = ((await jsonBody(c.req))?.snippet ?? {}) as Record<string, unknown>;
    const videoId = typeof snippet.videoId === 'string' ? snippet.videoId : '';
    const text = (
      ((snippet.topLevelComment as Record<string, unknown> | undefined)?.snippet ?? {}) as Record<
        string,
        unknown
      >
    ).textOriginal;
    const video = videos.find((v) => v.id === videoId);
    if (!video)
      return c.json(
        googleError(
          404,
          'videoNotFound',
          'The video identified by the <code><a href="/youtube/v3/docs/commentThreads/insert#videoId">videoId</a></code> parameter could not be found.',
          'youtube.commentThread',
        ),
        404,
      );
    if (snippet.channelId !== undefined && snippet.channelId !== video.channelId)
      return c.json(
        googleError(
          400,
          'invalidCommentThreadMetadata',
          'The request metadata is invalid.',
          'youtube.commentThread',
        ),
        400,
      );
    if (typeof text !== 'string' || !text.trim())
      return c.json(
        googleError(
          400,
          'commentTextRequired',
          'The comment resource that is being inserted must specify a value for the snippet.topLevelComment.snippet.textOriginal property.',
          'youtube.commentThread',
        ),
        400,
      );
    if ([...text].length > COMMENT_MAX_CHARS)
      return c.json(
        googleError(
          400,
          'commentTextTooLong',
          'The comment resource that is being inserted contains too many characters in the snippet.topLevelComment.snippet.textOriginal property.',
          'youtube.commentThread',
        ),
        400,
      );
    const thread: CommentThread = {
      id: `Ugx${randomBytes(12).toString('base64url')}`,
      videoId,
      channelId: video.channelId,
      authorChannelId: channel.id,
      textOriginal: text,
      publishedAt: Date.now(),
    };
    comments.push(thread);
    return c.json(threadResource(thread));
  });

  // commentThreads.list (videoId): the video's top-level comments, newest first (order=time, the default).
  app.get('/youtube/v3/commentThreads', (c) => {
    const auth = authorize(c);
    if (auth instanceof Response) return auth;
    const quota = quotaRefused(c, auth.token);
    if (quota) return quota;
    const videoId = c.req.query('videoId');
    if (!videoId)
      return c.json(
        googleError(
          400,
          'missingRequiredParameter',
          'The sandbox answers commentThreads.list with videoId only.',
        ),
        400,
      );
    if (!videos.some((v) => v.id === videoId))
      return c.json(
        googleError(
          404,
          'videoNotFound',
          'The video identified by the videoId parameter could not be found.',
          'youtube.commentThread',
        ),
        404,
      );
    const max = Math.min(100, Math.max(1, Number(c.req.query('maxResults') ?? 20) || 20));
    const start = Number(c.req.query('pageToken') ?? 0) || 0;
    const on = comments
      .filter((m) => m.videoId === videoId)
      .sort((a, b) => b.publishedAt - a.publishedAt);
    const page = on.slice(start, start + max);
    const next = start + max < on.length ? String(start + max) : undefined;
    return c.json({
      kind: 'youtube#commentThreadListResponse',
      etag: 'sbx-threads',
      ...(next ? { nextPageToken: next } : {}),
      pageInfo: { totalResults: page.length, resultsPerPage: max },
      items: page.map(threadResource),
    });
  });

  // playlistItems.list of the uploads playlist, newest first (how an upload is found after an unknown outcome).
  app.get('/youtube/v3/playlistItems', (c) => {
    const auth = authorize(c);
    if (auth instanceof Response) return auth;
    const quota = quotaRefused(c, auth.token);
    if (quota) return quota;
    if (c.req.query('playlistId') !== YOUTUBE_SANDBOX.uploadsPlaylist)
      return c.json(
        googleError(
          404,
          'playlistNotFound',
          "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
          'youtube.playlistItem',
        ),
        404,
      );
    const max = Math.min(50, Math.max(0, Number(c.req.query('maxResults') ?? 5) || 5));
    const start = Number(c.req.query('pageToken') ?? 0) || 0;
    const mine = videos
      .filter((v) => v.channelId === channel.id)
      .sort((a, b) => b.createdAt - a.createdAt);
    const page = mine.slice(start, start + max);
    const next = start + max < mine.length ? String(start + max) : undefined;
    return c.json({
      kind: 'youtube#playlistItemListResponse',
      etag: 'sbx-uploads',
      ...(next ? { nextPageToken: next } : {}),
      pageInfo: { totalResults: mine.length, resultsPerPage: max },
      items: page.map((v) => ({
        kind: 'youtube#playlistItem',
        id: `PLI${v.id}`,
        snippet: {
          publishedAt: new Date(v.createdAt).toISOString(),
          channelId: v.channelId,
          title: v.title,
          description: v.description,
          playlistId: YOUTUBE_SANDBOX.uploadsPlaylist,
          resourceId: { kind: 'youtube#video', videoId: v.id },
        },
      })),
    });
  });
}
