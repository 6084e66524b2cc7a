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
  image: { kind: 'image', maxBytes: 5 * MB, contentTypes: ['image/jpeg', 'image/png', 'image/webp'], label: 'Images' },
  gif: { kind: 'gif', maxBytes: 15 * MB, contentTypes: ['image/gif'], label: 'GIFs' },
  video: { kind: 'video', maxBytes: 512 * MB, contentTypes: ['video/mp4', 'video/quicktime'], label: 'Videos' },
} as const satisfies Record<XMediaKind, MediaLimit>;

export const X_MAX_IMAGES_PER_POST = 4;
/** X's append segments: each at most 5 MB. */
export const X_UPLOAD_CHUNK_BYTES = 5 * MB;

export function xMediaKind(contentType: string): XMediaKind | undefined {
  const type = contentType.toLowerCase().split(';')[0]!.trim();
  return (Object.values(X_MEDIA_LIMITS) as MediaLimit[]).find((l) => l.contentTypes.includes(type))?.kind;
}

export function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}

/** Why X would refuse this set of media, in plain words, or undefined when it fits. */
export function xMediaProblem(media: readonly { contentType: string; sizeBytes: number }[]): { code: 'invalid_content' | 'media_too_large'; message: string } | undefined {
  const kinds = media.map((m) => xMediaKind(m.contentType));
  const unknown = media.find((_, i) => !kinds[i]);
  if (unknown) return { code: 'invalid_content', message: `X does not accept ${unknown.contentType} files: use JPEG, PNG, WebP, GIF, MP4 or MOV` };
  const images = kinds.filter((k) => k === 'image').length;
  const single = kinds.filter((k) => k === 'gif' || k === 'video').length;
  if (single > 1 || (single === 1 && images > 0)) return { code: 'invalid_content', message: 'A post on X takes up to 4 images, or one GIF, or one video' };
  if (images > X_MAX_IMAGES_PER_POST) return { code: 'invalid_content', message: `A post on X takes at most ${X_MAX_IMAGES_PER_POST} images` };
  for (const [i, m] of media.entries()) {
    const limit = X_MEDIA_LIMITS[kinds[i]!];
    if (m.sizeBytes > limit.maxBytes) {
      return { code: 'media_too_large', message: `${limit.label} on X can be at most ${formatMegabytes(limit.maxBytes)} (this one is ${formatMegabytes(m.sizeBytes)})` };
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
export function redditMediaProblem(media: readonly { contentType: string; sizeBytes: number }[]): { code: 'invalid_content' | 'media_too_large'; message: string } | undefined {
  if (media.length > REDDIT_LIMITS.imagesPerPostMax) return { code: 'invalid_content', message: 'A Reddit post here carries one image.' };
  const m = media[0];
  if (!m) return undefined;
  const type = m.contentType.toLowerCase().split(';')[0]!.trim();
  if (!(REDDIT_LIMITS.imageTypes as readonly string[]).includes(type)) return { code: 'invalid_content', message: `Reddit image posts take PNG, JPEG or GIF images, not ${m.contentType}.` };
  if (m.sizeBytes > REDDIT_LIMITS.imageMaxBytes)
    return { code: 'media_too_large', message: `Images on Reddit can be at most ${formatMegabytes(REDDIT_LIMITS.imageMaxBytes)} (this one is ${formatMegabytes(m.sizeBytes)})` };
  return undefined;
}
