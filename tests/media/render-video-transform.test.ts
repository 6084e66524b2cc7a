import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSettings, TimelineItem } from '../../core/editor/model';
import { valueAt } from '../../dashboard/features/video-editor/model/keyframes';
import { MEDIA_ORIGIN, run, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';
import { frameAt } from './support/probe';

// A video clip scaled, turned and faded by keyframes, exported by both engines: at the keyframes (and
// half way, for the easing) each export shows what the preview's painter draws.
// 0-2 s: a full-frame red video alone on the main track (on black), scaled from 100% to 50% by frame 30
//   with ease in-out (75% half way), then held: 320x180, 240x135, 160x90.
// 2-4 s: the same video on Overlay 1 over a blue still, at 50% (160x90), turned from 0 to 90 degrees by
//   frame 30: half way (45 degrees) the centre row and column cross 2 * min(80 / cos, 45 / sin) = 127 px
//   of it; from frame 30 it stands 90 px wide and 160 px tall.
// 4-6 s: the same video on Overlay 1 over the blue still, faded from 100% to 25% opacity by frame 30 with
//   ease in (about 76% half way): its pixels are red and blue mixed by the opacity.

const W = 320;
const H = 180;
const FPS = 30;
const settings: ProjectSettings = {
  aspectRatio: '16:9',
  resolution: { width: W, height: H },
  fps: FPS,
  format: 'mp4',
  quality: 'high',
};
const mid = (frame: number) => Math.max(0, (frame - 0.25) / FPS);
const red = `${MEDIA_ORIGIN}/red.mp4`;
const faded: TimelineItem = {
  id: 'faded',
  type: 'video',
  settings: { url: red },
  start_time: 4,
  duration: 2,
  track: 'overlay-1',
  keyframes: {
    opacity: [
      { frame: 0, value: 100, easing: 'ease-in' },
      { frame: 30, value: 25, easing: 'linear' },
    ],
  },
};
const items: TimelineItem[] = [
  {
    id: 'scaled',
    type: 'video',
    settings: { url: red },
    start_time: 0,
    duration: 2,
    track: 'main',
    keyframes: {
      scale: [
        { frame: 0, value: 100, easing: 'ease-in-out' },
        { frame: 30, value: 50, easing: 'linear' },
      ],
    },
  },
  {
    id: 'blue',
    type: 'image',
    settings: { url: `${MEDIA_ORIGIN}/blue.png` },
    start_time: 2,
    duration: 4,
    track: 'main',
  },
  {
    id: 'turned',
    type: 'video',
    settings: { url: red },
    start_time: 2,
    duration: 2,
    track: 'overlay-1',
    keyframes: {
      scale: [{ frame: 0, value: 50, easing: 'linear' }],
      rotation: [
        { frame: 0, value: 0, easing: 'linear' },
        { frame: 30, value: 90, easing: 'linear' },
      ],
    },
  },
  faded,
];

const isRed = ([r, g, b]: readonly [number, number, number]) => r > 128 && g < 96 && b < 128;

/** How many red pixels the frame's centre row and centre column cross. */
async function redExtent(file: string, frame: number): Promise<{ width: number; height: number }> {
  const px = await frameAt(file, mid(frame), W, H);
  let width = 0;
  let height = 0;
  for (let x = 0; x < W; x++) if (isRed(px(x, H / 2))) width++;
  for (let y = 0; y < H; y++) if (isRed(px(W / 2, y))) height++;
  return { width, height };
}

let dir: string;
let harness: Harness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-video-transform-'));
  const ff = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  await Promise.all([
    ff(
      '-f',
      'lavfi',
      '-i',
      `color=c=red:s=${W}x${H}:r=${FPS}:d=2`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      join(dir, 'red.mp4'),
    ),
    ff('-f', 'lavfi', '-i', `color=c=blue:s=${W}x${H}`, '-frames:v', '1', join(dir, 'blue.png')),
  ]);
  harness = await openSharedHarness(dir);
});

afterAll(async () => {
  await harness?.close();
  if (dir && !process.env.MEDIA_KEEP) await rm(dir, { recursive: true, force: true });
});

describe.each(['webcodecs', 'ffmpeg'] as const)(
  'a scaled, turned and faded video exported with %s',
  (engine) => {
    let out: string;
    beforeAll(async () => {
      const result = await harness.render({ items, settings, title: 'Transformed video' }, engine);
      out = join(dir, `video-transform-${engine}.mp4`);
      await writeFile(out, Buffer.from(result.base64!, 'base64'));
    });

    it.each([
      [0, 320, 180],
      [15, 240, 135],
      [30, 160, 90],
      [45, 160, 90],
    ] as const)(
      'frame %s: the video is scaled about the centre to %sx%s',
      async (frame, width, height) => {
        const got = await redExtent(out, frame);
        expect(
          Math.abs(got.width - width),
          `frame ${frame} width ${got.width}`,
        ).toBeLessThanOrEqual(4);
        expect(
          Math.abs(got.height - height),
          `frame ${frame} height ${got.height}`,
        ).toBeLessThanOrEqual(4);
      },
    );

    it.each([
      [60, 160, 90],
      [60 + 15, 127, 127],
      [60 + 30, 90, 160],
      [60 + 45, 90, 160],
    ] as const)(
      'frame %s: the video is turned about the centre (%s px across, %s px down)',
      async (frame, width, height) => {
        const got = await redExtent(out, frame);
        expect(
          Math.abs(got.width - width),
          `frame ${frame} width ${got.width}`,
        ).toBeLessThanOrEqual(4);
        expect(
          Math.abs(got.height - height),
          `frame ${frame} height ${got.height}`,
        ).toBeLessThanOrEqual(4);
      },
    );

    it.each([120, 120 + 15, 120 + 30, 120 + 45])(
      'frame %s: the video over blue at its keyframed opacity',
      async (frame) => {
        const opacity = valueAt(faded, 'opacity', frame / FPS, FPS) / 100;
        const want = [255 * opacity, 0, 255 * (1 - opacity)];
        const px = await frameAt(out, mid(frame), W, H);
        const got = px(W / 2, H / 2);
        expect(
          got.every((c, i) => Math.abs(c - want[i]!) <= 24),
          `frame ${frame}: ${got.join(',')} for opacity ${opacity.toFixed(3)}`,
        ).toBe(true);
      },
    );
  },
);
