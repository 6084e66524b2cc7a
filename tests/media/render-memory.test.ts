import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelineItem } from '../../core/editor/model';
import { MEDIA_ORIGIN, run, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';
import { sampleTreeMemory, treeSharedMemory } from './support/process-memory';

// What a render leaves behind in the browser, read from /proc (Linux). Chromium paints a VideoFrame
// drawn on a 2D canvas through its image decode cache, which keeps an RGB copy of every frame in
// shared memory (up to about 512 MiB per renderer): the renderer must not draw decoded frames that way.

const W = 640;
const H = 360;
const MiB = 1024 * 1024;

let dir: string;
let harness: Harness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-render-memory-'));
  // 300 different frames of 640x360: 0.9 MiB each as RGBA, 260 MiB if every one were kept.
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${W}x${H}:r=30:d=10`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    join(dir, 'clip.mp4'),
  ]);
  // A 1080p clip for the many-clips export below (1 s: each clip shows a few frames of it).
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=1920x1080:r=30:d=1',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    join(dir, 'clip-1080.mp4'),
  ]);
  harness = await openSharedHarness(dir);
});

afterAll(async () => {
  await harness?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('rendering a video clip with WebCodecs', () => {
  it("keeps no copy of each drawn frame in the browser's shared memory", async () => {
    const items: TimelineItem[] = [
      {
        id: 'clip',
        type: 'video',
        settings: { url: `${MEDIA_ORIGIN}/clip.mp4` },
        start_time: 0,
        duration: 10,
      },
    ];
    const settings = {
      aspectRatio: '16:9' as const,
      resolution: { width: W, height: H },
      fps: 30 as const,
      format: 'mp4' as const,
      quality: 'medium' as const,
    };
    const before = treeSharedMemory(harness.browserPid!);
    const result = await harness.render({ items, settings, title: 'Memory' }, 'webcodecs', {
      returnBytes: false,
    });
    const grown = treeSharedMemory(harness.browserPid!) - before;

    expect(result.engine).toBe('webcodecs');
    expect(Math.round(grown / MiB), 'MiB of shared memory grown').toBeLessThan(40);
  });

  // An export goes on for as long as its timeline: what it holds for a video clip must go once the clip has
  // shown. Before, every clip kept its decoder, its last frame (an 8 MiB ImageBitmap at 1080p), its 8 MiB
  // pixel scratch and its file reader's cache to the end: about 25 MiB a clip, 600 MiB for these 24.
  it('lets go of each video clip once it has shown: memory does not grow with the number of clips', async () => {
    const items: TimelineItem[] = Array.from({ length: 24 }, (_, k) => ({
      id: `clip-${k}`,
      type: 'video',
      settings: { url: `${MEDIA_ORIGIN}/clip-1080.mp4` },
      start_time: k * 0.2,
      duration: 0.2,
    }));
    const settings = {
      aspectRatio: '16:9' as const,
      resolution: { width: W, height: H },
      fps: 30 as const,
      format: 'mp4' as const,
      quality: 'medium' as const,
    };
    const sampler = sampleTreeMemory(harness.browserPid!, 100);
    const result = await harness.render({ items, settings, title: 'Clips' }, 'webcodecs', {
      returnBytes: false,
    });
    const { peak } = sampler.stop();
    const grown = peak.ownPss - sampler.before.ownPss;

    expect(result.engine).toBe('webcodecs');
    expect(
      Math.round(grown / MiB),
      'MiB the browser grew at its peak during the export',
    ).toBeLessThan(250);
  });
});
