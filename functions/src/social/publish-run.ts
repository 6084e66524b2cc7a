import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { socialPlatformLabels, type StoredSocialCredentials } from '@core/integrations';
import { publishJobInputSchema, type JobError } from '@core/jobs';
import type { PublishPlatform } from '@core/social-posts';
import type { Clock } from '../lib/clock';
import { log } from '../lib/log';
import { checkOwnership, failedPatch, heartbeatPatch, jobStateOf } from '../jobs/job-state';
import type { Bucket } from '../jobs/result-storage';
import type { RunResult } from '../jobs/runner';
import type { PublishedPost, PublishFailure, PublishMedia, PublishRequest, SocialPublisher, UploadSession, UploadSessionStore } from '../providers/social/social-publisher';
import type { FreshCredentials } from './oauth/fresh-credentials';
import { mediaGoneMessage, missingCredentialsMessage, postRef, socialAccountRef, unreadableCredentialsMessage, type SocialPostDoc, type StoredPostMedia } from './posts';

// The publish job, run by the job runner (../jobs/runner.ts) once it holds the job's lease. One platform
// call per post, never two: the attempt is written on the post before the platform is asked, so a run that
// finds an attempt without a result (the earlier run died after sending, or the answer never came) looks the
// post up (findExisting) instead of posting again. The post's end and the job's end are one transaction.

export interface PublishDeps {
  /** Reddit and YouTube: refreshed when about to expire; `refused` when the account must connect again. */
  readCredentials(uid: string, platform: PublishPlatform): Promise<FreshCredentials>;
  /** The platform's publisher for these credentials. */
  publisherFor(platform: PublishPlatform, credentials: StoredSocialCredentials): SocialPublisher;
}

export interface PublishRun {
  db: Firestore;
  bucket: Bucket;
  clock: Clock;
  uid: string;
  jobId: string;
  runId: string;
  leaseMs: number;
  jobRef: DocumentReference;
  /** The job's stored input ({postId}). */
  input: unknown;
}

type Failure = Pick<PublishFailure, 'code' | 'message' | 'retryAt'> | { code: string; message: string; retryAt?: number };
type Ending = { ok: true; post: PublishedPost } | { ok: false; failure: Failure };

type TimestampLike = { toDate(): Date };
const asDate = (v: unknown): Date | null => (v instanceof Date ? v : v && typeof (v as TimestampLike).toDate === 'function' ? (v as TimestampLike).toDate() : null);

export function publishedJobPatch(now: Date) {
  return { status: 'succeeded' as const, progress: 100, statusText: 'Published', generationId: null, error: null, leaseExpiresAt: null, finishedAt: now, updatedAt: now };
}

export function lookupFailedMessage(platform: PublishPlatform): string {
  const label = socialPlatformLabels[platform];
  return `${label} could not be asked whether this post went out: it may have been published. Check ${label}, then use Retry if it is not there.`;
}

const INVALID_JOB: JobError = { code: 'invalid_input', message: 'This publish request is not valid.' };

export async function runPublishJob(run: PublishRun, deps: PublishDeps): Promise<RunResult> {
  const { db, uid, jobId, runId, leaseMs } = run;
  const now = () => run.clock.now();
  const context = { uid, jobId, runId, kind: 'publish' };
  const parsed = publishJobInputSchema.safeParse(run.input);
  if (!parsed.success) return failJobOnly(INVALID_JOB);
  const { postId } = parsed.data;
  const pRef = postRef(db, uid, postId);

  async function failJobOnly(error: JobError): Promise<RunResult> {
    const owned = await db.runTransaction(async (tx) => {
      const o = checkOwnership(jobStateOf((await tx.get(run.jobRef)).data()), runId);
      if (o.owned) tx.update(run.jobRef, failedPatch(now(), error));
      return o;
    });
    if (!owned.owned) return { outcome: 'stopped', reason: owned.reason };
    log.warn('Publish job failed', { ...context, code: error.code });
    return { outcome: 'failed', error };
  }

  const start = await db.runTransaction(async (tx) => {
    const ownership = checkOwnership(jobStateOf((await tx.get(run.jobRef)).data()), runId);
    if (!ownership.owned) return { action: 'stop', reason: ownership.reason } as const;
    const snap = await tx.get(pRef);
    const post = snap.data() as SocialPostDoc | undefined;
    const at = now();
    if (!post) {
      tx.update(run.jobRef, failedPatch(at, { code: 'internal', message: 'This post no longer exists.' }));
      return { action: 'gone' } as const;
    }
    if (post.status === 'published') {
      tx.update(run.jobRef, publishedJobPatch(at));
      return { action: 'done', post } as const;
    }
    // Another job owns the post now (a retry replaced this one), or the post left the publishing path.
    if (post.jobId !== jobId || !['queued', 'publishing'].includes(post.status)) {
      tx.update(run.jobRef, failedPatch(at, { code: 'internal', message: 'This publish was replaced by a newer attempt.' }));
      return { action: 'gone' } as const;
    }
    const earlier = asDate(post.attemptStartedAt);
    tx.update(pRef, { status: 'publishing', attemptStartedAt: earlier ?? at, progress: 0, updatedAt: at });
    tx.update(run.jobRef, heartbeatPatch(at, leaseMs, { progress: 5, statusText: earlier ? 'Checking whether the post went out' : 'Publishing' }));
    return { action: 'go', post, lookup: earlier !== null, attemptStartedAt: earlier ?? at } as const;
  });
  if (start.action === 'stop') return { outcome: 'stopped', reason: start.reason };
  if (start.action === 'gone') return { outcome: 'failed', error: { code: 'internal', message: 'This post is not waiting to be published.' } };
  if (start.action === 'done') return { outcome: 'published', postId, platformPostId: start.post.platformPostId ?? '', url: start.post.url ?? '' };

  const { post, attemptStartedAt } = start;
  const platform = post.platform;
  /** Whether the post may exist on the platform without our record of it: then its attempt stays. */
  let mayExist = start.lookup;

  /** Writes the post's end and the job's end together; the post's is written even if the job was lost. */
  async function finish(ending: Ending): Promise<RunResult> {
    const at = now();
    const account = socialAccountRef(db, uid, platform);
    const written = await db.runTransaction(async (tx) => {
      const ownership = checkOwnership(jobStateOf((await tx.get(run.jobRef)).data()), runId);
      const current = (await tx.get(pRef)).data() as SocialPostDoc | undefined;
      const accountSnap = await tx.get(account);
      const open = current?.status === 'publishing' && current.jobId === jobId;
      if (open) {
        if (ending.ok) {
          const youtubeFields = platform === 'youtube' ? { uploadSession: null, notice: ending.post.notice ?? null } : {};
          tx.update(pRef, { status: 'published', platformPostId: ending.post.platformPostId, url: ending.post.url, publishedAt: at, error: null, progress: 100, updatedAt: at, ...youtubeFields });
        } else {
          const retryAt = ending.failure.retryAt === undefined ? null : new Date(ending.failure.retryAt);
          const error = { code: ending.failure.code, message: ending.failure.message, retryAt };
          tx.update(pRef, { status: 'failed', error, attemptStartedAt: mayExist ? attemptStartedAt : null, progress: 0, updatedAt: at });
        }
      }
      if (ownership.owned) {
        tx.update(run.jobRef, ending.ok ? publishedJobPatch(at) : failedPatch(at, { code: ending.failure.code, message: ending.failure.message }));
      }
      if (accountSnap.exists) {
        if (!ending.ok && ending.failure.code === 'auth_expired') tx.update(account, { needsReconnect: true });
        else if (ending.ok && accountSnap.get('needsReconnect') === true) tx.update(account, { needsReconnect: false });
      }
      return { open, ownership };
    });
    if (!written.open && !written.ownership.owned) return { outcome: 'stopped', reason: written.ownership.reason };
    if (ending.ok) {
      log.info('Post published', { ...context, postId, platform });
      return { outcome: 'published', postId, platformPostId: ending.post.platformPostId, url: ending.post.url };
    }
    log.warn('Post failed', { ...context, postId, platform, code: ending.failure.code });
    return { outcome: 'failed', error: { code: ending.failure.code, message: ending.failure.message } };
  }

  try {
    const credentials = await deps.readCredentials(uid, platform);
    if (!credentials.found) return await finish({ ok: false, failure: { code: 'missing_credentials', message: missingCredentialsMessage(platform) } });
    if (!credentials.readable) return await finish({ ok: false, failure: { code: 'unreadable_credentials', message: unreadableCredentialsMessage(platform) } });
    if ('refused' in credentials) return await finish({ ok: false, failure: credentials.refused });
    const media = await openMedia(run.bucket, uid, post.media ?? []);
    if (!media) return await finish({ ok: false, failure: { code: 'media_missing', message: mediaGoneMessage } });
    const publisher = deps.publisherFor(platform, credentials.value);
    const request: PublishRequest = {
      requestId: postId,
      text: post.text,
      media,
      ...(post.author ? { author: post.author.urn } : {}),
      ...(post.youtube ? { youtube: { ...post.youtube, publishAt: asDate(post.youtube.publishAt)?.toISOString() ?? null } } : {}),
      ...(platform === 'youtube' ? { uploadSession: sessionStore(post.uploadSession ?? null) } : {}),
      ...(post.reddit ? { reddit: post.reddit } : {}),
      attemptStartedAt: attemptStartedAt.getTime(),
      onProgress: (percent, statusText) => heartbeat(percent, statusText),
    };

    if (start.lookup) {
      let found: PublishedPost | null;
      try {
        found = await publisher.findExisting(request);
      } catch (error) {
        log.warn('Publish lookup failed', { ...context, postId, error: describeError(error) });
        return await finish({ ok: false, failure: { code: 'unknown_outcome', message: lookupFailedMessage(platform) } });
      }
      if (found) return await finish({ ok: true, post: found });
      mayExist = false;
    }

    mayExist = true;
    let outcome;
    try {
      outcome = await publisher.publish(request);
    } catch (error) {
      log.error('Publish call crashed', { ...context, postId, error: describeError(error) });
      return await finish({ ok: false, failure: { code: 'unknown_outcome', message: lookupFailedMessage(platform) } });
    }
    mayExist = !outcome.ok && outcome.failure.code === 'unknown_outcome';
    return await finish(outcome);
  } catch (error) {
    log.error('Publish job crashed', { ...context, postId, error: describeError(error) });
    return finish({ ok: false, failure: { code: 'internal', message: `Failed to post to ${socialPlatformLabels[platform]}. Please try again.` } });
  }

  /** The post's resumable upload session, kept only while this job still owns the post. */
  function sessionStore(session: UploadSession | null): UploadSessionStore {
    return {
      session,
      save: async (next) => {
        try {
          await db.runTransaction(async (tx) => {
            const current = (await tx.get(pRef)).data() as SocialPostDoc | undefined;
            if (current?.status === 'publishing' && current.jobId === jobId) tx.update(pRef, { uploadSession: next, updatedAt: now() });
          });
        } catch (error) {
          // Best effort: without it a crash uploads again from the start, which is slower but still makes one video.
          log.warn('Upload session not saved', { ...context, postId, error: describeError(error) });
        }
      },
    };
  }

  /** Renews the lease while an upload runs (best effort: the end is decided by finish). */
  async function heartbeat(percent: number, statusText: string): Promise<void> {
    try {
      await db.runTransaction(async (tx) => {
        const o = checkOwnership(jobStateOf((await tx.get(run.jobRef)).data()), runId);
        if (!o.owned) return;
        const at = now();
        tx.update(run.jobRef, heartbeatPatch(at, leaseMs, { progress: percent, statusText }));
        tx.update(pRef, { progress: Math.max(0, Math.min(100, Math.round(percent))), updatedAt: at });
      });
    } catch (error) {
      log.warn('Publish heartbeat failed', { ...context, error: describeError(error) });
    }
  }
}

/** The post's files as range readers (never whole in memory), or undefined when one is gone. */
async function openMedia(bucket: Bucket, uid: string, media: readonly StoredPostMedia[]): Promise<PublishMedia[] | undefined> {
  const out: PublishMedia[] = [];
  for (const m of media) {
    if (!m.storagePath.startsWith(`${uid}/`)) return undefined;
    const file = bucket.file(m.storagePath);
    const [exists] = await file.exists();
    if (!exists) return undefined;
    const [metadata] = await file.getMetadata();
    out.push({
      storagePath: m.storagePath,
      contentType: metadata.contentType ?? m.contentType,
      sizeBytes: Number(metadata.size ?? m.sizeBytes),
      read: async (start, end) => {
        if (end <= start) return new Uint8Array(0);
        const [bytes] = await file.download({ start, end: end - 1, validation: false });
        return bytes;
      },
    });
  }
  return out;
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unknown';
}
