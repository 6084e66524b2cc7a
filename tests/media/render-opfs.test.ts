import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSettings, TimelineItem } from '../../core/editor/model';
import { MEDIA_ORIGIN, run, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';
import { probe } from './support/probe';

// The WebCodecs export streams into a file in the origin private file system (render/output-spool.ts)
// rather than one buffer in memory, and an output ffmpeg.wasm made is copied into one: the result is that
// file, the same video as the buffer's (duration, frames, decoded pictures), and its dispose() deletes it;
// a cancelled export leaves no file behind.

const W = 320;
const H = 180;
const FPS = 30;
const settings = (format: 'mp4' | 'webm'): ProjectSettings => ({
  aspectRatio: '16:9',
  resolution: { width: W, height: H },
  fps: FPS,
  format,
  quality: 'high',
});
const items: TimelineItem[] = [
  {
    id: 'clip',
    type: 'video',
    settings: { url: `${MEDIA_ORIGIN}/clip.mp4` },
    start_time: 0,
    duration: 2,
    track: 'main',
  },
  {
    id: 'blue',
    type: 'image',
    settings: { url: `${MEDIA_ORIGIN}/blue.png` },
    start_time: 2,
    duration: 1,
    track: 'main',
  },
];
// Long enough to be still encoding when it is cancelled.
const long: TimelineItem[] = Array.from({ length: 20 }, (_, i) => ({
  id: `c${i}`,
  type: 'video',
  settings: { url: `${MEDIA_ORIGIN}/clip.mp4` },
  start_time: 2 * i,
  duration: 2,
  track: 'main',
}));

let dir: string;
let harness: Harness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-opfs-'));
  const ff = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  await Promise.all([
    ff(
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=${W}x${H}:r=${FPS}:d=2`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      join(dir, 'clip.mp4'),
    ),
    ff('-f', 'lavfi', '-i', `color=c=blue:s=${W}x${H}`, '-frames:v', '1', join(dir, 'blue.png')),
    ff('-f', 'lavfi', '-i', 'sine=f=440:d=3', '-ac', '2', '-ar', '48000', join(dir, 'tone.wav')),
  ]);
  harness = await openSharedHarness(dir);
});

afterAll(async () => {
  await harness?.close();
  if (dir && !process.env.MEDIA_KEEP) await rm(dir, { recursive: true, force: true });
});

/** md5 of the decoded pictures. */
const pictures = async (file: string) =>
  (await run('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:v', '-f', 'md5', '-']))
    .toString()
    .trim();

describe.each(['mp4', 'webm'] as const)('a %s WebCodecs export', (format) => {
  it('streams through an OPFS file that matches the in-memory export and is deleted after use', async () => {
    const opfs = await harness.render(
      { items, settings: settings(format), title: 'OPFS' },
      'webcodecs',
      { spool: 'opfs' },
    );
    const memory = await harness.render(
      { items, settings: settings(format), title: 'OPFS' },
      'webcodecs',
      { spool: 'memory' },
    );
    expect(opfs.storage).toBe('opfs');
    expect(opfs.fileName).toMatch(new RegExp(`^render-.+\\.${format}$`));
    // The file was in OPFS, with the result's bytes, until dispose() deleted it.
    expect(opfs.opfsBefore).toEqual([`${opfs.fileName}:${opfs.size}`]);
    expect(opfs.opfsAfter).toEqual([]);
    expect(memory.storage).toBe('memory');
    expect(memory.fileName).toBeNull();
    expect(memory.opfsBefore).toEqual([]);

    const files = { opfs: join(dir, `opfs.${format}`), memory: join(dir, `memory.${format}`) };
    await writeFile(files.opfs, Buffer.from(opfs.base64!, 'base64'));
    await writeFile(files.memory, Buffer.from(memory.base64!, 'base64'));
    const [a, b] = await Promise.all([probe(files.opfs), probe(files.memory)]);
    expect(a.video).toEqual(b.video);
    expect(a.video?.frames).toBe(3 * FPS);
    expect(a.durationSec).toBeCloseTo(b.durationSec, 2);
    expect(await pictures(files.opfs)).toBe(await pictures(files.memory));
  });
});

it('hands on an mp4 whose sound ffmpeg.wasm adds as an OPFS file, deleted after use', async () => {
  // Chromium on Linux has no AAC encoder in WebCodecs: ffmpeg.wasm adds the sound to the video it reads
  // from OPFS (mounted), and its output is copied into a new OPFS file; the video's file is gone.
  const withSound: TimelineItem[] = [
    ...items,
    {
      id: 'tone',
      type: 'audio',
      settings: { url: `${MEDIA_ORIGIN}/tone.wav`, volume: 1 },
      start_time: 0,
      duration: 3,
      track: 'audio-1',
    },
  ];
  const result = await harness.render(
    { items: withSound, settings: settings('mp4'), title: 'x' },
    'webcodecs',
  );
  const out = join(dir, 'sound.mp4');
  await writeFile(out, Buffer.from(result.base64!, 'base64'));
  const p = await probe(out);
  expect(p.video?.frames).toBe(3 * FPS);
  expect(p.audio?.codec).toBe('aac');
  expect(result.storage).toBe('opfs');
  expect(result.opfsBefore).toEqual([`${result.fileName}:${result.size}`]);
  expect(result.opfsAfter).toEqual([]);
});

describe.each(['mp4', 'mov'] as const)('a %s ffmpeg.wasm export', (format) => {
  it('is handed on as an OPFS file with the same pictures as in memory, deleted after use', async () => {
    const input = { items, settings: { ...settings('mp4'), format }, title: 'x' };
    const opfs = await harness.render(input, 'ffmpeg');
    const memory = await harness.render(input, 'ffmpeg', { spool: 'memory' });
    expect(opfs.engine).toBe('ffmpeg');
    expect(opfs.storage).toBe('opfs');
    expect(opfs.fileName).toMatch(new RegExp(`^render-.+\\.${format}$`));
    expect(opfs.opfsBefore).toEqual([`${opfs.fileName}:${opfs.size}`]);
    expect(opfs.opfsAfter).toEqual([]);
    expect(memory.storage).toBe('memory');
    expect(memory.opfsBefore).toEqual([]);

    const files = {
      opfs: join(dir, `wasm-opfs.${format}`),
      memory: join(dir, `wasm-memory.${format}`),
    };
    await writeFile(files.opfs, Buffer.from(opfs.base64!, 'base64'));
    await writeFile(files.memory, Buffer.from(memory.base64!, 'base64'));
    expect((await probe(files.opfs)).video?.frames).toBe(3 * FPS);
    expect(await pictures(files.opfs)).toBe(await pictures(files.memory));
  });
});

it('leaves no OPFS file when the export is cancelled', async () => {
  const outcome = await harness
    .render({ items: long, settings: settings('mp4'), title: 'x' }, 'webcodecs', {
      abortWhenSpooled: true,
      returnBytes: false,
    })
    .then(
      () => 'finished',
      (e: unknown) => String(e),
    );
  expect(outcome).toContain('Render cancelled');
  expect(await harness.page.evaluate(() => window.museOpfsFiles())).toEqual([]);
});
