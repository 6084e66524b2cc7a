import { z } from 'zod';
import { socialPostSchema, type PublishPlatform } from '../social-posts';
import { count, lenientArray, optionalText, text, timestamp } from './fields';

// users/{uid}/socialPosts/{postId} as functions read it: socialPostSchema (core/social-posts.ts, what every client
// reads) with the fields only the publish job uses. Lenient like the client's: a field that is missing or odd
// falls back; the objects a run writes back (thread items, a first comment) keep every stored field.

/** One attached library file as the post stores it (the function reads it from Storage by storagePath). */
const storedMediaSchema = z.looseObject({
  generationId: text(),
  storagePath: text(),
  contentType: text(),
  sizeBytes: count(0),
  title: text(),
  url: optionalText(),
});

/** A thread item or the first comment: a step of its own after the post, with its attempt and its id once known. */
const followUpSchema = z.looseObject({
  text: text(),
  media: lenientArray(storedMediaSchema),
  platformPostId: optionalText(),
  url: optionalText(),
  attemptStartedAt: timestamp(),
});

export const storedSocialPostSchema = socialPostSchema.extend({
  /**
   * The platform as stored, never replaced by another one: a post of a platform core does not list (one that
   * functions/src/social/platforms registers) must fail as unavailable, not go out on a default platform.
   */
  platform: z
    .string()
    .catch('')
    .transform((p) => p as PublishPlatform),
  media: lenientArray(storedMediaSchema),
  reddit: z
    .object({
      subreddit: text(),
      title: text(),
      flairId: z.string().optional().catch(undefined),
      flairText: z.string().optional().catch(undefined),
    })
    .nullable()
    .catch(null),
  groupId: z.string().optional().catch(undefined),
  /** Set before the platform is asked; kept while the post may exist there without our record of it. */
  attemptStartedAt: timestamp(),
  /** Times the sweep started this post's job again after its worker was lost. */
  restarts: count(0),
  /** YouTube: the resumable upload's session, kept until the video exists. */
  uploadSession: z
    .object({
      uri: z.string(),
      storagePath: z.string(),
      sizeBytes: z.number(),
      openedAt: z.number(),
    })
    .nullable()
    .catch(null),
  thread: lenientArray(followUpSchema),
  firstComment: followUpSchema.nullable().catch(null),
  /** Every request sent to the platform and each look-up; an entry without its time, step or outcome is skipped. */
  publishLog: lenientArray(
    z.object({ at: timestamp().pipe(z.date()), step: z.string(), outcome: z.string() }),
  ),
});

export type StoredSocialPost = z.output<typeof storedSocialPostSchema>;
export type StoredFollowUp = z.output<typeof followUpSchema>;
