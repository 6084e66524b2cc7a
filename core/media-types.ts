import type { GenerationType } from './jobs';

// The content types a browser may upload to {uid}/uploads and {uid}/renders, and that addLibraryFile
// records. storage.rules lists the same types (tests/unit/media-types-rules.test.ts keeps them equal).
// Anything else, SVG and HTML above all, is refused: a library file is served inline from its download
// URL, so a type a browser would run as a document must never get in.

export const uploadContentTypes = {
  image: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  video: ['video/mp4', 'video/webm', 'video/quicktime'],
  // Browsers name a .wav audio/wav, audio/x-wav or audio/wave, and a .m4a audio/mp4 (the editor's own name for it).
  audio: ['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/ogg', 'audio/mp4'],
} as const satisfies Record<GenerationType, readonly string[]>;

export type UploadContentType = (typeof uploadContentTypes)[GenerationType][number];

/** What the in-browser render writes to {uid}/renders. */
export const renderContentTypes = uploadContentTypes.video;

/** The media kind of an accepted content type, or undefined; exact like storage.rules (no parameters). */
export function uploadKindOf(contentType: string): GenerationType | undefined {
  const type = contentType.trim().toLowerCase();
  return (Object.keys(uploadContentTypes) as GenerationType[]).find((kind) =>
    (uploadContentTypes[kind] as readonly string[]).includes(type),
  );
}

/** The value of a file input's accept attribute for some kinds. */
export function acceptAttribute(kinds: readonly GenerationType[]): string {
  return kinds.flatMap((kind) => uploadContentTypes[kind]).join(',');
}
