import { drawFrame } from './draw-frame';
import { buildRenderArgs, type AudioClipInput, type VideoRun } from './ffmpeg-args';
import { throwIfAborted, type FfmpegService } from './ffmpeg-service';
import { frameRuns, type Scene } from './scene';
import type { EngineJob, EngineOutput } from './webcodecs-engine';

// Everything in one ffmpeg.wasm run: each still run (image, title, black) drawn once by drawFrame and
// passed as a PNG, each video clip passed as its file (fitted by scale+pad exactly like drawFrame's
// contain), audio clips mixed by filters. Used for mov (ProRes) and wherever WebCodecs cannot encode.

const extensionOf = (blob: Blob, fallback: string) => {
  const sub = blob.type.split('/')[1]?.split(';')[0];
  return sub && /^[a-z0-9.+-]{1,12}$/.test(sub) ? sub.replace('quicktime', 'mov').replace('mpeg', 'mp3') : fallback;
};

export async function renderWithFfmpeg(job: EngineJob & { ffmpeg: FfmpegService }): Promise<EngineOutput> {
  const { input, width, height, fps, totalFrames, media, signal, onProgress } = job;
  const { format, quality } = input.settings;
  const scene: Scene = { width, height, items: input.items };
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

  onProgress(0, 'Preparing frames');
  for (const [k, run] of runs.entries()) {
    throwIfAborted(signal);
    if (run.item?.type === 'video') {
      videoRuns.push({ kind: 'video', file: fileFor(run.item.settings.url, 'src', 'mp4'), frames: run.frames });
    } else {
      drawFrame(ctx, scene, run.startFrame / fps, media);
      const png = await canvas.convertToBlob({ type: 'image/png' });
      const name = `still${k}.png`;
      files.set(name, new Uint8Array(await png.arrayBuffer()));
      videoRuns.push({ kind: 'still', file: name, frames: run.frames });
    }
  }
  // A video clip's sound reads the same file again as an audio input (its video stream is left unused).
  const audio: AudioClipInput[] = media.audio.map((clip) => ({
    file: fileFor(clip.url, 'src', 'mp3'),
    startSec: clip.start_time,
    durationSec: clip.duration,
    volume: clip.volume,
    offsetSec: clip.offset,
    fadeInSec: clip.fadeIn,
    fadeOutSec: clip.fadeOut,
  }));

  onProgress(0.05, 'Loading ffmpeg');
  const bytes = await job.ffmpeg.run(
    async (ff) => {
      for (const [name, data] of files) await ff.write(name, data);
      for (const [url, name] of sourceFile) await ff.write(name, new Uint8Array(await media.blobs.get(url)!.arrayBuffer()));
      const out = `out.${format}`;
      const args = buildRenderArgs({
        width,
        height,
        fps,
        format,
        quality,
        runs: videoRuns.map((r) => ({ ...r, file: ff.path(r.file) })),
        audio: audio.map((a) => ({ ...a, file: ff.path(a.file) })),
        output: ff.path(out),
        title: input.title,
        threads: 1,
        // Single-thread wasm x264: ultrafast renders the reference timeline about 2x faster than
        // veryfast (3.7x native instead of 7x) for about 2x the file size at the same CRF.
        x264Preset: 'ultrafast',
      });
      onProgress(0.1, 'Encoding video');
      await ff.exec(args, { durationSec: totalFrames / fps, onProgress: (f) => onProgress(0.1 + 0.88 * f, 'Encoding video') });
      for (const name of [...files.keys(), ...sourceFile.values()]) await ff.remove(name);
      return ff.read(out);
    },
    { signal },
  );
  return { bytes, engine: 'ffmpeg' };
}
