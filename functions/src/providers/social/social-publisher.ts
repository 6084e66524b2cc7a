import type { YouTubeDetails } from '@core/social-posts';

// What a publish job asks of a platform (X, LinkedIn, later Reddit and YouTube). One implementation per
// platform beside this file, each behind this interface, each taking its fetch, clock and base URL as
// parameters so it runs against tests/sandbox exactly as against the real API.

/** A file in the user's Storage, read by ranges so a large video is never held whole in memory. */
export interface PublishMedia {
  storagePath: string;
  contentType: string;
  sizeBytes: number;
  /** Bytes [start, end) of the file. */
  read(start: number, end: number): Promise<Uint8Array>;
}

/** A resumable upload's session (YouTube), kept with the post so a later run continues it instead of starting over. */
export interface UploadSession {
  /** The session URI the platform gave. */
  uri: string;
  /** The file it uploads: a session is reused only for the same file. */
  storagePath: string;
  sizeBytes: number;
  /** Epoch ms when the session was opened (sessions expire: YouTube's after about a week). */
  openedAt: number;
}

export interface UploadSessionStore {
  /** The session an earlier run opened, if any. */
  session: UploadSession | null;
  /** Keeps a new session (before any byte is sent) or forgets it (null) once it is done or dead. */
  save(session: UploadSession | null): Promise<void>;
}

export interface PublishRequest {
  /** The publish job's id: stable across re-runs of the same post. */
  requestId: string;
  text: string;
  media: PublishMedia[];
  /** LinkedIn: urn:li:person:{sub} or urn:li:organization:{id}; other platforms ignore it. */
  author?: string;
  /** Reddit: the subreddit (no r/), title and flair; the text is the post's body. Other platforms ignore it. */
  reddit?: { subreddit: string; title: string; flairId?: string | null; flairText?: string | null };
  /** When the first attempt began (epoch ms): a lookup after an unknown outcome searches from here. */
  attemptStartedAt: number;
  /** LinkedIn: the images go out as one PDF document (a carousel) with this title. */
  document?: { title: string };
  /** Progress of long uploads, 0-100. */
  onProgress?: (percent: number, statusText: string) => Promise<void> | void;
  /** YouTube: `text` is the video description; the rest of its snippet and status. */
  youtube?: YouTubeDetails;
  /** Where a resumable upload keeps its session across runs (YouTube). */
  uploadSession?: UploadSessionStore;
}

export interface PublishedPost {
  /** The platform's id for the post (tweet id, share/ugcPost URN). */
  platformPostId: string;
  /** A link to the live post. */
  url: string;
  /** Something the user should know about how it went out (YouTube kept an unverified app's upload private). */
  notice?: string;
}

export const publishFailureCodes = [
  /** The stored token or signature was refused (401): the account needs its credentials again. */
  'auth_expired',
  /** The app lacks a permission or scope (403 that is not a duplicate). */
  'forbidden',
  /** The platform refused the same content again (X 403 duplicate). */
  'duplicate',
  'rate_limited',
  /** The platform refused the content: too long, bad media, missing field. */
  'invalid_content',
  'media_too_large',
  'media_processing_failed',
  /** 5xx or a network failure before the request was sent: safe to retry. */
  'unavailable',
  /** The request was sent and no answer came: the post may exist (findExisting decides). */
  'unknown_outcome',
] as const;
export type PublishFailureCode = (typeof publishFailureCodes)[number];

export interface PublishFailure {
  code: PublishFailureCode;
  /** Plain words for Recent Posts; the platform's own message field when it has one, cut short. */
  message: string;
  status?: number;
  /** Epoch ms before which a retry is pointless (429 reset / Retry-After). */
  retryAt?: number;
}

export type PublishOutcome =
  { ok: true; post: PublishedPost } | { ok: false; failure: PublishFailure };

/** A step after the post: a thread item (a reply to the item before it) or the first comment (on the post). */
export interface FollowUpRequest {
  kind: 'thread' | 'comment';
  /** The platform's id of what this replies to or comments on. */
  parentId: string;
  text: string;
  media: PublishMedia[];
  /** LinkedIn: who comments (the post's author). */
  author?: string;
  /** When this step's first attempt began (epoch ms): a lookup after an unknown outcome searches from here. */
  attemptStartedAt: number;
}

export interface SocialPublisher {
  /** Posts once. Never retries the create call itself after it was sent. */
  publish(request: PublishRequest): Promise<PublishOutcome>;
  /** A thread item or a first comment, sent once like the post (absent where the platform has none). */
  followUp?(request: FollowUpRequest): Promise<PublishOutcome>;
  /** After an unknown outcome of a follow-up: the reply or comment it made, as findExisting answers. */
  findFollowUp?(request: FollowUpRequest): Promise<LookupResult>;
  /**
   * After an unknown outcome: the post this request made, if the platform has it (looked up among the
   * account's posts since attemptStartedAt with the same text), absent when it surely was not made.
   */
  findExisting(request: PublishRequest): Promise<LookupResult>;
}

/**
 * What a look-up after an unknown outcome learnt. found: the post (or reply) exists. absent: a completed look-up
 * did not find it. unknown: the platform could not be asked, so whether it exists is still unknown and nothing
 * may be sent again; `reason` is the platform's failure, as publish returns it.
 */
export type LookupResult =
  | { status: 'found'; post: PublishedPost }
  | { status: 'absent' }
  | { status: 'unknown'; reason: PublishFailure };

export const found = (post: PublishedPost): LookupResult => ({ status: 'found', post });
export const absent = (): LookupResult => ({ status: 'absent' });
export const lookupUnknown = (reason: PublishFailure): LookupResult => ({
  status: 'unknown',
  reason,
});
