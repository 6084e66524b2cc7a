import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelineItem } from '../../core/editor/model';
import { MEDIA_ORIGIN, run, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';
import { treeSharedMemory } from './support/process-memory';

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
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=${W}x${H}:r=30:d=10`, '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', join(dir, 'clip.mp4')]);
  harness = await openSharedHarness(dir);
});

afterAll(async () => {
  await harness?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('rendering a video clip with WebCodecs', () => {
  it("keeps no copy of each drawn frame in the browser's shared memory", async () => {
    const items: TimelineItem[] = [{ id: 'clip', type: 'video', settings: { url: `${MEDIA_ORIGIN}/clip.mp4` }, start_time: 0, duration: 10 }];
    const settings = { aspectRatio: '16:9' as const, resolution: { width: W, height: H }, fps: 30 as const, format: 'mp4' as const, quality: 'medium' as const };
    const before = treeSharedMemory(harness.browserPid!);
    const result = await harness.render({ items, settings, title: 'Memory' }, 'webcodecs', { returnBytes: false });
    const grown = treeSharedMemory(harness.browserPid!) - before;

    expect(result.engine).toBe('webcodecs');
    expect(Math.round(grown / MiB), 'MiB of shared memory grown').toBeLessThan(40);
  });
});
