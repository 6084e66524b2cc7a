import type { PublishPlatform } from './platforms/facts';

// Document (carousel) posts: a post's library images made into one PDF, a page per image, and posted as a
// document the feed shows as a swipeable carousel. LinkedIn's Documents API (/rest/documents
// initializeUpload, then the PDF is uploaded, then the post names the document URN with a title in
// content.media) takes PDF, PPT(X) and DOC(X) files up to 100 MB and 300 pages. The composer, the
// publishPost callable and the publisher (functions/src/providers/social/linkedin.ts) share these rules.

/** Platforms whose posts can go out as a document made of their images. */
export const documentPostPlatforms: readonly PublishPlatform[] = ['linkedin'];

export const DOCUMENT_LIMITS = {
  /** A carousel of one is a single image post: the choice is offered from two images. */
  minImages: 2,
  /** LinkedIn's limit on a document's pages. */
  maxPages: 300,
  /** LinkedIn's limit on a document's size. */
  maxBytes: 100 * 1024 * 1024,
  /** Our own cap on the title shown on the document (LinkedIn names no limit). */
  titleMaxChars: 200,
  /** The images the PDF can hold as they are (a JPEG or PNG page each). */
  imageTypes: ['image/jpeg', 'image/png'],
} as const;

export const documentMessages = {
  noTitle: 'Please give the document a title',
  titleTooLong: `Document titles can be at most ${DOCUMENT_LIMITS.titleMaxChars} characters`,
  tooFewImages: `A document post needs at least ${DOCUMENT_LIMITS.minImages} images`,
  tooManyPages: `A document can have at most ${DOCUMENT_LIMITS.maxPages} pages`,
  imagesOnly: 'A document post is made of JPEG or PNG images only',
  tooLarge: 'The document would be over LinkedIn’s 100 MB limit: attach fewer or smaller images',
  notAvailable: 'Document posts are available on LinkedIn only',
} as const;

export function canPostDocument(platform: PublishPlatform): boolean {
  return documentPostPlatforms.includes(platform);
}

/** Whether the composer offers "Post as document" for these attachments: 2 or more images it can make a PDF of. */
export function documentChoiceOffered(
  platform: PublishPlatform,
  media: readonly { contentType: string }[],
): boolean {
  return (
    canPostDocument(platform) &&
    media.length >= DOCUMENT_LIMITS.minImages &&
    media.every((m) => isDocumentImage(m.contentType))
  );
}

export function isDocumentImage(contentType: string): boolean {
  return (DOCUMENT_LIMITS.imageTypes as readonly string[]).includes(contentType.toLowerCase());
}

/** Why these images cannot become a document post with this title, in plain words, or null. */
export function documentPostProblem(
  media: readonly { contentType: string; sizeBytes: number }[],
  title: string,
): string | null {
  if (!title.trim()) return documentMessages.noTitle;
  if (title.trim().length > DOCUMENT_LIMITS.titleMaxChars) return documentMessages.titleTooLong;
  if (media.length < DOCUMENT_LIMITS.minImages) return documentMessages.tooFewImages;
  if (media.length > DOCUMENT_LIMITS.maxPages) return documentMessages.tooManyPages;
  if (!media.every((m) => isDocumentImage(m.contentType))) return documentMessages.imagesOnly;
  if (media.reduce((sum, m) => sum + m.sizeBytes, 0) > DOCUMENT_LIMITS.maxBytes)
    return documentMessages.tooLarge;
  return null;
}
