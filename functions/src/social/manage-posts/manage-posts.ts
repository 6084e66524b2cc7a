import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type { CallablePayload } from '@core/callables';
import { documentPostProblem } from '@core/document-posts';
import { checkingMessage, type PublishPostResult, type SocialPostStatus } from '@core/social-posts';
import { platformFacts } from '@core/platforms';
import { readSocialCredentials } from '../../integrations/secret-store';
import { reasonedError, withFallbackError } from '../../lib/callable';
import type { Clock } from '../../lib/clock';
import type { Keyring } from '../../lib/crypto';
import { log } from '../../lib/log';
import { jobRef } from '../../jobs/lease';
import {
  missingCredentialsError,
  newPublishJob,
  platformProblem,
  postNotFound,
  postConverter,
  postRef,
  postStateError,
  requestIdUsedError,
  retryJobId,
  resolveFollowUps,
  resolvePostMedia,
  unreadableCredentialsError,
} from '../posts';
import { refuseScheduleTime } from '../publish-post/publish-post';
import { runTransaction } from '../../lib/transaction';

// Edit, cancel and retry a post. Each re-checks the post's status inside a transaction, so a post the
// scheduler claimed meanwhile is refused with the reason 'post-state' instead of changed under its job.

export interface ManagePostDeps {
  db: Firestore;
  clock: Clock;
}

/**
 * Changes a scheduled post's text, media, author or time, and its thread items and first comment when the input
 * names them, until the scheduler claims it.
 */
export async function updateScheduledPost(
  uid: string,
  input: CallablePayload<'updateScheduledPost'>,
  deps: ManagePostDeps,
): Promise<PublishPostResult> {
  const { postId } = input;
  const ref = postRef(deps.db, uid, postId);
  return withFallbackError('Failed to process your request', { uid, postId }, async () => {
    const post = (await ref.withConverter(postConverter).get()).data();
    if (!post) throw postNotFound();
    if (post.status !== 'scheduled') throw postStateError(post.status);
    const media = await resolvePostMedia(deps.db, uid, input.media);
    const problem = platformProblem(post.platform, {
      text: input.text,
      media,
      author: input.author,
      reddit: post.reddit,
    });
    if (problem) throw new HttpsError('invalid-argument', problem);
    // A document post stays one: its new media must still make the document.
    const documentProblem = post.document ? documentPostProblem(media, post.document.title) : null;
    if (documentProblem) throw new HttpsError('invalid-argument', documentProblem);
    // The thread's items and the first comment, when the edit names them, are checked as publishPost checks them.
    const followUps =
      input.thread !== undefined || input.firstComment !== undefined
        ? await resolveFollowUps(deps.db, uid, post.platform, {
            thread: input.thread ?? [],
            firstComment: input.firstComment ?? '',
            author: input.author,
          })
        : null;
    const now = deps.clock.now();
    const scheduledAt = new Date(input.scheduledAt);
    refuseScheduleTime(scheduledAt, now);
    await runTransaction(deps.db, async (tx) => {
      const current = (await tx.get(ref.withConverter(postConverter))).data();
      if (!current) throw postNotFound();
      if (current.status !== 'scheduled') throw postStateError(current.status);
      tx.update(ref, {
        text: input.text,
        media,
        // The name found when the post was made stays while the author does.
        author:
          platformFacts[post.platform].choosesAuthor && input.author
            ? {
                urn: input.author,
                name: current.author?.urn === input.author ? current.author.name : '',
              }
            : null,
        scheduledAt,
        timeZone: input.timeZone,
        ...(followUps && input.thread !== undefined ? { thread: followUps.thread } : {}),
        ...(followUps && input.firstComment !== undefined
          ? { firstComment: followUps.firstComment }
          : {}),
        updatedAt: now,
      });
    });
    log.info('Scheduled post changed', { uid, postId });
    return { postId, status: 'scheduled' };
  });
}

/** Cancels a scheduled post before the scheduler claims it. */
export async function cancelPost(
  uid: string,
  input: CallablePayload<'cancelPost'>,
  deps: ManagePostDeps,
): Promise<PublishPostResult> {
  const { postId } = input;
  const ref = postRef(deps.db, uid, postId);
  return withFallbackError('Failed to process your request', { uid, postId }, async () => {
    await runTransaction(deps.db, async (tx) => {
      const current = (await tx.get(ref.withConverter(postConverter))).data();
      if (!current) throw postNotFound();
      if (current.status !== 'scheduled') throw postStateError(current.status);
      tx.update(ref, { status: 'cancelled', updatedAt: deps.clock.now() });
    });
    log.info('Scheduled post cancelled', { uid, postId });
    return { postId, status: 'cancelled' };
  });
}

export interface RetryPostDeps extends ManagePostDeps {
  keyring: Keyring;
}

/**
 * Publishes a failed post again under a new job (id: retryJobId(requestId)); the post goes back to 'queued'. A post
 * whose last outcome was unknown keeps its attempt, so the new run looks it up before posting. The same
 * requestId again returns the post without a second job.
 */
export async function retryPost(
  uid: string,
  input: CallablePayload<'retryPost'>,
  deps: RetryPostDeps,
): Promise<PublishPostResult> {
  const { postId, requestId } = input;
  const jobId = retryJobId(requestId);
  const ref = postRef(deps.db, uid, postId);
  return withFallbackError('Failed to process your request', { uid, postId }, async () => {
    const post = (await ref.withConverter(postConverter).get()).data();
    if (!post) throw postNotFound();
    if (post.jobId === jobId) return { postId, status: post.status };
    // The last request may still make the post: Retry waits for the job's decision instead of posting.
    if (post.status === 'publishing' && post.checkingUntil)
      throw reasonedError('failed-precondition', checkingMessage(post.platform), {
        reason: 'post-state',
      });
    if (post.status !== 'failed') throw postStateError(post.status);
    const credentials = await readSocialCredentials(deps, uid, post.platform);
    if (!credentials.found) throw missingCredentialsError(post.platform);
    if (!credentials.readable) throw unreadableCredentialsError(post.platform);
    const now = deps.clock.now();
    const status = await runTransaction(deps.db, async (tx): Promise<SocialPostStatus> => {
      const current = (await tx.get(ref.withConverter(postConverter))).data();
      if (!current) throw postNotFound();
      if (current.jobId === jobId) return current.status;
      if (current.status !== 'failed') throw postStateError(current.status);
      const job = jobRef(deps.db, uid, jobId);
      if ((await tx.get(job)).exists) throw requestIdUsedError();
      tx.update(ref, {
        status: 'queued',
        jobId,
        error: null,
        progress: 0,
        updatedAt: now,
      });
      tx.create(job, newPublishJob(postId, now));
      return 'queued';
    });
    log.info('Post retried', { uid, postId, jobId });
    return { postId, status };
  });
}
