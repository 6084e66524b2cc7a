import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSettings, TimelineItem } from '../../core/editor/model';
import { MEDIA_ORIGIN, run, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';
import { frameAt } from './support/probe';

// A video clip moved by keyframes, exported by both engines: a full-frame red video moves right from 0 to
// 540 reference pixels over its first 30 frames (90 px on a frame 180 px high; 45 px at frame 15) and
// holds there. From 0 to 2 s it is the main track's only clip (black shows where it moved from); from 2
// to 4 s the same clip is on Overlay 1 over a blue still.

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
const near = (rgb: readonly number[], want: readonly number[]) =>
  rgb.every((c, i) => Math.abs(c - want[i]!) <= 24);
const keyframes = {
  x: [
    { frame: 0, value: 0, easing: 'linear' as const },
    { frame: 30, value: 540, easing: 'linear' as const },
  ],
};
const items: TimelineItem[] = [
  {
    id: 'main',
    type: 'video',
    settings: { url: `${MEDIA_ORIGIN}/red.mp4` },
    start_time: 0,
    duration: 2,
    track: 'main',
    keyframes,
  },
  {
    id: 'blue',
    type: 'image',
    settings: { url: `${MEDIA_ORIGIN}/blue.png` },
    start_time: 2,
    duration: 2,
    track: 'main',
  },
  {
    id: 'over',
    type: 'video',
    settings: { url: `${MEDIA_ORIGIN}/red.mp4` },
    start_time: 2,
    duration: 2,
    track: 'overlay-1',
    keyframes,
  },
];

let dir: string;
let harness: Harness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-video-move-'));
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

describe.each(['webcodecs', 'ffmpeg'] as const)('a keyframed video exported with %s', (engine) => {
  let out: string;
  beforeAll(async () => {
    const result = await harness.render({ items, settings, title: 'Moving video' }, engine);
    out = join(dir, `video-move-${engine}.mp4`);
    await writeFile(out, Buffer.from(result.base64!, 'base64'));
  });

  it.each([
    // [frame, x that shows what is under the clip, x that shows the clip, what is under it]
    [0, null, 20, [0, 0, 0]],
    [15, 20, 70, [0, 0, 0]],
    [45, 60, 120, [0, 0, 0]],
    [60 + 15, 20, 70, [0, 0, 255]],
    [60 + 45, 60, 120, [0, 0, 255]],
  ] as const)(
    'frame %s: moved right by its keyframed position',
    async (frame, under, on, below) => {
      const px = await frameAt(out, mid(frame), W, H);
      if (under !== null)
        expect(
          near(px(under, H / 2), below),
          `frame ${frame} x=${under}: ${px(under, H / 2).join(',')}`,
        ).toBe(true);
      expect(
        near(px(on, H / 2), [255, 0, 0]),
        `frame ${frame} x=${on}: ${px(on, H / 2).join(',')}`,
      ).toBe(true);
    },
  );
});
