import { queuedJob } from '../jobs/lease';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { userCollectionPath } from '@core/firestore-paths';
import { socialPlatformLabels, type SocialPlatform } from '@core/integrations';
import type { JobDoc } from '@core/jobs';
import { platformFacts, platformLabels } from '@core/platforms';
import type {
  PublishPlatform,
  RedditPostFields,
  SocialPostStatus,
  ThreadItemInput,
  YouTubeDetails,
} from '@core/social-posts';
import { reasonedError } from '../lib/callable';
import { adminConverter } from '../lib/converter';
import { generationSchema } from '@core/data/generation';
import { storedSocialPostSchema } from '@core/data/social-post';
import type { UploadSession } from '../providers/social/social-publisher';
import { adapterOf } from './platforms';

// users/{uid}/socialPosts/{postId} as functions write it, and the checks every way into it shares
// (publishPost, updateScheduledPost, retryPost). core/social-posts.ts is what clients read of it.

/** One attached library file, copied from its record when the post was made. */
export interface StoredPostMedia {
  generationId: string;
  storagePath: string;
  contentType: string;
  sizeBytes: number;
  title: string;
  url: string | null;
}

/**
 * A thread item or a first comment: a step of its own after the post. Its attempt is recorded before its request
 * leaves and its id as soon as it is known, before the next step starts, so a re-run resumes after the last
 * recorded step and looks a step with an attempt but no id up before it would send it again.
 */
export interface FollowUpDoc<T = unknown> {
  text: string;
  media: StoredPostMedia[];
  platformPostId: string | null;
  url: string | null;
  attemptStartedAt: T | null;
}

export interface SocialPostDoc<T = unknown> {
  platform: PublishPlatform;
  status: SocialPostStatus;
  text: string;
  media: StoredPostMedia[];
  author: { urn: string; name: string } | null;
  /** Reddit's fields (absent on other platforms' posts). */
  reddit?: RedditPostFields | null;
  /** The post group of a send to several channels at once (the composer's groupId); absent otherwise. */
  groupId?: string;
  /** When a scheduled post is due; null for Post Now. The scheduler queries it. */
  scheduledAt: T | null;
  timeZone: string;
  jobId: string | null;
  platformPostId: string | null;
  url: string | null;
  error: { code: string; message: string; retryAt: T | null } | null;
  progress: number;
  /**
   * Set before the platform is asked; left in place while the post may exist on the platform without our
   * record of it (a run that died after sending, an unknown outcome), so the next run looks it up first.
   */
  attemptStartedAt: T | null;
  /**
   * Set while the outcome of a request that got no answer is unknown: until then the request may still make
   * the post, so the job only looks it up, and Retry waits (publish-run.ts).
   */
  checkingUntil?: T | null;
  /** Every request sent to the platform for this post that can change something, and each look-up (publish-log.ts). */
  publishLog?: { at: T; step: string; outcome: string }[];
  /** Times the sweep started this post's job again after its worker was lost. */
  restarts?: number;
  /** YouTube: the rest of the video's details (the description is `text`); publishAt as a date. */
  youtube?: (Omit<YouTubeDetails, 'publishAt'> & { publishAt: T | null }) | null;
  /**
   * YouTube: the resumable upload's session, kept before the first byte is sent and cleared once the video
   * exists, so a later run of this post (after a crash, or Retry) continues the upload instead of starting over.
   */
  uploadSession?: UploadSession | null;
  /** Something the user should know about the published post (shown in Recent Posts). */
  notice?: string | null;
  /** X: the thread's further posts, each published as a reply to the one before (publish-run.ts). */
  thread?: FollowUpDoc<T>[];
  /** Published after the post and its thread, as a step of its own (publish-run.ts). */
  firstComment?: FollowUpDoc<T> | null;
  /** LinkedIn: the images go out as one PDF document with this title (core/document-posts.ts). */
  document?: { title: string } | null;
  createdAt: T;
  updatedAt: T;
  publishedAt: T | null;
}

/** Reads a post through its core schema: `(await tx.get(ref.withConverter(postConverter))).data()`. */
export const postConverter = adminConverter(storedSocialPostSchema);

export function postRef(db: Firestore, uid: string, postId: string): DocumentReference {
  return db.doc(`${userCollectionPath(uid, 'socialPosts')}/${postId}`);
}

export function socialAccountRef(
  db: Firestore,
  uid: string,
  platform: PublishPlatform,
): DocumentReference {
  return db.doc(`${userCollectionPath(uid, 'socialAccounts')}/${platform}`);
}

/** The words the composers have always shown for an account that is not connected. */
export function missingCredentialsMessage(platform: SocialPlatform): string {
  return `Please connect your ${socialPlatformLabels[platform]} account in the Integrations page`;
}

export function unreadableCredentialsMessage(platform: SocialPlatform): string {
  return `Your saved ${socialPlatformLabels[platform]} credentials can no longer be read. Save them again in Integrations.`;
}

export const youtubeNotConnectedMessage =
  'Please connect your YouTube channel first: use Authenticate with YouTube on this page.';

/** Saved client credentials are not enough for YouTube: Connect must have stored a token. */
export function notConnectedError(platform: PublishPlatform): HttpsError {
  return reasonedError('failed-precondition', youtubeNotConnectedMessage, {
    reason: 'needs-reconnect',
    provider: platform,
  });
}

/** YouTube schedules itself (a private video with a publish time): its posts are never held by our scheduler. */
export const youtubeScheduleMessage =
  'YouTube videos are uploaded now: choose a publish time instead, and YouTube makes the video public then.';

export const mediaGoneMessage = 'A media file of this post is no longer in your library.';

export function missingCredentialsError(platform: SocialPlatform): HttpsError {
  return reasonedError('failed-precondition', missingCredentialsMessage(platform), {
    reason: 'missing-credentials',
    provider: platform,
  });
}

export function unreadableCredentialsError(platform: SocialPlatform): HttpsError {
  return reasonedError('failed-precondition', unreadableCredentialsMessage(platform), {
    reason: 'unreadable-credentials',
    provider: platform,
  });
}

const generationConverter = adminConverter(generationSchema);

/** Library records of the user's own, in the order given; a missing one refuses the whole post. */
export async function resolvePostMedia(
  db: Firestore,
  uid: string,
  media: readonly { generationId: string }[],
): Promise<StoredPostMedia[]> {
  if (media.length === 0) return [];
  const refs = media.map((m) =>
    db
      .doc(`${userCollectionPath(uid, 'generations')}/${m.generationId}`)
      .withConverter(generationConverter),
  );
  const snaps = await db.getAll(...refs);
  return snaps.map((snap) => {
    const generation = snap.data();
    const storagePath = generation?.storagePath;
    if (!generation || !storagePath?.startsWith(`${uid}/`))
      throw new HttpsError('invalid-argument', 'Media must come from your library');
    const { contentType, sizeBytes, title, originalUrl } = generation;
    return {
      generationId: snap.id,
      storagePath,
      contentType: contentType ?? 'application/octet-stream',
      sizeBytes,
      title,
      url: originalUrl,
    };
  });
}

/** The platform's limits on text, author and media, as one plain sentence, or undefined when it fits. */
export function platformProblem(
  platform: PublishPlatform,
  post: {
    text: string;
    media: readonly StoredPostMedia[];
    author?: string;
    reddit?: RedditPostFields | null;
    youtube?: YouTubeDetails;
  },
): string | undefined {
  return adapterOf(platform).problem(post);
}

/** A first comment's limits, as one plain sentence, or undefined when it fits: without a rule of its own, a post's. */
export function firstCommentProblem(
  platform: PublishPlatform,
  text: string,
  author?: string,
): string | undefined {
  const adapter = adapterOf(platform);
  return adapter.commentProblem
    ? adapter.commentProblem(text)
    : adapter.problem({ text, media: [], author });
}

/**
 * A post's thread items and first comment as they will be stored, each checked as a post of its own (its media
 * from the caller's library), or the first problem as invalid-argument naming the item. publishPost and
 * updateScheduledPost both run it, so an edit is held to the checks the post was made under.
 */
export async function resolveFollowUps(
  db: Firestore,
  uid: string,
  platform: PublishPlatform,
  input: { thread: readonly ThreadItemInput[]; firstComment: string; author?: string },
): Promise<{ thread: FollowUpDoc<Date>[]; firstComment: FollowUpDoc<Date> | null }> {
  const facts = platformFacts[platform];
  if (input.thread.length > 0 && !facts.threads)
    throw new HttpsError(
      'invalid-argument',
      `Threads are not available on ${platformLabels[platform]}`,
    );
  if (input.firstComment && !facts.firstComment)
    throw new HttpsError(
      'invalid-argument',
      `A first comment is not available on ${platformLabels[platform]}`,
    );
  const thread: FollowUpDoc<Date>[] = [];
  for (const [i, item] of input.thread.entries()) {
    const media = await resolvePostMedia(db, uid, item.media ?? []);
    const problem = platformProblem(platform, { text: item.text, media, author: input.author });
    if (problem)
      throw new HttpsError('invalid-argument', `Post ${i + 2} of the thread: ${problem}`);
    thread.push({
      text: item.text,
      media,
      platformPostId: null,
      url: null,
      attemptStartedAt: null,
    });
  }
  const commentProblem = input.firstComment
    ? firstCommentProblem(platform, input.firstComment, input.author)
    : undefined;
  if (commentProblem) throw new HttpsError('invalid-argument', `First comment: ${commentProblem}`);
  const firstComment = input.firstComment
    ? {
        text: input.firstComment,
        media: [],
        platformPostId: null,
        url: null,
        attemptStartedAt: null,
      }
    : null;
  return { thread, firstComment };
}

// Job ids are namespaced by what makes them, so no client's requestId can take a post's job id (a taken
// one would leave the post unclaimed by publishDuePosts for good): a post's first publish job (Post Now,
// or the scheduler's claim) is `publish-{postId}`, a Retry's is `retry-{requestId}`, and a generation's is
// its requestId, a bare UUID (startJobSchema in core/jobs.ts), as is a restart's (../jobs: a random one).
// Jobs made before keep their ids (a post's first job was the post's id): every reader follows the id the
// post or the callable's answer holds, never one it derives.

/** The id of a post's first publish job: Post Now's, or the one publishDuePosts makes when it claims the post. */
export function publishJobId(postId: string): string {
  return `publish-${postId}`;
}

/** The id of the job a Retry starts: a namespace of its own, so it is never a post's first job id. */
export function retryJobId(requestId: string): string {
  return `retry-${requestId}`;
}

/** A publish job as the callables and the scheduler create it (the runner in ../jobs runs it). */
export function newPublishJob(postId: string, now: Date): JobDoc<Date> {
  return queuedJob('publish', { postId }, now);
}

/** A post's state no longer allows the call: the client shows the message and reloads the post. */
export function postStateError(status: SocialPostStatus | undefined): HttpsError {
  const why: Partial<Record<SocialPostStatus, string>> = {
    queued: 'This post is already being published.',
    publishing: 'This post is already being published.',
    published: 'This post has already been published.',
    cancelled: 'This post was cancelled.',
    failed: 'This post failed: use Retry to publish it again.',
    scheduled: 'This post is still scheduled.',
  };
  return reasonedError(
    'failed-precondition',
    (status && why[status]) ?? 'This post can no longer be changed.',
    { reason: 'post-state' },
  );
}

/** The requestId already names another job of the caller (a retry of another post): nothing is written. */
export function requestIdUsedError(): HttpsError {
  return new HttpsError('already-exists', 'This request id was already used');
}

export function postNotFound(): HttpsError {
  return new HttpsError('not-found', 'This post no longer exists.');
}
