import { drawFrame, titleScale } from './draw-frame';
import type { VisualItem } from '@core/editor/model';
import { isAnimated, transformAt, type Transform } from '../model/keyframes';
import {
  buildRenderArgs,
  type AudioClipInput,
  type LayerMove,
  type OverlayLayer,
  type RunTransition,
  type VideoRun,
} from './ffmpeg-args';
import { throwIfAborted, type FfmpegService } from './ffmpeg-service';
import { frameRuns, sourceTime, transitionAt, type Scene } from './scene';
import type { EngineJob, EngineOutput } from './engine-job';

// Everything in one ffmpeg.wasm run: each run of frames showing the same layers is its bottom layer
// plus the layers over it. Still layers (images, titles, black) are drawn once by drawFrame and passed as
// PNGs (those over a video without the black background, so transparent where they draw nothing); each
// video clip is passed as its file from where the run starts in it (its in-point and the time since its
// start), fitted by scale+pad exactly like drawFrame's contain; ffmpeg's overlay lays them bottom up.
// A picture moving by keyframes (model/keyframes.ts) is drawn by drawFrame frame by frame into a PNG
// sequence; where a video shows, a video with keyframes is faded, turned and scaled by filters and laid on
// by overlay at x and y that follow its path frame by frame (on black when it is the bottom layer), while a
// still over a video keeps the run's first frame (the WebCodecs export draws all of them).
// Audio clips are mixed by filters. Used for mov (ProRes) and wherever WebCodecs cannot encode.

/** Whether a clip's picture is keyframed (position, scale, rotation or opacity). */
const isMoved = isAnimated;

/**
 * Points of one coordinate of a path, a frame apart: only the first, the last and those where the path
 * bends are kept (a linear stretch between two keyframes is one straight line for overlay's expression).
 */
function bends(values: readonly number[], fps: number): LayerMove['x'] {
  const out: { t: number; gain: number }[] = [];
  values.forEach((v, k) => {
    const prev = values[k - 1];
    const next = values[k + 1];
    if (prev === undefined || next === undefined || Math.abs(next - v - (v - prev)) > 1e-6)
      out.push({ t: k / fps, gain: Math.round(v * 1000) / 1000 });
  });
  return out;
}

/** A video clip's speed for the argument builders (absent at 1). */
const speedOf = (item: VisualItem) => (item.speed && item.speed !== 1 ? { speed: item.speed } : {});

const extensionOf = (blob: Blob, fallback: string) => {
  const sub = blob.type.split('/')[1]?.split(';')[0];
  return sub && /^[a-z0-9.+-]{1,12}$/.test(sub)
    ? sub.replace('quicktime', 'mov').replace('mpeg', 'mp3')
    : fallback;
};

export async function renderWithFfmpeg(
  job: EngineJob & { ffmpeg: FfmpegService },
): Promise<EngineOutput> {
  const { input, width, height, fps, totalFrames, media, signal, onProgress } = job;
  const { format, quality } = input.settings;
  const scene: Scene = {
    width,
    height,
    items: input.items,
    fps,
    captionStyle: input.settings.captionStyle,
  };
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { alpha: false });
  if (!ctx) throw new Error('No 2D canvas context');

  const runs = frameRuns(input.items, fps, totalFrames);
  const files = new Map<string, Uint8Array>();
  const videoRuns: VideoRun[] = [];
  const sourceFile = new Map<string, string>();
  const fileFor = (url: string, prefix: string, fallbackExt: string) => {
    let name = sourceFile.get(url);
    if (!name) {
      const blob = media.blobs.get(url)!;
      name = `${prefix}${sourceFile.size}.${extensionOf(blob, fallbackExt)}`;
      sourceFile.set(url, name);
    }
    return name;
  };

  // Layers over a video are drawn on a canvas with alpha.
  const layerCanvas = new OffscreenCanvas(width, height);
  const layerCtx = layerCanvas.getContext('2d');
  if (!layerCtx) throw new Error('No 2D canvas context');
  const still = async (
    name: string,
    items: readonly VisualItem[] | null,
    t: number,
    opts: { background?: boolean } = { background: false },
  ) => {
    const alpha = items && opts.background === false;
    if (items) drawFrame(alpha ? layerCtx : ctx, { ...scene, items }, t, media, opts);
    else drawFrame(ctx, scene, t, media);
    const png = await (alpha ? layerCanvas : canvas).convertToBlob({ type: 'image/png' });
    files.set(name, new Uint8Array(await png.arrayBuffer()));
    return name;
  };
  // A video with keyframes: its transform at each frame of the run, as drawFrame applies it: the offset in
  // output pixels (x and y are pixels of a frame whose shorter side is 1080), the scale factor, the rotation
  // in degrees and the opacity; only the keyframed properties (a path always has x and y).
  const moveOf = (item: VisualItem, t: number, frames: number): { move?: LayerMove } => {
    if (!isMoved(item)) return {};
    const unit = titleScale(width, height);
    const at = Array.from({ length: frames }, (_, k) => transformAt(item, t + k / fps, fps));
    const k = item.keyframes ?? {};
    const path = (f: (tf: Transform) => number) => bends(at.map(f), fps);
    // A property keyframed at its neutral value all through the run adds no filter (a rotation held at 0).
    const changes = (f: (tf: Transform) => number, neutral: number) =>
      at.some((tf) => Math.abs(f(tf) - neutral) > 1e-6);
    const moved = !!(k.x?.length || k.y?.length);
    return {
      move: {
        ...(moved && { x: path((tf) => tf.x * unit), y: path((tf) => tf.y * unit) }),
        ...(k.scale?.length && changes((tf) => tf.scale, 1) && { scale: path((tf) => tf.scale) }),
        ...(k.rotation?.length &&
          changes((tf) => tf.rotation, 0) && { rotation: path((tf) => tf.rotation) }),
        ...(k.opacity?.length &&
          changes((tf) => tf.opacity, 1) && { opacity: path((tf) => tf.opacity) }),
      },
    };
  };
  // One clip of a transition on its own, on black: a video from where it is at t, a still drawn once.
  const transitionSide = async (
    item: VisualItem,
    name: string,
    t: number,
  ): Promise<RunTransition['to']> =>
    item.type === 'video'
      ? {
          kind: 'video',
          file: fileFor(item.settings.url, 'src', 'mp4'),
          startSec: sourceTime(item, t),
          ...speedOf(item),
        }
      : { kind: 'still', file: await still(name, [item], item.start_time, {}) };

  onProgress(0, 'Preparing frames');
  for (const [k, run] of runs.entries()) {
    throwIfAborted(signal);
    const t = run.startFrame / fps;
    const firstVideo = run.layers.findIndex((l) => l.type === 'video');
    if (firstVideo < 0) {
      // A picture moving by keyframes is its own run every frame: consecutive ones go in as one PNG sequence.
      if (run.layers.some(isAnimated)) {
        const last = videoRuns[videoRuns.length - 1];
        const seq =
          last?.kind === 'frames' && runs[k - 1]?.startFrame === run.startFrame - 1 ? last : null;
        const name = seq ? seq.file : `anim${k}_%05d.png`;
        await still(name.replace('%05d', String(seq ? seq.frames : 0).padStart(5, '0')), null, t);
        if (seq) seq.frames += run.frames;
        else videoRuns.push({ kind: 'frames', file: name, frames: run.frames });
        continue;
      }
      videoRuns.push({
        kind: 'still',
        file: await still(`still${k}.png`, null, t),
        frames: run.frames,
      });
      continue;
    }
    const running = transitionAt(input.items, t);
    if (running && run.layers[0] === running.transition.from) {
      // A transition: its two clips mixed by xfade over the whole transition, the layers above laid on.
      const { from, to, kind, start, duration } = running.transition;
      const first = Math.ceil(start * fps - 1e-6);
      const base = await transitionSide(from, `still${k}-from.png`, t);
      const transition: RunTransition = {
        kind,
        frames: Math.round(duration * fps),
        intoFrames: run.startFrame - first,
        to: await transitionSide(to, `still${k}-to.png`, t),
      };
      const over = run.layers.slice(2);
      const overlays: OverlayLayer[] = [];
      for (const layer of over) {
        if (layer.type === 'video')
          overlays.push({
            kind: 'video',
            file: fileFor(layer.settings.url, 'src', 'mp4'),
            startSec: sourceTime(layer, t),
            ...speedOf(layer),
            ...moveOf(layer, t, run.frames),
          });
        else
          overlays.push({
            kind: 'still',
            file: await still(`still${k}-${overlays.length}.png`, [layer], t),
          });
      }
      videoRuns.push({
        ...base,
        frames: run.frames,
        transition,
        ...(overlays.length && { overlays }),
      });
      continue;
    }
    const bottom = run.layers[0]!;
    // A bottom video moved by keyframes is laid on black like the videos over it.
    const movedBase = firstVideo === 0 && isMoved(bottom);
    const base: VideoRun = movedBase
      ? { kind: 'still', file: await still(`black${k}.png`, [], t, {}), frames: run.frames }
      : firstVideo === 0 && bottom.type === 'video'
        ? {
            kind: 'video',
            file: fileFor(bottom.settings.url, 'src', 'mp4'),
            frames: run.frames,
            startSec: sourceTime(bottom, t),
            ...speedOf(bottom),
          }
        : {
            kind: 'still',
            file: await still(`still${k}.png`, run.layers.slice(0, firstVideo), t),
            frames: run.frames,
          };
    // Over the base, bottom up: each video, and each stretch of still layers between them as one PNG.
    const overlays: OverlayLayer[] = [];
    let stills: VisualItem[] = [];
    const flush = async () => {
      if (stills.length)
        overlays.push({
          kind: 'still',
          file: await still(`still${k}-${overlays.length}.png`, stills, t),
        });
      stills = [];
    };
    for (const layer of run.layers.slice(firstVideo === 0 && !movedBase ? 1 : firstVideo)) {
      if (layer.type !== 'video') {
        stills.push(layer);
        continue;
      }
      await flush();
      overlays.push({
        kind: 'video',
        file: fileFor(layer.settings.url, 'src', 'mp4'),
        startSec: sourceTime(layer, t),
        ...speedOf(layer),
        ...moveOf(layer, t, run.frames),
      });
    }
    await flush();
    videoRuns.push(overlays.length ? { ...base, overlays } : base);
  }
  // A video clip's sound reads the same file again as an audio input (its video stream is left unused).
  const audio: AudioClipInput[] = media.audio.map((clip) => ({
    file: fileFor(clip.url, 'src', 'mp3'),
    startSec: clip.start_time,
    durationSec: clip.duration,
    volume: clip.volume,
    offsetSec: clip.offset,
    ...(clip.speed && { speed: clip.speed }),
    fadeInSec: clip.fadeIn,
    fadeOutSec: clip.fadeOut,
    ...(clip.envelope && {
      envelope: clip.envelope.map((p) => ({ t: p.t - clip.start_time, gain: p.gain })),
    }),
  }));

  onProgress(0.05, 'Loading ffmpeg');
  const bytes = await job.ffmpeg.run(
    async (ff) => {
      for (const [name, data] of files) await ff.write(name, data);
      // The source files are mounted, read by ffmpeg as it goes: not copied into the worker's memory.
      if (sourceFile.size)
        await ff.mount(
          [...sourceFile].map(([url, name]) => ({ name, data: media.blobs.get(url)! })),
        );
      const out = `out.${format}`;
      const args = buildRenderArgs({
        width,
        height,
        fps,
        format,
        quality,
        runs: videoRuns.map((r) => ({
          ...r,
          file: ff.path(r.file),
          overlays: r.overlays?.map((o) => ({ ...o, file: ff.path(o.file) })),
          ...(r.transition && {
            transition: {
              ...r.transition,
              to: { ...r.transition.to, file: ff.path(r.transition.to.file) },
            },
          }),
        })),
        audio: audio.map((a) => ({ ...a, file: ff.path(a.file) })),
        output: ff.path(out),
        title: input.title,
        threads: 1,
        // Single-thread wasm x264: ultrafast renders the reference timeline about 2x faster than
        // veryfast (3.7x native instead of 7x) for about 2x the file size at the same CRF.
        x264Preset: 'ultrafast',
      });
      onProgress(0.1, 'Encoding video');
      await ff.exec(args, {
        durationSec: totalFrames / fps,
        onProgress: (f) => onProgress(0.1 + 0.88 * f, 'Encoding video'),
      });
      for (const name of files.keys()) await ff.remove(name);
      return ff.read(out);
    },
    { signal },
  );
  return { bytes, engine: 'ffmpeg' };
}
