import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSettings, TimelineItem } from '../../core/editor/model';
import { MEDIA_ORIGIN, run, writePictureFixtures, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';
import { audioRms, frameAt } from './support/probe';

// Keyframes exported by both engines: the red still at 50% opacity held until frame 30, then whole; from
// frame 30 it holds its place until frame 45 and then moves right towards 540 reference pixels at frame 60
// (90 px on a frame 180 px high; 84 px at its last frame, 59); a tone at 0 dB held until 1 s, then at -20 dB.

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
const items: TimelineItem[] = [
  {
    id: 'red',
    type: 'image',
    settings: { url: `${MEDIA_ORIGIN}/red.png` },
    start_time: 0,
    duration: 2,
    track: 'main',
    keyframes: {
      opacity: [
        { frame: 0, value: 50, easing: 'hold' },
        { frame: 30, value: 100, easing: 'linear' },
      ],
      x: [
        { frame: 45, value: 0, easing: 'linear' },
        { frame: 60, value: 540, easing: 'linear' },
      ],
    },
  },
  {
    id: 'tone',
    type: 'audio',
    settings: { url: `${MEDIA_ORIGIN}/tone.mp3`, volume: 1 },
    start_time: 0,
    duration: 2,
    track: 'audio-1',
    keyframes: {
      volume: [
        { frame: 0, value: 0, easing: 'hold' },
        { frame: 30, value: -20, easing: 'linear' },
      ],
    },
  },
];

let dir: string;
let harness: Harness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-keyframes-'));
  await Promise.all([
    writePictureFixtures(dir, W, H),
    run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=f=1000:d=2',
      '-af',
      'volume=2',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '192k',
      join(dir, 'tone.mp3'),
    ]),
  ]);
  harness = await openSharedHarness(dir);
});

afterAll(async () => {
  await harness?.close();
  if (dir && !process.env.MEDIA_KEEP) await rm(dir, { recursive: true, force: true });
});

describe.each(['webcodecs', 'ffmpeg'] as const)('keyframes exported with %s', (engine) => {
  let out: string;
  beforeAll(async () => {
    const result = await harness.render({ items, settings, title: 'Keyframes' }, engine);
    out = join(dir, `keyframes-${engine}.mp4`);
    await writeFile(out, Buffer.from(result.base64!, 'base64'));
  });

  it('draws the keyframed opacity at its frames', async () => {
    const held = await frameAt(out, mid(15), W, H);
    expect(near(held(W / 2, H / 2), [128, 0, 0]), `frame 15 ${held(W / 2, H / 2).join(',')}`).toBe(
      true,
    );
    const whole = await frameAt(out, mid(40), W, H);
    expect(
      near(whole(W / 2, H / 2), [255, 0, 0]),
      `frame 40 ${whole(W / 2, H / 2).join(',')}`,
    ).toBe(true);
    expect(near(whole(20, H / 2), [255, 0, 0]), `frame 40 left ${whole(20, H / 2).join(',')}`).toBe(
      true,
    );
  });

  it('draws the keyframed position at its frame', async () => {
    // Frame 59: 84 px right, black at its left.
    const moved = await frameAt(out, mid(59), W, H);
    expect(near(moved(40, H / 2), [0, 0, 0]), `left ${moved(40, H / 2).join(',')}`).toBe(true);
    expect(near(moved(200, H / 2), [255, 0, 0]), `right ${moved(200, H / 2).join(',')}`).toBe(true);
  });

  it('applies the volume envelope: 20 dB down after its keyframe', async () => {
    const db = 20 * Math.log10((await audioRms(out, 1.2, 1.8)) / (await audioRms(out, 0.2, 0.8)));
    expect(db).toBeGreaterThan(-21);
    expect(db).toBeLessThan(-19);
  });
});
