import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASPECT_RATIOS } from '../../core/constants';
import type { ProjectSettings, TimelineItem } from '../../core/editor/model';
import type { drawFrame as DrawFrame } from '../../dashboard/features/video-editor/render/draw-frame';
import type { activeVisualsAt as ActiveVisualsAt, sourceTime as SourceTime } from '../../dashboard/features/video-editor/render/scene';
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
  { id: 'sky', type: 'image', track: 'main', settings: { url: `${MEDIA_ORIGIN}/sky.png` }, start_time: 0, duration: 2 },
  { id: 'clip', type: 'video', track: 'main', settings: { url: `${MEDIA_ORIGIN}/clip.mp4`, muted: true }, start_time: 2, duration: 2, source_duration: 3, transition_in: { kind: 'crossfade', duration: 0.4 } },
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
  { id: 'title', type: 'title', track: 'overlay-2', settings: { text: 'One painter', fontSize: 64, color: '#ffffff' }, start_time: 3, duration: 1 },
  {
    id: 'cue',
    type: 'title',
    track: 'caption',
    settings: {
      text: 'what you see is what you get',
      fontSize: 56,
      color: '#ffffff',
      words: 'what you see is what you get'.split(' ').map((text, k) => ({ text, start: k * 0.3, end: k * 0.3 + 0.25 })),
    },
    start_time: 0.5,
    duration: 2,
  },
];

let dir: string;
let harness: Harness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-one-painter-'));
  const ff = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  await Promise.all([
    // Smooth pictures, like photographs and generated images (not test cards' one-pixel colour edges, which
    // 4:2:0 chroma cannot hold in any codec).
    ff('-f', 'lavfi', '-i', 'gradients=s=1280x720:c0=0x1e3a8a:c1=0xf59e0b:c2=0x10b981:nb_colors=3:seed=7', '-frames:v', '1', join(dir, 'sky.png')),
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

/** The preview's picture at each of `frames`, as PNG bytes (base64), drawn in the page the way preview-player.tsx does. */
async function previewPngs(settings: ProjectSettings, frames: number[]): Promise<string[]> {
  const modules = {
    draw: `/@fs${join(root, 'dashboard/features/video-editor/render/draw-frame.ts')}`,
    scene: `/@fs${join(root, 'dashboard/features/video-editor/render/scene.ts')}`,
  };
  return harness.page.evaluate(
    async ([m, list, s, at]) => {
      const load = new Function('u', 'return import(u)') as (u: string) => Promise<unknown>;
      const { drawFrame } = (await load(m.draw)) as { drawFrame: typeof DrawFrame };
      const { activeVisualsAt, sourceTime } = (await load(m.scene)) as { activeVisualsAt: typeof ActiveVisualsAt; sourceTime: typeof SourceTime };
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
          el.addEventListener(el instanceof HTMLVideoElement ? 'loadeddata' : 'load', resolve, { once: true });
          el.addEventListener('error', () => reject(new Error(`cannot load ${item.settings.url}`)), { once: true });
        });
        elements.set(item.id, el);
      }
      const canvas = document.createElement('canvas');
      canvas.width = s.resolution.width;
      canvas.height = s.resolution.height;
      const ctx = canvas.getContext('2d')!;
      const out: string[] = [];
      for (const frame of at) {
        const t = frame / s.fps;
        // Each video showing at t seeked to its source time first, as the paused preview is.
        for (const layer of activeVisualsAt(list, t)) {
          const el = elements.get(layer.id);
          if (!(el instanceof HTMLVideoElement) || layer.type !== 'video') continue;
          // Drawn once the seek's frame is presented (not only once 'seeked' fired, which can come first).
          const presented = new Promise<void>((resolve) => el.requestVideoFrameCallback(() => resolve()));
          const seeked = new Promise((resolve) => el.addEventListener('seeked', resolve, { once: true }));
          el.currentTime = sourceTime(layer, t);
          await seeked;
          await Promise.race([presented, new Promise((resolve) => setTimeout(resolve, 2000))]);
        }
        drawFrame(ctx, { width: canvas.width, height: canvas.height, items: list, fps: s.fps }, t, { frameFor: (item) => elements.get(item.id) ?? null });
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        out.push(btoa(binary));
      }
      return out;
    },
    [modules, items, settings, frames] as const,
  );
}

describe.each(ASPECT_RATIOS.map((a) => [a.id, a] as const))('the %s preset: preview equals export', (_id, preset) => {
  const settings: ProjectSettings = { aspectRatio: preset.id, resolution: { width: preset.width, height: preset.height }, fps: FPS, format: 'mp4', quality: 'high' };
  const name = preset.id.replace(':', 'x');

  it(`has PSNR of at least 40 dB at each of 20 times (${preset.width}x${preset.height})`, async () => {
    const result = await harness.render({ items, settings, title: 'One painter' }, 'webcodecs');
    const mp4 = join(dir, `${name}.mp4`);
    await writeFile(mp4, Buffer.from(result.base64!, 'base64'));
    const pngs = await previewPngs(settings, FRAMES);
    await Promise.all(pngs.map((png, k) => writeFile(join(dir, `${name}-preview-${String(k).padStart(2, '0')}.png`), Buffer.from(png, 'base64'))));
    // The export's frames at the same indices, as the native ffmpeg decodes them (its colour tags honoured).
    const pick = FRAMES.map((f) => `eq(n\\,${f})`).join('+');
    await run('ffmpeg', ['-v', 'error', '-y', '-i', mp4, '-vf', `select=${pick}`, '-vsync', '0', '-start_number', '0', join(dir, `${name}-export-%02d.png`)]);
    expect((await readdir(dir)).filter((f) => f.startsWith(`${name}-export-`))).toHaveLength(FRAMES.length);
    const stats = await run('ffmpeg', [
      '-v',
      'error',
      '-framerate',
      '1',
      '-i',
      join(dir, `${name}-export-%02d.png`),
      '-framerate',
      '1',
      '-i',
      join(dir, `${name}-preview-%02d.png`),
      '-lavfi',
      '[0:v]format=rgb24[a];[1:v]format=rgb24[b];[a][b]psnr=stats_file=-',
      '-f',
      'null',
      '-',
    ]);
    const psnr = [...stats.toString().matchAll(/psnr_avg:(inf|[\d.]+)/g)].map((m) => (m[1] === 'inf' ? Infinity : Number(m[1])));
    expect(psnr).toHaveLength(FRAMES.length);
    const worst = Math.min(...psnr);
    expect(worst, `PSNR by time: ${psnr.map((p, k) => `${FRAMES[k]}:${p.toFixed(1)}`).join(' ')}`).toBeGreaterThanOrEqual(40);
  });
});
