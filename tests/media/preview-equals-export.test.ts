import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASPECT_RATIOS } from '../../core/constants';
import type { ProjectSettings, TimelineItem } from '../../core/editor/model';
import type { drawFrame as DrawFrame } from '../../dashboard/features/video-editor/render/draw-frame';
import type {
  activeVisualsAt as ActiveVisualsAt,
  sourceTime as SourceTime,
} from '../../dashboard/features/video-editor/render/scene';
import { MEDIA_ORIGIN, root, run, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';

// One painter: what the preview shows is what the export holds. For each aspect-ratio preset, at its own
// size, the preview's picture (drawFrame on a canvas with <img> and <video> elements seeked to the time, as
// preview-player.tsx draws) against the frame the native ffmpeg decodes from the WebCodecs mp4, at 20 times:
// PSNR over RGB at least 40 dB at each. The timeline has what the painter does: a still, a crossfade into a
// moving video clip, a picture overlay fading in by keyframes, a title and a caption cue with its spoken word.
// Times are frames 3, 9, ... 117 at 30 fps; the clip is 25 fps, so no time falls on one of its frame edges.

const FPS = 30;
const FRAMES = [...Array(20).keys()].map((j) => 3 + 6 * j);

const items: TimelineItem[] = [
  {
    id: 'sky',
    type: 'image',
    track: 'main',
    settings: { url: `${MEDIA_ORIGIN}/sky.png` },
    start_time: 0,
    duration: 2,
  },
  {
    id: 'clip',
    type: 'video',
    track: 'main',
    settings: { url: `${MEDIA_ORIGIN}/clip.mp4`, muted: true },
    start_time: 2,
    duration: 2,
    source_duration: 3,
    transition_in: { kind: 'crossfade', duration: 0.4 },
  },
  {
    id: 'badge',
    type: 'image',
    track: 'overlay-1',
    settings: { url: `${MEDIA_ORIGIN}/badge.png` },
    start_time: 1,
    duration: 2,
    keyframes: {
      opacity: [
        { frame: 0, value: 0, easing: 'ease-in-out' },
        { frame: 30, value: 100, easing: 'linear' },
      ],
    },
  },
  {
    id: 'title',
    type: 'title',
    track: 'overlay-2',
    settings: { text: 'One painter', fontSize: 64, color: '#ffffff' },
    start_time: 3,
    duration: 1,
  },
  {
    id: 'cue',
    type: 'title',
    track: 'caption',
    settings: {
      text: 'what you see is what you get',
      fontSize: 56,
      color: '#ffffff',
      words: 'what you see is what you get'
        .split(' ')
        .map((text, k) => ({ text, start: k * 0.3, end: k * 0.3 + 0.25 })),
    },
    start_time: 0.5,
    duration: 2,
  },
];

let dir: string;
let harness: Harness;

beforeAll(async () => {
  // Under the repository, where the harness's dev server serves files (/@fs/...) to the page over HTTP.
  await mkdir(join(root, '.local'), { recursive: true });
  dir = await mkdtemp(join(root, '.local', 'muse-one-painter-'));
  const ff = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  await Promise.all([
    // Smooth pictures, like photographs and generated images (not test cards' one-pixel colour edges, which
    // 4:2:0 chroma cannot hold in any codec).
    ff(
      '-f',
      'lavfi',
      '-i',
      'gradients=s=1280x720:c0=0x1e3a8a:c1=0xf59e0b:c2=0x10b981:nb_colors=3:seed=7',
      '-frames:v',
      '1',
      join(dir, 'sky.png'),
    ),
    ff(
      '-f',
      'lavfi',
      '-i',
      'gradients=s=320x320:c0=0xffffff:c1=0xec4899:nb_colors=2:seed=3',
      '-vf',
      'geq=r=r(X\\,Y):g=g(X\\,Y):b=b(X\\,Y):a=if(lt(hypot(X-160\\,Y-160)\\,150)\\,255\\,0),format=rgba',
      '-frames:v',
      '1',
      join(dir, 'badge.png'),
    ),
    ff(
      '-f',
      'lavfi',
      '-i',
      'gradients=s=640x360:r=25:d=3:speed=0.02:c0=0x7c3aed:c1=0x22d3ee:c2=0xfde68a:nb_colors=3:seed=11',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '16',
      '-pix_fmt',
      'yuv420p',
      join(dir, 'clip.mp4'),
    ),
  ]);
  harness = await openSharedHarness(dir);
});

afterAll(async () => {
  await harness?.close();
  if (dir && !process.env.MEDIA_KEEP) await rm(dir, { recursive: true, force: true });
});

/**
 * PSNR in dB at each of `frames` between the preview's picture, drawn in the page the way preview-player.tsx
 * does, and the export's frame of the same index in `exported` (packed 8-bit RGB, frame after frame, as the
 * native ffmpeg decoded it), over every RGB sample (as ffmpeg's psnr filter's psnr_avg for rgb24). The page
 * fetches the decoded frames from the harness's dev server and compares there: no picture crosses the
 * DevTools protocol, and none is encoded to PNG and decoded again (that took about half of this test's time).
 */
async function previewPsnr(
  settings: ProjectSettings,
  frames: number[],
  exported: string,
): Promise<number[]> {
  const modules = {
    draw: `/@fs${join(root, 'dashboard/features/video-editor/render/draw-frame.ts')}`,
    scene: `/@fs${join(root, 'dashboard/features/video-editor/render/scene.ts')}`,
  };
  return harness.page.evaluate(
    async ([m, list, s, at, exportUrl]) => {
      const load = new Function('u', 'return import(u)') as (u: string) => Promise<unknown>;
      const { drawFrame } = (await load(m.draw)) as { drawFrame: typeof DrawFrame };
      const { activeVisualsAt, sourceTime } = (await load(m.scene)) as {
        activeVisualsAt: typeof ActiveVisualsAt;
        sourceTime: typeof SourceTime;
      };
      const response = await fetch(exportUrl);
      if (!response.ok) throw new Error(`cannot fetch the decoded export: ${response.status}`);
      const rgb = new Uint8Array(await response.arrayBuffer());
      const size = s.resolution.width * s.resolution.height * 3;
      if (rgb.length !== size * at.length)
        throw new Error(`the decoded export holds ${rgb.length / size} frames, not ${at.length}`);
      const elements = new Map<string, HTMLImageElement | HTMLVideoElement>();
      for (const item of list) {
        if (item.type !== 'image' && item.type !== 'video') continue;
        const el = item.type === 'image' ? new Image() : document.createElement('video');
        el.crossOrigin = 'anonymous';
        if (el instanceof HTMLVideoElement) {
          el.muted = true;
          // On the page and painted, as the preview's are, so a seek presents its frame (and says so).
          el.style.cssText = 'position:fixed;left:0;top:0;width:16px;height:16px';
          document.body.append(el);
        }
        el.src = item.settings.url;
        await new Promise((resolve, reject) => {
          el.addEventListener(el instanceof HTMLVideoElement ? 'loadeddata' : 'load', resolve, {
            once: true,
          });
          el.addEventListener(
            'error',
            () => reject(new Error(`cannot load ${item.settings.url}`)),
            { once: true },
          );
        });
        elements.set(item.id, el);
      }
      const canvas = document.createElement('canvas');
      canvas.width = s.resolution.width;
      canvas.height = s.resolution.height;
      const ctx = canvas.getContext('2d')!;
      const out: number[] = [];
      for (const frame of at) {
        const t = frame / s.fps;
        // Each video showing at t seeked to its source time first, as the paused preview is.
        for (const layer of activeVisualsAt(list, t)) {
          const el = elements.get(layer.id);
          if (!(el instanceof HTMLVideoElement) || layer.type !== 'video') continue;
          // Drawn once the seek's frame is presented (not only once 'seeked' fired, which can come first).
          const presented = new Promise<void>((resolve) =>
            el.requestVideoFrameCallback(() => resolve()),
          );
          const seeked = new Promise((resolve) =>
            el.addEventListener('seeked', resolve, { once: true }),
          );
          el.currentTime = sourceTime(layer, t);
          await seeked;
          await Promise.race([presented, new Promise((resolve) => setTimeout(resolve, 2000))]);
        }
        drawFrame(ctx, { width: canvas.width, height: canvas.height, items: list, fps: s.fps }, t, {
          frameFor: (item) => elements.get(item.id) ?? null,
        });
        const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        let sum = 0;
        for (let i = 0, o = out.length * size; i < rgba.length; i += 4, o += 3) {
          const r = rgba[i]! - rgb[o]!;
          const g = rgba[i + 1]! - rgb[o + 1]!;
          const b = rgba[i + 2]! - rgb[o + 2]!;
          sum += r * r + g * g + b * b;
        }
        out.push(sum === 0 ? Infinity : 10 * Math.log10((255 * 255 * size) / sum));
      }
      return out;
    },
    [modules, items, settings, frames, exported] as const,
  );
}

describe.each(ASPECT_RATIOS.map((a) => [a.id, a] as const))(
  'the %s preset: preview equals export',
  (_id, preset) => {
    const settings: ProjectSettings = {
      aspectRatio: preset.id,
      resolution: { width: preset.width, height: preset.height },
      fps: FPS,
      format: 'mp4',
      quality: 'high',
    };
    const name = preset.id.replace(':', 'x');

    it(`has PSNR of at least 40 dB at each of 20 times (${preset.width}x${preset.height})`, async () => {
      const result = await harness.render({ items, settings, title: 'One painter' }, 'webcodecs');
      const mp4 = join(dir, `${name}.mp4`);
      await writeFile(mp4, Buffer.from(result.base64!, 'base64'));
      // The export's frames at the same indices, as the native ffmpeg decodes them (its colour tags honoured).
      const pick = FRAMES.map((f) => `eq(n\\,${f})`).join('+');
      const decoded = join(dir, `${name}-export.rgb`);
      await run('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-i',
        mp4,
        '-vf',
        `select=${pick}`,
        '-vsync',
        '0',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        decoded,
      ]);
      const psnr = await previewPsnr(settings, FRAMES, `/@fs${decoded}`);
      expect(psnr).toHaveLength(FRAMES.length);
      const worst = Math.min(...psnr);
      expect(
        worst,
        `PSNR by time: ${psnr.map((p, k) => `${FRAMES[k]}:${p.toFixed(1)}`).join(' ')}`,
      ).toBeGreaterThanOrEqual(40);
    });
  },
);
