import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSettings, TimelineItem } from '../../core/editor/model';
import { MEDIA_ORIGIN, writePictureFixtures, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';
import { frameAt } from './support/probe';

// A crossfade between the red still and the square clip (lime until 0.5 s, then blue), 10 frames centred
// on the cut at 1 s, exported by both engines: the clip comes in from its own source before its in-point.

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
  rgb.every((c, i) => Math.abs(c - want[i]!) <= 40);
const items: TimelineItem[] = [
  {
    id: 'red',
    type: 'image',
    settings: { url: `${MEDIA_ORIGIN}/red.png` },
    start_time: 0,
    duration: 1,
    track: 'main',
  },
  {
    id: 'clip',
    type: 'video',
    settings: { url: `${MEDIA_ORIGIN}/clip.mp4` },
    start_time: 1,
    duration: 0.5,
    track: 'main',
    in_point: 0.5,
    transition_in: { kind: 'crossfade', duration: 10 / FPS },
  },
];

let dir: string;
let harness: Harness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-transitions-'));
  await writePictureFixtures(dir, W, H);
  harness = await openSharedHarness(dir);
});

afterAll(async () => {
  await harness?.close();
  if (dir && !process.env.MEDIA_KEEP) await rm(dir, { recursive: true, force: true });
});

describe.each(['webcodecs', 'ffmpeg'] as const)('a crossfade exported with %s', (engine) => {
  let out: string;
  beforeAll(async () => {
    const result = await harness.render({ items, settings, title: 'Crossfade' }, engine);
    out = join(dir, `crossfade-${engine}.mp4`);
    await writeFile(out, Buffer.from(result.base64!, 'base64'));
  });

  it('shows the hard cut outside the transition', async () => {
    const before = await frameAt(out, mid(20), W, H);
    expect(
      near(before(W / 2, H / 2), [255, 0, 0]),
      `before ${before(W / 2, H / 2).join(',')}`,
    ).toBe(true);
    const after = await frameAt(out, mid(40), W, H);
    expect(near(after(W / 2, H / 2), [0, 0, 255]), `after ${after(W / 2, H / 2).join(',')}`).toBe(
      true,
    );
  });

  it('mixes the two whole frames over the transition, bars included', async () => {
    // Frame 31, 0.6 of the way through (frame 30 would show the clip at 0.5 s, where its lime and blue meet).
    const frame = await frameAt(out, mid(31), W, H);
    expect(
      near(frame(W / 2, H / 2), [102, 0, 153]),
      `centre ${frame(W / 2, H / 2).join(',')}`,
    ).toBe(true);
    expect(near(frame(10, H / 2), [102, 0, 0]), `side ${frame(10, H / 2).join(',')}`).toBe(true);
  });

  it('brings the clip in from before its in-point (lime)', async () => {
    const early = await frameAt(out, mid(27), W, H);
    expect(near(early(W / 2, H / 2), [204, 51, 0]), `centre ${early(W / 2, H / 2).join(',')}`).toBe(
      true,
    );
  });
});
