import type { ProjectSettings, TimelineItem } from '@core/editor/model';
import {
  ALL_FORMATS,
  BlobSource,
  Input,
  VideoSampleSink,
  type InputVideoTrack,
  type VideoSample,
} from 'mediabunny';
import { throwIfAborted } from './ffmpeg-service';
import { soundClips, type FrameSource, type MediaItem, type SoundClip } from './scene';

// The renderer's side of FrameSource: every file fetched once (CORS), every still decoded once into an
// ImageBitmap, every video clip decoded frame by frame with mediabunny (WebCodecs VideoDecoder) in
// presentation order. drawFrame stays synchronous: `advance` readies the next frame before it is drawn.
//
// A decoded frame is copied out as RGBA into an ImageBitmap, never drawn as a VideoFrame: Chromium
// paints a VideoFrame on a 2D canvas through its image decode cache, which keeps an RGB copy of every
// frame (8 MiB at 1080p) in discardable shared memory until its limit, about 512 MiB per renderer,
// although each frame is drawn once. An ImageBitmap is drawn as it is.

export class MediaLoadError extends Error {
  constructor(
    what: string,
    cause?: unknown,
    /** The file loaded but the browser cannot decode its video: ffmpeg.wasm still can. */
    readonly undecodable = false,
  ) {
    super(`Could not load ${what}${cause instanceof Error ? `: ${cause.message}` : ''}`);
    this.name = 'MediaLoadError';
  }
}

interface VideoState {
  track: InputVideoTrack;
  input: Input;
  firstTimestamp: number;
  iterator: AsyncGenerator<VideoSample | null, void, unknown> | null;
  /** The current frame (closed when the next one replaces it). */
  image: ImageBitmap | null;
  /** RGBA pixels of the last frame copied, reused for every frame of the same size. */
  rgba: Uint8ClampedArray<ArrayBuffer> | null;
  /** The colours its frames are read with, where its file names none (`untaggedColours`). */
  colours: VideoColorSpaceInit | null;
}

/**
 * A video whose file does not say how its colours are coded is read as the browser's <video> reads it (the
 * editor's preview, preview-player.tsx): BT.601 under 720 lines, BT.709 from 720 (the usual guess, also
 * mpv's and VLC's). Chromium's decoder labels such a file's frames BT.709 at every size, so a smaller
 * untagged clip's frames are relabelled BT.601 before they become RGB; otherwise its export came out with
 * other colours than its preview (tests/media/preview-equals-export.test.ts).
 */
const UNTAGGED_SD: VideoColorSpaceInit = {
  primaries: 'smpte170m',
  transfer: 'smpte170m',
  matrix: 'smpte170m',
  fullRange: false,
};

/** The colours to read a track's frames with where its file names none and the guess is BT.601 (null: as decoded). */
export async function untaggedColours(track: InputVideoTrack): Promise<VideoColorSpaceInit | null> {
  const declared = await track.getColorSpace();
  return !declared.matrix && track.codedHeight < 720 ? UNTAGGED_SD : null;
}

async function copyRgba(
  sample: VideoSample,
  rgba: Uint8ClampedArray<ArrayBuffer>,
  colours: VideoColorSpaceInit | null,
): Promise<void> {
  const { width, height } = sample.visibleRect;
  const format = sample.format;
  if (!colours || (format !== 'I420' && format !== 'NV12')) {
    await sample.copyTo(rgba, { format: 'RGBA', colorSpace: 'srgb' });
    return;
  }
  const planes = new Uint8Array(sample.allocationSize());
  const layout = await sample.copyTo(planes);
  const frame = new VideoFrame(planes, {
    format,
    codedWidth: width,
    codedHeight: height,
    timestamp: 0,
    layout,
    colorSpace: colours,
  });
  try {
    await frame.copyTo(rgba, { format: 'RGBA', colorSpace: 'srgb' });
  } finally {
    frame.close();
  }
}

/**
 * The sample's pixels as an ImageBitmap of its display size (what drawImage of its VideoFrame draws),
 * copied through `scratch` (reallocated when the size changes). The sample stays open.
 */
export async function sampleToBitmap(
  sample: VideoSample,
  scratch: { rgba: Uint8ClampedArray<ArrayBuffer> | null; colours?: VideoColorSpaceInit | null },
): Promise<ImageBitmap> {
  const { width, height } = sample.visibleRect;
  if (scratch.rgba?.length !== width * height * 4)
    scratch.rgba = new Uint8ClampedArray(width * height * 4);
  await copyRgba(sample, scratch.rgba, scratch.colours ?? null);
  const pixels = new ImageData(scratch.rgba, width, height);
  // Non-square pixels: stretched to the display size, as drawImage stretches a VideoFrame.
  const display = { resizeWidth: sample.squarePixelWidth, resizeHeight: sample.squarePixelHeight };
  return display.resizeWidth === width && display.resizeHeight === height
    ? createImageBitmap(pixels)
    : createImageBitmap(pixels, { ...display, resizeQuality: 'high' });
}

export interface RenderMedia extends FrameSource {
  /** Fetched bytes of each media URL (for ffmpeg.wasm inputs). */
  blobs: Map<string, Blob>;
  images: Map<string, ImageBitmap>;
  /** What the render mixes: audio clips and the sound of unmuted video clips whose file has an audio track. */
  audio: SoundClip[];
  /** Starts decoding a video clip at these local times (seconds, ascending); one frame per `advance`. */
  startVideo(item: MediaItem, localTimes: number[]): void;
  /** Readies the next frame of a started video clip; the last frame is held when the source ends. */
  advance(item: MediaItem): Promise<void>;
  /**
   * Lets go of a video clip no later frame shows: its decoder, its current frame, its pixel scratch and its
   * file reader (each clip has its own). Without this an export kept them for every video clip it had passed
   * (about 25 MiB each at 1080p) until its end, so its memory grew with its length.
   */
  endVideo(item: MediaItem): void;
  close(): void;
}

const label = (item: { type: string; settings: { name?: string; url: string } }) =>
  `${item.type} "${item.settings.name ?? item.settings.url.slice(0, 60)}"`;

type MediaClip = Exclude<TimelineItem, { type: 'title' }>;
const mediaClips = (items: readonly TimelineItem[]) =>
  items.filter((i): i is MediaClip => i.type !== 'title');

/**
 * Every media file of the timeline fetched once (CORS), two at a time: enough to overlap latency without
 * flooding a slow uplink. The page fetches them for an export in a worker and hands the Blobs over
 * (cloning a Blob copies no bytes), so the page can mix the sound from the same files.
 */
export async function fetchMedia(
  items: readonly TimelineItem[],
  opts: { signal?: AbortSignal; fetch: typeof fetch; onProgress?: (fraction: number) => void },
): Promise<Map<string, Blob>> {
  const media = mediaClips(items);
  const urls = [...new Set(media.map((i) => i.settings.url))];
  const blobs = new Map<string, Blob>();
  let done = 0;
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      const item = media.find((i) => i.settings.url === url)!;
      try {
        const res = await opts.fetch(url, { mode: 'cors', signal: opts.signal });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        blobs.set(url, await res.blob());
      } catch (error) {
        throwIfAborted(opts.signal);
        throw new MediaLoadError(label(item), error);
      }
      opts.onProgress?.(++done / Math.max(1, urls.length));
    }
  };
  await Promise.all([worker(), worker()]);
  return blobs;
}

export async function loadMedia(
  items: readonly TimelineItem[],
  opts: {
    signal?: AbortSignal;
    fetch: typeof fetch;
    decodeVideo: boolean;
    onProgress?: (fraction: number) => void;
    trackMix?: ProjectSettings['trackMix'];
    fps?: number;
    /** The files already fetched (`fetchMedia`): nothing is fetched again. */
    blobs?: Map<string, Blob>;
  },
): Promise<RenderMedia> {
  const images = new Map<string, ImageBitmap>();
  const videos = new Map<string, VideoState>();
  const inputs: Input[] = [];
  const withSound = new Set<string>();
  const media = mediaClips(items);
  let blobs = new Map<string, Blob>();

  const close = () => {
    for (const v of videos.values()) {
      v.image?.close();
      v.image = null;
      v.rgba = null;
      void v.iterator?.return(undefined).catch(() => undefined);
    }
    videos.clear();
    for (const b of images.values()) b.close();
    images.clear();
    for (const input of inputs) input.dispose();
  };

  try {
    blobs = opts.blobs ?? (await fetchMedia(items, opts));

    for (const item of media) {
      throwIfAborted(opts.signal);
      const blob = blobs.get(item.settings.url)!;
      if (item.type === 'image' && !images.has(item.settings.url)) {
        images.set(
          item.settings.url,
          await createImageBitmap(blob).catch((e: unknown) =>
            Promise.reject(new MediaLoadError(label(item), e)),
          ),
        );
      }
      if (item.type === 'video') {
        const input = new Input({ source: new BlobSource(blob), formats: ALL_FORMATS });
        inputs.push(input);
        // A container mediabunny cannot read counts as silent: ffmpeg.wasm still renders its pictures.
        if (await input.getPrimaryAudioTrack().catch(() => null)) withSound.add(item.settings.url);
        if (!opts.decodeVideo) continue;
        const track = await input.getPrimaryVideoTrack().catch(() => null);
        if (!track || !(await track.canDecode()))
          throw new MediaLoadError(
            `${label(item)}: this browser cannot decode its video`,
            undefined,
            true,
          );
        videos.set(item.id, {
          track,
          input,
          firstTimestamp: await track.getFirstTimestamp(),
          iterator: null,
          image: null,
          rgba: null,
          colours: await untaggedColours(track),
        });
      }
    }
  } catch (error) {
    close();
    throw error;
  }

  return {
    blobs,
    images,
    audio: soundClips(items, (item) => withSound.has(item.settings.url), opts.trackMix, opts.fps),
    frameFor(item) {
      if (item.type === 'image') return images.get(item.settings.url);
      return videos.get(item.id)?.image;
    },
    startVideo(item, localTimes) {
      const v = videos.get(item.id);
      if (!v) return;
      void v.iterator?.return(undefined).catch(() => undefined);
      const sink = new VideoSampleSink(v.track);
      v.iterator = sink.samplesAtTimestamps(localTimes.map((t) => t + v.firstTimestamp));
    },
    endVideo(item) {
      const v = videos.get(item.id);
      if (!v) return;
      videos.delete(item.id);
      void v.iterator?.return(undefined).catch(() => undefined);
      v.iterator = null;
      v.image?.close();
      v.image = null;
      v.rgba = null;
      v.input.dispose();
    },
    async advance(item) {
      const v = videos.get(item.id);
      if (!v?.iterator) return;
      const next = await v.iterator.next();
      // null or done: past the end of the source, so the previous frame stays (clip longer than its file).
      if (next.done || !next.value) return;
      const sample = next.value;
      let image: ImageBitmap;
      try {
        image = await sampleToBitmap(sample, v);
      } finally {
        // Closed at once: the decoder reuses its frame buffers only once they are released.
        sample.close();
      }
      // Closed while copying (render aborted): nothing will draw or close this frame.
      if (videos.get(item.id) !== v) return image.close();
      v.image?.close();
      v.image = image;
    },
    close,
  };
}
