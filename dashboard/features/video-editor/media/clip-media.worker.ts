import { ALL_FORMATS, AudioSampleSink, BlobSource, CanvasSink, Input } from 'mediabunny';
import { PEAKS_PER_SECOND, PeakReducer } from '../model/media-strips';
import type { WorkerReply, WorkerRequest } from './clip-media-protocol';

// The timeline's media worker: decodes a clip's source off the main thread and answers with its peaks
// (a waveform) or thumbnails (a filmstrip). Both decode with WebCodecs through mediabunny (AudioDecoder,
// VideoDecoder); a worker has no AudioContext, so a sound WebCodecs cannot decode is answered
// 'undecodable' and the page decodes it with OfflineAudioContext.decodeAudioData, then hands the samples
// back here to be reduced ('reduce'). Peaks (per source URL and peak rate) and thumbnails (per source URL,
// height and time, as small JPEGs) are kept in Cache Storage, so a reload draws them without decoding
// again; the page keeps what it has drawn in memory (clip-media.ts).

// The program's lib is the DOM's: the worker scope's two members used here, typed by hand.
const scope = self as unknown as {
  postMessage(message: WorkerReply, transfer: Transferable[]): void;
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
};

const CACHE = 'muse-editor-peaks-v1';
const cacheKey = (url: string) =>
  `https://editor-cache.invalid/peaks/${PEAKS_PER_SECOND}?src=${encodeURIComponent(url)}`;

/** Open inputs by URL (a few, newest last), so a filmstrip's batches share one download. */
const inputs = new Map<string, Promise<Input>>();
function inputFor(url: string): Promise<Input> {
  const open = inputs.get(url);
  if (open) {
    inputs.delete(url);
    inputs.set(url, open);
    return open;
  }
  const made = fetch(url)
    .then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.blob();
    })
    .then((blob) => new Input({ source: new BlobSource(blob), formats: ALL_FORMATS }));
  made.catch(() => inputs.delete(url));
  inputs.set(url, made);
  while (inputs.size > 4) {
    const [oldest, p] = inputs.entries().next().value!;
    inputs.delete(oldest);
    void p.then((i) => i.dispose()).catch(() => undefined);
  }
  return made;
}

async function cachedPeaks(url: string): Promise<Float32Array | null | undefined> {
  try {
    const hit = await (await caches.open(CACHE)).match(cacheKey(url));
    if (!hit) return undefined;
    const buf = await hit.arrayBuffer();
    return hit.headers.get('x-silent') === '1' ? null : new Float32Array(buf);
  } catch {
    return undefined;
  }
}

async function storePeaks(url: string, peaks: Float32Array | null) {
  try {
    const body = peaks ? peaks.slice().buffer : new ArrayBuffer(0);
    await (
      await caches.open(CACHE)
    ).put(cacheKey(url), new Response(body, { headers: peaks ? {} : { 'x-silent': '1' } }));
  } catch {
    // No Cache Storage (an opaque origin): the page's memory cache still holds them.
  }
}

/** Peaks of the file's audio track, null when it has none, 'undecodable' when WebCodecs cannot decode it. */
async function decodePeaks(url: string): Promise<Float32Array | null | 'undecodable'> {
  const input = await inputFor(url);
  const track = await input.getPrimaryAudioTrack();
  if (!track) return null;
  if (typeof AudioDecoder === 'undefined' || !(await track.canDecode())) return 'undecodable';
  const sink = new AudioSampleSink(track);
  let reducer: PeakReducer | null = null;
  let planes: Float32Array[] = [];
  for await (const sample of sink.samples()) {
    try {
      reducer ??= new PeakReducer(sample.sampleRate);
      if (planes.length !== sample.numberOfChannels || planes[0]!.length < sample.numberOfFrames)
        planes = Array.from(
          { length: sample.numberOfChannels },
          () => new Float32Array(sample.numberOfFrames),
        );
      for (let c = 0; c < sample.numberOfChannels; c++)
        sample.copyTo(planes[c]!, { planeIndex: c, format: 'f32-planar' });
      reducer.push(planes.map((p) => p.subarray(0, sample.numberOfFrames)));
    } finally {
      sample.close();
    }
  }
  return reducer ? reducer.result() : new Float32Array(0);
}

const thumbKey = (url: string, height: number, time: number) =>
  `https://editor-cache.invalid/thumb/${height}/${time}?src=${encodeURIComponent(url)}`;

/** JPEG thumbnails `height` px tall at these source times: from Cache Storage, else decoded in one pass. */
async function thumbnails(id: number, url: string, height: number, times: number[]) {
  const cache = await caches.open(CACHE).catch(() => null);
  const missing: number[] = [];
  for (const time of times) {
    const hit = await cache?.match(thumbKey(url, height, time)).catch(() => undefined);
    if (hit) post({ id, kind: 'thumb', time, blob: await hit.blob() });
    else missing.push(time);
  }
  if (missing.length === 0) return;
  const input = await inputFor(url);
  const track = await input.getPrimaryVideoTrack();
  if (!track || !(await track.canDecode())) return;
  const sink = new CanvasSink(track, { height, fit: 'contain' });
  const first = await track.getFirstTimestamp();
  const sorted = missing.sort((a, b) => a - b);
  let i = 0;
  for await (const wrapped of sink.canvasesAtTimestamps(sorted.map((t) => Math.max(first, t)))) {
    const time = sorted[i++]!;
    if (!wrapped) continue;
    const blob = await (wrapped.canvas as OffscreenCanvas).convertToBlob({
      type: 'image/jpeg',
      quality: 0.75,
    });
    void cache?.put(thumbKey(url, height, time), new Response(blob)).catch(() => undefined);
    post({ id, kind: 'thumb', time, blob });
  }
}

function post(reply: WorkerReply, transfer: Transferable[] = []) {
  scope.postMessage(reply, transfer);
}

scope.onmessage = async (e: MessageEvent<WorkerRequest>) => {
  const req = e.data;
  try {
    if (req.kind === 'peaks') {
      const hit = await cachedPeaks(req.url);
      if (hit !== undefined)
        return post({ id: req.id, kind: 'peaks', peaks: hit }, hit ? [hit.buffer] : []);
      const peaks = await decodePeaks(req.url);
      if (peaks === 'undecodable') return post({ id: req.id, kind: 'undecodable' });
      await storePeaks(req.url, peaks);
      return post({ id: req.id, kind: 'peaks', peaks }, peaks ? [peaks.buffer] : []);
    }
    if (req.kind === 'reduce') {
      const r = new PeakReducer(req.sampleRate);
      r.push(req.channels);
      const peaks = r.result();
      await storePeaks(req.url, peaks);
      return post({ id: req.id, kind: 'peaks', peaks }, [peaks.buffer]);
    }
    await thumbnails(req.id, req.url, req.height, req.times);
    post({ id: req.id, kind: 'done' });
  } catch (error) {
    post({
      id: req.id,
      kind: 'error',
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
