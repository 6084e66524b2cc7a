// What the browser reads from a media file before it is scheduled (dashboard/lib/media-probe.ts fills it in),
// and the pure readers it needs. core/platforms/media-rules.ts checks a probe against each platform's rules.

export type ProbedKind = 'image' | 'gif' | 'video' | 'other';

export interface MediaProbe {
  kind: ProbedKind;
  /** The file's MIME type as stored (the library record's), e.g. video/mp4. */
  contentType: string;
  sizeBytes: number;
  /** The container the demuxer recognised (MP4, QuickTime, WebM, Matroska...), null for images or unknown. */
  container: string | null;
  /** Pixels as displayed (rotation applied); null when unknown. */
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /** Average frames per second over the first packets; null when unknown. */
  frameRate: number | null;
  /** mediabunny's codec ids: avc, hevc, vp8, vp9, av1 for video; aac, opus, mp3, vorbis, flac, pcm-* for audio. */
  videoCodec: string | null;
  audioCodec: string | null;
  audioChannels: number | null;
  /** A GIF's frame count (1 for a still GIF); null for anything else. */
  frames: number | null;
}

/** A probe with only what the library record says (the file could not be read): the rules then check type and size alone. */
export function unprobed(contentType: string, sizeBytes: number): MediaProbe {
  const type = contentType.toLowerCase();
  const kind: ProbedKind =
    type === 'image/gif'
      ? 'gif'
      : type.startsWith('image/')
        ? 'image'
        : type.startsWith('video/')
          ? 'video'
          : 'other';
  return {
    kind,
    contentType,
    sizeBytes,
    container: null,
    width: null,
    height: null,
    durationSeconds: null,
    frameRate: null,
    videoCodec: null,
    audioCodec: null,
    audioChannels: null,
    frames: null,
  };
}

/**
 * A GIF's logical screen size and frame count, read from its blocks (GIF89a, www.w3.org/Graphics/GIF/spec-gif89a.txt)
 * without decoding a pixel: each image descriptor (0x2C) is one frame. Null when the bytes are not a GIF or end early.
 */
export function readGifInfo(
  bytes: Uint8Array,
): { width: number; height: number; frames: number } | null {
  const ascii = String.fromCharCode(...bytes.subarray(0, 6));
  if (ascii !== 'GIF87a' && ascii !== 'GIF89a') return null;
  if (bytes.length < 13) return null;
  const u16 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8);
  const width = u16(6);
  const height = u16(8);
  const flags = bytes[10]!;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let frames = 0;
  // Data sub-blocks: a length byte, that many bytes, until a 0 length.
  const skipSubBlocks = () => {
    while (at < bytes.length) {
      const size = bytes[at]!;
      at += 1;
      if (size === 0) return true;
      at += size;
    }
    return false;
  };
  while (at < bytes.length) {
    const block = bytes[at]!;
    if (block === 0x3b) return { width, height, frames };
    if (block === 0x21) {
      at += 2; // introducer and label
      if (!skipSubBlocks()) return null;
    } else if (block === 0x2c) {
      if (at + 10 > bytes.length) return null;
      const local = bytes[at + 9]!;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
      at += 1; // LZW minimum code size
      if (!skipSubBlocks()) return null;
      frames += 1;
    } else {
      return null;
    }
  }
  // No trailer: a truncated file still counts the frames it holds.
  return frames > 0 ? { width, height, frames } : null;
}
