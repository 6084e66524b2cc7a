// Media and text limits each platform documents, shown by the composers before Post and checked again by
// the publishers before any upload. One const per platform, so each platform's section stands alone.

const MB = 1024 * 1024;

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
