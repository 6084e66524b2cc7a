import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type { CallablePayload } from '@core/callables';
import type { StoredSocialCredentials } from '@core/integrations';
import { platformFacts } from '@core/platforms';
import { documentPostProblem } from '@core/document-posts';
import { scheduleLimit, SCHEDULE_MESSAGES } from '@core/schedule';
import {
  youtubeDetailsSchema,
  type PublishPostResult,
  type SocialPostStatus,
} from '@core/social-posts';
import { readSocialCredentials } from '../../integrations/secret-store';
import { reasonedError, withFallbackError } from '../../lib/callable';
import type { Clock } from '../../lib/clock';
import type { Keyring } from '../../lib/crypto';
import { log } from '../../lib/log';
import { jobRef } from '../../jobs/lease';
import { isOAuthPlatform, reconnectMessage } from '../oauth/fresh-credentials';
import {
  missingCredentialsError,
  newPublishJob,
  publishJobId,
  notConnectedError,
  platformProblem,
  postConverter,
  postRef,
  requestIdUsedError,
  resolveFollowUps,
  resolvePostMedia,
  unreadableCredentialsError,
  youtubeScheduleMessage,
  type SocialPostDoc,
} from '../posts';
import { runTransaction } from '../../lib/transaction';

export interface PublishPostDeps {
  db: Firestore;
  keyring: Keyring;
  clock: Clock;
  /** LinkedIn: the author's display name for Recent Posts; null or absent leaves it empty. */
  authorName?: (credentials: StoredSocialCredentials, authorUrn: string) => Promise<string | null>;
}

export const pastScheduleMessage = 'Please choose a time in the future';

/** Throws invalid-argument for a schedule time that is not after `now` or is more than the cap ahead (core/schedule.ts). */
export function refuseScheduleTime(at: Date, now: Date): void {
  const limit = scheduleLimit(at, now);
  if (limit === 'past') throw new HttpsError('invalid-argument', pastScheduleMessage);
  if (limit === 'tooFar') throw new HttpsError('invalid-argument', SCHEDULE_MESSAGES.tooFar);
}

/**
 * Creates users/{uid}/socialPosts/{requestId}: Post Now queues its publish job (publishJobId) in the same
 * transaction; a Schedule Date stores the post as 'scheduled' for publishDuePosts. Every check (credentials,
 * media ownership, platform limits, a past time) runs before anything is written; the same requestId again
 * returns the post it made.
 */
export async function publishPost(
  uid: string,
  input: CallablePayload<'publishPost'>,
  deps: PublishPostDeps,
): Promise<PublishPostResult> {
  const postId = input.requestId;
  const ref = postRef(deps.db, uid, postId);
  return withFallbackError(
    'Failed to process your request',
    { uid, postId, platform: input.platform },
    async () => {
      const existing = (await ref.withConverter(postConverter).get()).data();
      if (existing) return { postId, status: existing.status };

      const described = platformFacts[input.platform];
      const credentials = await readSocialCredentials(deps, uid, input.platform);
      if (!credentials.found) throw missingCredentialsError(input.platform);
      if (!credentials.readable) throw unreadableCredentialsError(input.platform);
      if (described.videoUpload && !credentials.value.accessToken)
        throw notConnectedError(input.platform);
      // Reddit posts with the token Connect stores: without one, Connect comes first.
      if (isOAuthPlatform(input.platform) && !credentials.value.accessToken) {
        throw reasonedError('failed-precondition', reconnectMessage(input.platform), {
          reason: 'needs-reconnect',
          provider: input.platform,
        });
      }

      const youtube = described.videoUpload
        ? youtubeDetailsSchema.parse(input.youtube ?? {})
        : undefined;
      if (youtube && input.scheduledAt !== null)
        throw new HttpsError('invalid-argument', youtubeScheduleMessage);
      const media = await resolvePostMedia(deps.db, uid, input.media);
      const problem = platformProblem(input.platform, {
        text: input.text,
        media,
        author: input.author,
        reddit: input.reddit,
        youtube,
      });
      if (problem) throw new HttpsError('invalid-argument', problem);
      const documentProblem = input.document
        ? documentPostProblem(media, input.document.title)
        : null;
      if (documentProblem) throw new HttpsError('invalid-argument', documentProblem);
      // Each thread item and the first comment is checked as a post of its own.
      const { thread, firstComment } = await resolveFollowUps(deps.db, uid, input.platform, {
        thread: input.thread,
        firstComment: input.firstComment,
        author: input.author,
      });

      const now = deps.clock.now();
      const scheduledAt = input.scheduledAt === null ? null : new Date(input.scheduledAt);
      if (scheduledAt) refuseScheduleTime(scheduledAt, now);
      const publishAt = youtube?.publishAt ? new Date(youtube.publishAt) : null;
      if (publishAt) refuseScheduleTime(publishAt, now);

      const author =
        described.choosesAuthor && input.author
          ? {
              urn: input.author,
              name: (await deps.authorName?.(credentials.value, input.author)) ?? '',
            }
          : null;
      const status: SocialPostStatus = scheduledAt ? 'scheduled' : 'queued';
      const post: SocialPostDoc<Date> = {
        platform: input.platform,
        status,
        text: input.text,
        media,
        author,
        ...(described.subreddit && input.reddit ? { reddit: input.reddit } : {}),
        ...(input.groupId ? { groupId: input.groupId } : {}),
        scheduledAt,
        timeZone: input.timeZone,
        jobId: scheduledAt ? null : publishJobId(postId),
        platformPostId: null,
        url: null,
        error: null,
        progress: 0,
        attemptStartedAt: null,
        ...(youtube
          ? { youtube: { ...youtube, publishAt }, uploadSession: null, notice: null }
          : {}),
        ...(thread.length ? { thread } : {}),
        ...(input.document ? { document: { title: input.document.title } } : {}),
        ...(firstComment ? { firstComment } : {}),
        createdAt: now,
        updatedAt: now,
        publishedAt: null,
      };
      const result = await runTransaction(deps.db, async (tx) => {
        const again = (await tx.get(ref.withConverter(postConverter))).data();
        if (again) return { status: again.status, created: false };
        // The post's first job (now, or at its claim) is publishJobId(postId), which only this post makes.
        const job = jobRef(deps.db, uid, publishJobId(postId));
        if ((await tx.get(job)).exists) throw requestIdUsedError();
        tx.create(ref, post);
        if (!scheduledAt) tx.create(job, newPublishJob(postId, now));
        return { status, created: true };
      });
      if (result.created)
        log.info(scheduledAt ? 'Post scheduled' : 'Post queued', {
          uid,
          postId,
          platform: input.platform,
        });
      return { postId, status: result.status };
    },
  );
}
