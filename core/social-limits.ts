// Media limits each platform's composer shows before the user presses Post, and that the platform's
// publisher (functions/src/providers/social/) checks again before any upload starts.

const MB = 1024 * 1024;

export type XMediaKind = 'image' | 'gif' | 'video';

export interface MediaLimit {
  kind: XMediaKind;
  maxBytes: number;
  /** Content types X accepts for this kind. */
  contentTypes: readonly string[];
  /** The words a refusal names, e.g. "Images on X can be at most 5 MB". */
  label: string;
}

/**
 * X media per post: up to 4 images, or 1 GIF, or 1 video. Images 5 MB and GIFs 15 MB are X's own limits.
 * X accepts larger post videos (GBs, in chunks); Muse caps them at 512 MB so one publish job's upload
 * stays within a function run.
 */
export const X_MEDIA_LIMITS = {
  image: {
    kind: 'image',
    maxBytes: 5 * MB,
    contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
    label: 'Images',
  },
  gif: { kind: 'gif', maxBytes: 15 * MB, contentTypes: ['image/gif'], label: 'GIFs' },
  video: {
    kind: 'video',
    maxBytes: 512 * MB,
    contentTypes: ['video/mp4', 'video/quicktime'],
    label: 'Videos',
  },
} as const satisfies Record<XMediaKind, MediaLimit>;

export const X_MAX_IMAGES_PER_POST = 4;
/** X's append segments: each at most 5 MB. */
export const X_UPLOAD_CHUNK_BYTES = 5 * MB;

export function xMediaKind(contentType: string): XMediaKind | undefined {
  const type = contentType.toLowerCase().split(';')[0]!.trim();
  return (Object.values(X_MEDIA_LIMITS) as MediaLimit[]).find((l) => l.contentTypes.includes(type))
    ?.kind;
}

export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}

/** Why X would refuse this set of media, in plain words, or undefined when it fits. */
export function xMediaProblem(
  media: readonly { contentType: string; sizeBytes: number }[],
): { code: 'invalid_content' | 'media_too_large'; message: string } | undefined {
  const kinds = media.map((m) => xMediaKind(m.contentType));
  const unknown = media.find((_, i) => !kinds[i]);
  if (unknown)
    return {
      code: 'invalid_content',
      message: `X does not accept ${unknown.contentType} files: use JPEG, PNG, WebP, GIF, MP4 or MOV`,
    };
  const images = kinds.filter((k) => k === 'image').length;
  const single = kinds.filter((k) => k === 'gif' || k === 'video').length;
  if (single > 1 || (single === 1 && images > 0))
    return {
      code: 'invalid_content',
      message: 'A post on X takes up to 4 images, or one GIF, or one video',
    };
  if (images > X_MAX_IMAGES_PER_POST)
    return {
      code: 'invalid_content',
      message: `A post on X takes at most ${X_MAX_IMAGES_PER_POST} images`,
    };
  for (const [i, m] of media.entries()) {
    const limit = X_MEDIA_LIMITS[kinds[i]!];
    if (m.sizeBytes > limit.maxBytes) {
      return {
        code: 'media_too_large',
        message: `${limit.label} on X can be at most ${formatMegabytes(limit.maxBytes)} (this one is ${formatMegabytes(m.sizeBytes)})`,
      };
    }
  }
  return undefined;
}

/**
 * LinkedIn (Posts, Images and Videos APIs, learn.microsoft.com/linkedin/marketing/community-management/shares).
 * Images: JPG, PNG or GIF under 36,152,320 pixels; the 5 MB cap is the commonly published limit for feed images.
 * Videos: MP4, 75 KB to 500 MB, 3 s to 30 min, uploaded in parts whose ranges LinkedIn gives (4 MiB each).
 */
export const LINKEDIN_LIMITS = {
  commentaryMaxChars: 3000,
  imageTypes: ['image/jpeg', 'image/png', 'image/gif'],
  imageMaxBytes: 5 * MB,
  imageMaxPixels: 36_152_320,
  /** A post carries one video, one image, or 2 to 20 images (multiImage). */
  imagesPerPostMax: 20,
  videoTypes: ['video/mp4'],
  videoMinBytes: 75 * 1024,
  videoMaxBytes: 500 * MB,
  videoMinSeconds: 3,
  videoMaxSeconds: 30 * 60,
  videosPerPostMax: 1,
  videoPartBytes: 4 * MB,
} as const;

/**
 * YouTube (Data API v3, videos.insert; developers.google.com/youtube/v3/docs/videos): a title of at most 100
 * characters and a description of at most 5000 bytes, neither with < or >; tags at most 500 characters in
 * all (a tag with a space counts its quotes; commas between tags count). YouTube takes video/* and
 * application/octet-stream files up to 256 GB; Muse caps them at 2 GB (an upload resumes across runs, but
 * each chunk is read from Storage on its way).
 */
export const YOUTUBE_LIMITS = {
  titleMaxChars: 100,
  descriptionMaxBytes: 5000,
  tagsMaxChars: 500,
  videoTypes: [
    'video/mp4',
    'video/quicktime',
    'video/webm',
    'video/x-msvideo',
    'video/mpeg',
    'video/x-matroska',
    'video/3gpp',
    'video/x-flv',
  ],
  videoMaxBytes: 2048 * MB,
  /** Resumable upload chunks must be multiples of 256 KiB (all but the last). */
  chunkMultipleBytes: 256 * 1024,
} as const;

export const youtubePrivacyStatuses = ['private', 'unlisted', 'public'] as const;
export type YouTubePrivacyStatus = (typeof youtubePrivacyStatuses)[number];

/** The Tags field as YouTube gets it: split on commas, trimmed, empties dropped. */
export function splitTags(input: string): string[] {
  return input
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

/** How many of YouTube's 500 tag characters these tags use (quotes around a tag with a space, commas between). */
export function tagsLength(tags: readonly string[]): number {
  if (tags.length === 0) return 0;
  return tags.reduce((sum, t) => sum + [...t].length + (/\s/.test(t) ? 2 : 0), 0) + tags.length - 1;
}

export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Why YouTube would refuse this video's title, description, tags or file, naming the limit, or undefined. */
export function youtubeVideoProblem(
  video: { title: string; description: string; tags: readonly string[] },
  media: readonly { contentType: string; sizeBytes: number }[],
): { code: 'invalid_content' | 'media_too_large'; message: string } | undefined {
  const title = video.title.trim();
  if (!title) return { code: 'invalid_content', message: 'Please enter a video title' };
  const titleChars = [...title].length;
  if (titleChars > YOUTUBE_LIMITS.titleMaxChars)
    return {
      code: 'invalid_content',
      message: `YouTube titles can be at most ${YOUTUBE_LIMITS.titleMaxChars} characters (this one is ${titleChars})`,
    };
  if (/[<>]/.test(title))
    return { code: 'invalid_content', message: 'YouTube titles cannot contain < or >' };
  const bytes = utf8Bytes(video.description);
  if (bytes > YOUTUBE_LIMITS.descriptionMaxBytes) {
    return {
      code: 'invalid_content',
      message: `YouTube descriptions can be at most ${YOUTUBE_LIMITS.descriptionMaxBytes.toLocaleString('en-US')} bytes (this one is ${bytes.toLocaleString('en-US')})`,
    };
  }
  if (/[<>]/.test(video.description))
    return { code: 'invalid_content', message: 'YouTube descriptions cannot contain < or >' };
  if (video.tags.some((t) => /[<>]/.test(t)))
    return { code: 'invalid_content', message: 'YouTube tags cannot contain < or >' };
  const tagChars = tagsLength(video.tags);
  if (tagChars > YOUTUBE_LIMITS.tagsMaxChars)
    return {
      code: 'invalid_content',
      message: `YouTube tags can be at most ${YOUTUBE_LIMITS.tagsMaxChars} characters in all (these are ${tagChars})`,
    };
  if (media.length !== 1)
    return { code: 'invalid_content', message: 'Please choose one video to upload' };
  const file = media[0]!;
  const type = file.contentType.toLowerCase().split(';')[0]!.trim();
  if (!(YOUTUBE_LIMITS.videoTypes as readonly string[]).includes(type))
    return {
      code: 'invalid_content',
      message: `YouTube takes video files (MP4, MOV, WebM, AVI, MPEG, MKV), not ${file.contentType || 'this file'}`,
    };
  if (file.sizeBytes > YOUTUBE_LIMITS.videoMaxBytes) {
    return {
      code: 'media_too_large',
      message: `Videos for YouTube can be at most ${formatMegabytes(YOUTUBE_LIMITS.videoMaxBytes)} here (this one is ${formatMegabytes(file.sizeBytes)})`,
    };
  }
  if (file.sizeBytes <= 0) return { code: 'invalid_content', message: 'This video file is empty' };
  return undefined;
}

/**
 * Reddit (www.reddit.com/dev/api#POST_api_submit): a title of at most 300 characters, a self post body of at
 * most 40,000, one image per image post (PNG, JPEG or GIF, at most 20 MB as Reddit's uploader accepts).
 * Galleries and video posts are not offered here.
 */
export const REDDIT_LIMITS = {
  titleMaxChars: 300,
  bodyMaxChars: 40_000,
  imageTypes: ['image/png', 'image/jpeg', 'image/gif'],
  imageMaxBytes: 20 * MB,
  imagesPerPostMax: 1,
} as const;

/** A Reddit post body that is only a link becomes a link post. */
export function redditLinkOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (!/^https?:\/\/\S+$/i.test(trimmed)) return undefined;
  return URL.canParse(trimmed) ? trimmed : undefined;
}

/** Why Reddit would refuse these media, in plain words, or undefined when they fit. */
export function redditMediaProblem(
  media: readonly { contentType: string; sizeBytes: number }[],
): { code: 'invalid_content' | 'media_too_large'; message: string } | undefined {
  if (media.length > REDDIT_LIMITS.imagesPerPostMax)
    return { code: 'invalid_content', message: 'A Reddit post here carries one image.' };
  const m = media[0];
  if (!m) return undefined;
  const type = m.contentType.toLowerCase().split(';')[0]!.trim();
  if (!(REDDIT_LIMITS.imageTypes as readonly string[]).includes(type))
    return {
      code: 'invalid_content',
      message: `Reddit image posts take PNG, JPEG or GIF images, not ${m.contentType}.`,
    };
  if (m.sizeBytes > REDDIT_LIMITS.imageMaxBytes)
    return {
      code: 'media_too_large',
      message: `Images on Reddit can be at most ${formatMegabytes(REDDIT_LIMITS.imageMaxBytes)} (this one is ${formatMegabytes(m.sizeBytes)})`,
    };
  return undefined;
}
