import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { WorkerReply, WorkerRequest } from './clip-media-protocol';

// The page's side of the timeline's media: one worker (clip-media.worker.ts) makes peaks and thumbnails,
// and this keeps what it answered in memory per source URL (peaks) and per URL, height and time
// (thumbnails, as object URLs of small JPEGs), so a clip drawn again, zoomed or trimmed asks for nothing
// already made. Components read it through a context (tests give their own source) and re-render when
// something new arrives.

export interface ClipMediaSource {
  /** A source's peaks: undefined until known, null when it has no sound. */
  peaks(url: string): Float32Array | null | undefined;
  /** The object URL of a thumbnail, undefined until made. */
  thumb(url: string, height: number, time: number): string | undefined;
  requestPeaks(url: string): void;
  requestThumbs(url: string, height: number, times: readonly number[]): void;
  subscribe(listener: () => void): () => void;
  /** Changes whenever something new arrives. */
  version(): number;
}

/** Nothing ever arrives (no Worker: tests, old browsers): clips are drawn without waveforms or filmstrips. */
export const noClipMedia: ClipMediaSource = {
  peaks: () => undefined,
  thumb: () => undefined,
  requestPeaks: () => undefined,
  requestThumbs: () => undefined,
  subscribe: () => () => undefined,
  version: () => 0,
};

const MAX_THUMBS = 2000;
const thumbKey = (url: string, height: number, time: number) => `${height}|${time}|${url}`;

export function createWorkerClipMedia(makeWorker: () => Worker): ClipMediaSource {
  let worker: Worker | null = null;
  let nextId = 1;
  let version = 0;
  const listeners = new Set<() => void>();
  const peaks = new Map<string, Float32Array | null>();
  const pendingPeaks = new Map<number, string>();
  const thumbs = new Map<string, string>();
  const pendingThumbs = new Set<string>();
  const thumbJobs = new Map<number, { url: string; height: number; times: number[] }>();

  const changed = () => {
    version++;
    for (const l of listeners) l();
  };
  const send = (req: WorkerRequest, transfer: Transferable[] = []) => {
    worker ??= start();
    worker.postMessage(req, transfer);
  };

  /** WebCodecs in the worker could not decode it: the page decodes it (OfflineAudioContext), the worker reduces it. */
  async function decodeHere(id: number, url: string) {
    try {
      const bytes = await (await fetch(url)).arrayBuffer();
      const buffer = await new OfflineAudioContext(1, 1, 48_000).decodeAudioData(bytes);
      const channels = Array.from({ length: buffer.numberOfChannels }, (_, c) =>
        buffer.getChannelData(c).slice(),
      );
      send(
        { id, kind: 'reduce', url, sampleRate: buffer.sampleRate, channels },
        channels.map((c) => c.buffer),
      );
    } catch {
      pendingPeaks.delete(id);
      peaks.set(url, null);
      changed();
    }
  }

  function start(): Worker {
    const w = makeWorker();
    w.onmessage = (e: MessageEvent<WorkerReply>) => {
      const r = e.data;
      const url = pendingPeaks.get(r.id);
      if (url !== undefined) {
        if (r.kind === 'undecodable') return void decodeHere(r.id, url);
        pendingPeaks.delete(r.id);
        peaks.set(url, r.kind === 'peaks' ? r.peaks : null);
        return changed();
      }
      const job = thumbJobs.get(r.id);
      if (!job) return;
      if (r.kind === 'thumb') {
        const key = thumbKey(job.url, job.height, r.time);
        pendingThumbs.delete(key);
        thumbs.set(key, URL.createObjectURL(r.blob));
        while (thumbs.size > MAX_THUMBS) {
          const [oldest, objectUrl] = thumbs.entries().next().value!;
          thumbs.delete(oldest);
          URL.revokeObjectURL(objectUrl);
        }
        return changed();
      }
      // Done or failed: what did not arrive may be asked for again later.
      thumbJobs.delete(r.id);
      for (const t of job.times) pendingThumbs.delete(thumbKey(job.url, job.height, t));
    };
    return w;
  }

  return {
    peaks: (url) => peaks.get(url),
    thumb: (url, height, time) => {
      const key = thumbKey(url, height, time);
      const hit = thumbs.get(key);
      if (hit) {
        thumbs.delete(key);
        thumbs.set(key, hit);
      }
      return hit;
    },
    requestPeaks(url) {
      if (peaks.has(url) || [...pendingPeaks.values()].includes(url)) return;
      const id = nextId++;
      pendingPeaks.set(id, url);
      send({ id, kind: 'peaks', url });
    },
    requestThumbs(url, height, times) {
      const wanted = times.filter((t) => {
        const key = thumbKey(url, height, t);
        return !thumbs.has(key) && !pendingThumbs.has(key);
      });
      if (wanted.length === 0) return;
      for (const t of wanted) pendingThumbs.add(thumbKey(url, height, t));
      const id = nextId++;
      thumbJobs.set(id, { url, height, times: wanted });
      send({ id, kind: 'thumbs', url, height, times: wanted });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

let shared: ClipMediaSource | null = null;
/** The page's one source, its worker started on the first request; none where there is no Worker. */
export function sharedClipMedia(): ClipMediaSource {
  if (typeof Worker === 'undefined') return noClipMedia;
  shared ??= createWorkerClipMedia(
    () =>
      new Worker(new URL('./clip-media.worker.ts', import.meta.url), {
        type: 'module',
        name: 'clip-media',
      }),
  );
  return shared;
}

export const ClipMediaContext = createContext<ClipMediaSource | null>(null);

function useSource(): ClipMediaSource {
  const source = useContext(ClipMediaContext) ?? sharedClipMedia();
  useSyncExternalStore(source.subscribe, source.version);
  return source;
}

/** The peaks of a clip's source (asked for once per URL). */
export function useClipPeaks(url: string | undefined): Float32Array | null | undefined {
  const source = useSource();
  useEffect(() => {
    if (url) source.requestPeaks(url);
  }, [source, url]);
  return url ? source.peaks(url) : undefined;
}

/** Object URLs of thumbnails at these source times (undefined where not made yet); missing ones are asked for. */
export function useThumbnails(
  url: string | undefined,
  height: number,
  times: readonly number[],
): (string | undefined)[] {
  const source = useSource();
  const key = times.join(',');
  useEffect(() => {
    if (url && key) source.requestThumbs(url, height, key.split(',').map(Number));
  }, [source, url, height, key]);
  return times.map((t) => (url ? source.thumb(url, height, t) : undefined));
}
