import type { GenerationType } from '@core/jobs';

// What a downloaded result really is, read from its bytes: a provider's content-type header is a hint,
// the file's signature decides. Image sizes are read from the header so the library records the real size.

export interface MediaInfo {
  contentType: string;
  ext: string;
  width?: number;
  height?: number;
}

function jpegSize(b: Buffer): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    // SOF0..SOF15 except DHT (c4), JPG (c8) and DAC (cc) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return undefined;
}

export function sniffImage(b: Buffer): MediaInfo | undefined {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) {
    return {
      contentType: 'image/png',
      ext: 'png',
      width: b.readUInt32BE(16),
      height: b.readUInt32BE(20),
    };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff)
    return { contentType: 'image/jpeg', ext: 'jpg', ...jpegSize(b) };
  if (
    b.length >= 12 &&
    b.toString('ascii', 0, 4) === 'RIFF' &&
    b.toString('ascii', 8, 12) === 'WEBP'
  )
    return { contentType: 'image/webp', ext: 'webp' };
  if (
    b.length >= 10 &&
    (b.toString('ascii', 0, 6) === 'GIF87a' || b.toString('ascii', 0, 6) === 'GIF89a')
  ) {
    return {
      contentType: 'image/gif',
      ext: 'gif',
      width: b.readUInt16LE(6),
      height: b.readUInt16LE(8),
    };
  }
  return undefined;
}

const AUDIO_VIDEO_EXT: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
};

/** The stored type and file extension of a result, or undefined when the bytes are not of the expected kind. */
export function identifyMedia(
  type: GenerationType,
  bytes: Buffer,
  headerType: string | null,
): MediaInfo | undefined {
  if (bytes.length === 0) return undefined;
  if (type === 'image') return sniffImage(bytes);
  const declared = (headerType ?? '').split(';')[0]!.trim().toLowerCase();
  const ext = AUDIO_VIDEO_EXT[declared];
  if (!ext || !declared.startsWith(`${type}/`)) return undefined;
  // The header names the container; the signature must agree for the ones we can read cheaply.
  if (
    (ext === 'mp4' || ext === 'mov') &&
    !(bytes.length >= 12 && bytes.toString('ascii', 4, 8) === 'ftyp')
  )
    return undefined;
  if (ext === 'mp3' && !isMp3(bytes)) return undefined;
  return { contentType: declared === 'audio/mp3' ? 'audio/mpeg' : declared, ext };
}

/** An ID3 tag or an MPEG audio frame sync at the start. */
function isMp3(b: Buffer): boolean {
  if (b.length >= 3 && b.toString('ascii', 0, 3) === 'ID3') return true;
  return b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0;
}
