import type { Source } from 'mediabunny';
import { readGifInfo, unprobed, type MediaProbe } from '@core/media-probe';

// Reads a library file's own facts in the browser when it is attached to a post (core/platforms/media-rules.ts
// checks them against each channel): a video through mediabunny's demuxer over HTTP range requests (its
// headers and index only, never a decoded frame), an image by its header (createImageBitmap), a GIF's frames
// from its blocks (core/media-probe.ts). mediabunny loads with the first video attached, not with the page.

/** How many packets the frame rate is averaged over: a few seconds of video, read from the index. */
const FPS_SAMPLE_PACKETS = 120;

export interface ProbeResult {
  probe: MediaProbe;
  /** False when the file could not be read: the probe then carries the record's type and size only. */
  read: boolean;
}

/** A video's container, codecs, size on screen, duration, frame rate and sound, from any mediabunny source. */
export async function probeVideoSource(
  source: Source,
  record: { contentType: string; sizeBytes: number },
): Promise<MediaProbe> {
  const { ALL_FORMATS, Input } = await import('mediabunny');
  const input = new Input({ source, formats: ALL_FORMATS });
  try {
    const format = await input.getFormat();
    const video = await input.getPrimaryVideoTrack();
    const audio = await input.getPrimaryAudioTrack();
    const duration =
      (await input.getDurationFromMetadata().catch(() => null)) ?? (await input.computeDuration());
    const stats = video ? await video.computePacketStats(FPS_SAMPLE_PACKETS) : null;
    return {
      ...unprobed(record.contentType, record.sizeBytes),
      kind: video ? 'video' : 'other',
      container: format.name,
      width: video?.displayWidth ?? null,
      height: video?.displayHeight ?? null,
      durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
      frameRate: stats && stats.averagePacketRate > 0 ? stats.averagePacketRate : null,
      videoCodec: video?.codec ?? null,
      audioCodec: audio?.codec ?? null,
      audioChannels: audio?.numberOfChannels ?? null,
    };
  } finally {
    input.dispose();
  }
}

/** An image's size (a GIF's screen and frame count), from its bytes. */
export async function probeImageBlob(
  blob: Blob,
  record: { contentType: string; sizeBytes: number },
): Promise<MediaProbe> {
  const base = unprobed(record.contentType, record.sizeBytes);
  if (base.kind === 'gif') {
    const info = readGifInfo(new Uint8Array(await blob.arrayBuffer()));
    if (!info) throw new Error('Not a readable GIF');
    return { ...base, width: info.width, height: info.height, frames: info.frames };
  }
  const bitmap = await createImageBitmap(blob);
  try {
    return { ...base, width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}

/** Probes a library file by its download URL; a file that cannot be read falls back to its record's type and size. */
export async function probeMediaFile(file: {
  url: string;
  contentType: string;
  sizeBytes: number;
  type: string;
}): Promise<ProbeResult> {
  const record = { contentType: file.contentType, sizeBytes: file.sizeBytes };
  try {
    // No retries: a file that cannot be fetched falls back at once rather than holding a send that waits for it.
    if (file.type === 'video') {
      const { UrlSource } = await import('mediabunny');
      return {
        probe: await probeVideoSource(
          new UrlSource(file.url, { getRetryDelay: () => null }),
          record,
        ),
        read: true,
      };
    }
    if (file.type === 'image') {
      const response = await fetch(file.url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return { probe: await probeImageBlob(await response.blob(), record), read: true };
    }
  } catch {
    // Unreadable here (a codec or container mediabunny does not parse, a network error): the publisher's own
    // checks of type and size still run.
  }
  return { probe: unprobed(file.contentType, file.sizeBytes), read: false };
}

const cache = new Map<string, Promise<ProbeResult>>();

/** probeMediaFile once per URL for the page's life (a library file never changes under its URL). */
export function probeMediaFileCached(file: {
  url: string;
  contentType: string;
  sizeBytes: number;
  type: string;
}): Promise<ProbeResult> {
  let found = cache.get(file.url);
  if (!found) {
    found = probeMediaFile(file);
    cache.set(file.url, found);
  }
  return found;
}
