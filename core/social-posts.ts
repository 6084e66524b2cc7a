import { z } from 'zod';
import { count, docConverter, oneOf, optionalText, text, timestamp } from './data/fields';
import { failureSteps, fixActions } from './platform-errors';
import { isKnownTimeZone, SCHEDULE_MESSAGES } from './schedule';
import {
  platformFacts,
  platformLabels,
  publishPlatforms,
  SUBREDDIT_NAME,
  type PublishPlatform,
} from './platforms/facts';
import { youtubePrivacyStatuses } from './social-limits';
import { postMetricsSchema } from './post-metrics';
import { canPostDocument, DOCUMENT_LIMITS, documentMessages } from './document-posts';

// Social publishing: users/{uid}/socialPosts/{postId}, written only by functions. A post is created by the
// publishPost callable (its requestId becomes the post id, so a doubled click makes one post); Post Now
// queues a publish job at once, a Schedule Date stores it as 'scheduled' until the scheduler claims it.
// docs/architecture.md ("Publishing") and functions/README.md have the state machine and the exactly-once rules.

export { publishPlatforms, type PublishPlatform } from './platforms/facts';

/**
 * scheduled: waiting for its time (Edit and Cancel work). queued: a publish job exists, not started.
 * publishing: the job is talking to the platform. published: live, with its link. failed: the platform's
 * reason, Retry works. cancelled: the user cancelled it before it was claimed.
 */
export const socialPostStatuses = [
  'scheduled',
  'queued',
  'publishing',
  'published',
  'failed',
  'cancelled',
] as const;
export type SocialPostStatus = (typeof socialPostStatuses)[number];

/** One library file attached to a post: the function reads it from Storage, never the browser. */
export const postMediaSchema = z.strictObject({
  /** The library record (users/{uid}/generations/{id}) the file belongs to. */
  generationId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'Media must come from your library'),
});
export type PostMedia = z.infer<typeof postMediaSchema>;

const POST_TEXT_MAX = 25_000;
const postText = z
  .string({ error: 'Please enter post content' })
  .trim()
  .min(1, 'Please enter post content')
  .max(POST_TEXT_MAX, `Posts must be ${POST_TEXT_MAX} characters or fewer`);
/** An IANA zone name ('Europe/Berlin'), shown beside the time; the instant itself is `scheduledAt`. */
const timeZone = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_+\-/]+$/, SCHEDULE_MESSAGES.unknownZone)
  .refine(isKnownTimeZone, SCHEDULE_MESSAGES.unknownZone);
/** An ISO instant ('2026-11-23T17:05:00.000Z'); past instants are refused by the function with its clock. */
const instant = z.iso.datetime({ offset: true, error: 'Please choose a valid date and time' });

/**
 * YouTube: a post's text is the video description; these are the rest of videos.insert's snippet and status.
 * A publish time is YouTube's own scheduling (status.publishAt, private until then): the upload runs now.
 */
export const youtubeDetailsSchema = z
  .strictObject({
    title: z
      .string({ error: 'Please add a video title' })
      .trim()
      .min(1, 'Please add a video title')
      .max(400, 'YouTube titles can be at most 100 characters'),
    tags: z.array(z.string().trim().min(1).max(500)).max(500).default([]),
    privacyStatus: z
      .enum(youtubePrivacyStatuses, { error: 'Please choose a visibility' })
      .default('private'),
    publishAt: instant.nullable().default(null),
  })
  .refine((v) => v.publishAt === null || v.privacyStatus === 'private', {
    message: 'A publish time needs Private visibility: YouTube makes the video public at that time',
    path: ['publishAt'],
  });
export type YouTubeDetails = z.output<typeof youtubeDetailsSchema>;

/** Reddit: the subreddit (a leading r/ removed), the title and the flair; the post's text is its body. */
export const redditPostSchema = z.strictObject({
  subreddit: z
    .string({ error: 'Please fill in all required fields' })
    .trim()
    .transform((v) => v.replace(/^\/?r\//i, ''))
    .pipe(
      z
        .string()
        .min(1, 'Please fill in all required fields')
        .regex(SUBREDDIT_NAME, 'Please enter a valid subreddit name'),
    ),
  title: z
    .string({ error: 'Please fill in all required fields' })
    .trim()
    .min(1, 'Please fill in all required fields')
    .max(300, 'Reddit titles can be at most 300 characters'),
  flairId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Please choose a flair from the list')
    .optional(),
  flairText: z.string().trim().max(64, 'Flair text can be at most 64 characters').optional(),
});
export type RedditPostFields = z.output<typeof redditPostSchema>;

/** The flairs of a subreddit, for the Reddit composer (loaded once typing stops). */
export const subredditFlairsSchema = z.strictObject({
  subreddit: redditPostSchema.shape.subreddit,
});
export interface SubredditFlair {
  id: string;
  text: string;
  /** The user may write their own text for this flair. */
  textEditable: boolean;
  backgroundColor: string;
  textColor: string;
}
export interface SubredditFlairs {
  subreddit: string;
  flairs: SubredditFlair[];
  /** The subreddit refuses posts without a flair. */
  flairRequired: boolean;
}

const postFields = {
  text: postText,
  media: z.array(postMediaSchema).max(20, 'Too many media files').default([]),
  /** LinkedIn: urn:li:person:{sub} or urn:li:organization:{id}. */
  author: z
    .string()
    .regex(/^urn:li:(person|organization):[A-Za-z0-9_-]{1,64}$/, 'Please choose who posts')
    .optional(),
  /** null or absent: publish now. */
  scheduledAt: instant.nullable().default(null),
  timeZone: timeZone.default('UTC'),
  youtube: youtubeDetailsSchema.optional(),
};

/** A thread is the post and at most this many posts in all (X): the post plus THREAD_MAX_POSTS - 1 items. */
export const THREAD_MAX_POSTS = 25;
/** Platforms whose posts may carry further items, each published as a reply to the one before. */
export const threadPlatforms: readonly PublishPlatform[] = publishPlatforms.filter(
  (p) => platformFacts[p].threads,
);
/** Platforms whose posts may carry a first comment, published after the post (and its thread) as its own step. */
export const firstCommentPlatforms: readonly PublishPlatform[] = publishPlatforms.filter(
  (p) => platformFacts[p].firstComment,
);

/** LinkedIn's limit on a comment's text (Comments API, message.text); X judges a first comment as a post. */
export const LINKEDIN_COMMENT_MAX_CHARS = 1250;
/** Reddit's limit on a comment's text (POST /api/comment refuses a longer one as TOO_LONG). */
export const REDDIT_COMMENT_MAX_CHARS = 10_000;
/** YouTube's limit on a comment's text (commentThreads.insert refuses a longer one as commentTextTooLong). */
export const YOUTUBE_COMMENT_MAX_CHARS = 10_000;
/** The first comment's limit in characters where the platform counts characters (X weighs it as a post). */
export const commentMaxChars = {
  linkedin: LINKEDIN_COMMENT_MAX_CHARS,
  reddit: REDDIT_COMMENT_MAX_CHARS,
  youtube: YOUTUBE_COMMENT_MAX_CHARS,
} as const;

/** One further post of a thread: its own text and media, its own checks (functions/src/social/platforms). */
export const threadItemSchema = z.strictObject({
  text: postText,
  media: z.array(postMediaSchema).max(4, 'Too many media files').default([]),
});
export type ThreadItemInput = z.input<typeof threadItemSchema>;

const threadItems = z
  .array(threadItemSchema)
  .max(THREAD_MAX_POSTS - 1, `A thread can have at most ${THREAD_MAX_POSTS} posts`);
const firstCommentText = z
  .string()
  .trim()
  .max(POST_TEXT_MAX, `Comments must be ${POST_TEXT_MAX} characters or fewer`);

/** A document post's own field: the title shown on the document. */
export const documentSchema = z.strictObject({
  title: z
    .string({ error: documentMessages.noTitle })
    .trim()
    .min(1, documentMessages.noTitle)
    .max(DOCUMENT_LIMITS.titleMaxChars, documentMessages.titleTooLong),
});

export const publishPostSchema = z
  .strictObject({
    requestId: z.uuid(),
    platform: z.enum(publishPlatforms, { error: 'Please choose a platform' }),
    ...postFields,
    // A Reddit post may be only a title and an image, a YouTube video needs no description: text is checked below.
    text: z
      .string({ error: 'Please enter post content' })
      .trim()
      .max(POST_TEXT_MAX, `Posts must be ${POST_TEXT_MAX} characters or fewer`)
      .default(''),
    reddit: redditPostSchema.optional(),
    /** The composer's one send to several channels: every channel's post carries the same id (one post group). */
    groupId: z.uuid().optional(),
    /** X: the thread's further posts, in order (the post itself is the first). */
    thread: threadItems.default([]),
    /** Published after the post as its own step (X: a reply to the post; LinkedIn: a comment on it). */
    firstComment: firstCommentText.default(''),
    /** LinkedIn: the images go out as one PDF document (a carousel) with this title (core/document-posts.ts). */
    document: documentSchema.optional(),
  })
  .superRefine((post, ctx) => {
    if (post.document && !canPostDocument(post.platform))
      ctx.addIssue({ code: 'custom', path: ['document'], message: documentMessages.notAvailable });
    if (post.document && post.media.length < DOCUMENT_LIMITS.minImages)
      ctx.addIssue({ code: 'custom', path: ['document'], message: documentMessages.tooFewImages });
    if (post.thread.length > 0 && !threadPlatforms.includes(post.platform))
      ctx.addIssue({
        code: 'custom',
        path: ['thread'],
        message: `Threads are not available on ${platformLabels[post.platform]}`,
      });
    if (post.firstComment !== '' && !firstCommentPlatforms.includes(post.platform)) {
      ctx.addIssue({
        code: 'custom',
        path: ['firstComment'],
        message: `A first comment is not available on ${platformLabels[post.platform]}`,
      });
    }
    const facts = platformFacts[post.platform];
    if (!facts.subreddit) {
      // A video upload's text is its description, which may be empty.
      if (post.text === '' && !facts.videoUpload)
        ctx.addIssue({ code: 'custom', path: ['text'], message: 'Please enter post content' });
      if (post.reddit)
        ctx.addIssue({ code: 'custom', path: ['reddit'], message: 'Unknown field: reddit' });
      return;
    }
    if (!post.reddit || (post.text === '' && post.media.length === 0))
      ctx.addIssue({
        code: 'custom',
        path: ['reddit'],
        message: 'Please fill in all required fields',
      });
  });
export type PublishPostInput = z.input<typeof publishPostSchema>;

const postId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'Post id is not valid');
/** Edit a scheduled post (until the scheduler claims it). */
export const updateScheduledPostSchema = z.strictObject({
  postId,
  text: postText,
  media: postFields.media,
  author: postFields.author,
  scheduledAt: instant,
  timeZone: postFields.timeZone,
  /** X: the thread's further posts as they now stand (each checked as at publishPost); absent keeps the stored ones. */
  thread: threadItems.optional(),
  /** The first comment as it now stands ('' removes it); absent keeps the stored one. */
  firstComment: firstCommentText.optional(),
});
export const cancelPostSchema = z.strictObject({ postId });
/** Publish a failed post again; requestId names the new attempt's job. */
export const retryPostSchema = z.strictObject({ postId, requestId: z.uuid() });
export const platformProfileSchema = z.strictObject({ platform: z.enum(publishPlatforms) });

export interface PublishPostResult {
  postId: string;
  status: SocialPostStatus;
}

/** What the composers and stat cards read of an account (null figures: the platform gives none). */
export interface PlatformProfile {
  platform: PublishPlatform;
  /** '@handle' or the member's name. */
  name: string | null;
  followers: number | null;
  following: number | null;
  posts: number | null;
  /** YouTube: the channel's total views. */
  views?: number | null;

  /** Reddit: the account's karma (link + comment). */
  karma?: number | null;
  /** LinkedIn: who may post (the member, then only APPROVED organizations). */
  authors: { urn: string; name: string; kind: 'person' | 'organization' }[];
  /** LinkedIn: when the saved access token expires (ISO), when the saved credentials say; else absent. */
  tokenExpiresAt?: string | null;
}

/** The platforms as they name themselves in what a post's state says (X, not the older Twitter). */
export const publishPlatformNames: Record<PublishPlatform, string> = platformLabels;

/** What Recent Posts and a refused Retry say while a post's outcome is being settled (checkingUntil). */
export function checkingMessage(platform: PublishPlatform): string {
  return `Checking whether ${publishPlatformNames[platform]} published it...`;
}

/** users/{uid}/socialPosts/{postId} as every reader sees it. */
export const socialPostSchema = z.object({
  platform: oneOf(publishPlatforms, 'x'),
  status: oneOf(socialPostStatuses, 'failed'),
  text: text(),
  media: z
    .array(
      z.object({
        generationId: text(),
        contentType: text(),
        sizeBytes: count(0),
        title: text(),
        url: optionalText(),
      }),
    )
    .catch([]),
  author: z.object({ urn: text(), name: text() }).nullable().catch(null),
  scheduledAt: timestamp(),
  timeZone: z.string().catch('UTC'),
  reddit: z
    .object({
      subreddit: text(),
      title: text(),
      flairId: optionalText(),
      flairText: optionalText(),
    })
    .nullable()
    .catch(null),
  /** The post group it was sent in, when the composer sent it to several channels at once (null otherwise). */
  groupId: optionalText(),
  /** The job publishing it now (or last). */
  jobId: optionalText(),
  platformPostId: optionalText(),
  /** Link to the live post. */
  url: optionalText(),
  error: z
    .object({
      code: z.string().catch('platform_error'),
      message: text(),
      retryAt: timestamp(),
      /** Where it failed, the catalogue's words and the fix the user can take (core/platform-errors.ts); null on older posts. */
      step: z.enum(failureSteps).nullable().catch(null),
      reason: optionalText(),
      summary: optionalText(),
      fix: z
        .object({ action: z.enum(fixActions), label: text() })
        .nullable()
        .catch(null),
      /** The platform's own code or reason and the HTTP status of its answer, when it gave them. */
      platformCode: optionalText(),
      httpStatus: z.number().int().nullable().catch(null),
    })
    .nullable()
    .catch(null),
  /** 0-100 while a large upload runs. */
  progress: count(0),
  youtube: z
    .object({
      title: text(),
      tags: z.array(z.string()).catch([]),
      privacyStatus: oneOf(youtubePrivacyStatuses, 'private'),
      publishAt: timestamp(),
    })
    .nullable()
    .catch(null),
  /** Something the user should know about a published post (YouTube kept an unverified app's upload private). */
  notice: optionalText(),
  /** Set while a request that got no answer may still make the post: the job looks it up until then, and Retry waits. */
  checkingUntil: timestamp(),
  /** X: the thread's further posts, each with its own id and link once it is published. */
  thread: z
    .array(
      z.object({
        text: text(),
        platformPostId: optionalText(),
        url: optionalText(),
        // What the Edit of a scheduled thread checks again, as it checks the post's own media.
        media: z
          .array(
            z.object({
              generationId: text(),
              title: text(),
              contentType: text(),
              sizeBytes: count(0),
              url: optionalText(),
            }),
          )
          .catch([]),
      }),
    )
    .catch([])
    .default([]),
  /** Published after the post (and its thread) as its own step, with its own id. */
  firstComment: z
    .object({ text: text(), platformPostId: optionalText(), url: optionalText() })
    .nullable()
    .catch(null)
    .default(null),
  /** LinkedIn: the images went (or go) out as one PDF document with this title. */
  document: z.object({ title: text() }).nullable().catch(null).default(null),
  /** Every request sent to the platform that can change something, and each look-up: when, what, and how it went. */
  publishLog: z
    .array(z.object({ at: timestamp(), step: text(), outcome: text() }))
    .catch([])
    .default([]),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  publishedAt: timestamp(),
  /** Snapshots of the platform's figures 1 hour, 1 day and 7 days after it went out (core/post-metrics.ts). */
  metrics: postMetricsSchema,
});

export type SocialPost = z.output<typeof socialPostSchema> & { id: string };

export const toSocialPost = docConverter(socialPostSchema);
