import type { UploadContentType } from '@core/media-types';

// Whether a file's leading bytes are of the type it was uploaded as. The declared type decides how the
// file is served and played; the bytes must agree, so an HTML page uploaded as image/png is refused.
// Each check reads at most the first SIGNATURE_BYTES bytes.

export const SIGNATURE_BYTES = 16;

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  text.split('').every((c, i) => bytes[start + i] === c.charCodeAt(0));
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((b, i) => bytes[i] === b);

/** RIFF, a 4-byte size, then the form type (WEBP, WAVE). */
const riff = (form: string) => (b: Uint8Array) => ascii(b, 0, 'RIFF') && ascii(b, 8, form);
/** An ISO base media file (MP4, M4A, MOV): its first box is ftyp, after the 4-byte box size. */
const isoMedia = (b: Uint8Array) => ascii(b, 4, 'ftyp');
/** QuickTime files from older writers start with another top-level atom instead of ftyp. */
const quickTime = (b: Uint8Array) =>
  isoMedia(b) || ['moov', 'mdat', 'wide', 'free', 'skip'].some((atom) => ascii(b, 4, atom));
/** An ID3v2 tag, or an MPEG audio frame: 11 sync bits set, then a valid version and layer. */
const mp3 = (b: Uint8Array) =>
  ascii(b, 0, 'ID3') ||
  (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x18) !== 0x08 && (b[1]! & 0x06) !== 0x00);
const wav = riff('WAVE');

const signatures: Record<UploadContentType, (bytes: Uint8Array) => boolean> = {
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/webp': riff('WEBP'),
  'image/gif': (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'),
  'video/mp4': isoMedia,
  'video/quicktime': quickTime,
  'video/webm': (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]),
  'audio/mpeg': mp3,
  'audio/wav': wav,
  'audio/x-wav': wav,
  'audio/wave': wav,
  'audio/ogg': (b) => ascii(b, 0, 'OggS'),
  'audio/mp4': isoMedia,
};

/** True when `bytes` (the file's first bytes) start like a file of `contentType`; false for any type not listed. */
export function matchesSignature(contentType: string, bytes: Uint8Array): boolean {
  const check = signatures[contentType.trim().toLowerCase() as UploadContentType];
  return check !== undefined && check(bytes);
}
