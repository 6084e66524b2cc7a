import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSettings, TimelineItem } from '../../core/editor/model';
import { MEDIA_ORIGIN, run, runStderr, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';

// A still's frames after its first few are written as skipped frames (render/h264-skip.ts) instead of
// being encoded again. Judged by the native ffmpeg/ffprobe: the file decodes without an error, has every
// frame at its time, shows the same pictures as the export that encodes every frame, keeps a key frame
// every 2 s, and has a key frame right after each stretch of skipped frames.
//
// The timeline at 30 fps (key frames every 60): a busy still for 90 frames, a title for 60, a still for
// 6 (too short to be worth a forced key frame: all encoded), a still for 54 (across the key frame at 180).

const W = 640;
const H = 360;
const FPS = 30;
const settings: ProjectSettings = {
  aspectRatio: '16:9',
  resolution: { width: W, height: H },
  fps: FPS,
  format: 'mp4',
  quality: 'medium',
};
const items: TimelineItem[] = [
  {
    id: 'busy',
    type: 'image',
    settings: { url: `${MEDIA_ORIGIN}/busy.png` },
    start_time: 0,
    duration: 3,
  },
  {
    id: 'title',
    type: 'title',
    settings: { text: 'Still here', fontSize: 72, color: '#ffcc00' },
    start_time: 3,
    duration: 2,
  },
  {
    id: 'bars',
    type: 'image',
    settings: { url: `${MEDIA_ORIGIN}/bars.png` },
    start_time: 5,
    duration: 0.2,
  },
  {
    id: 'fractal',
    type: 'image',
    settings: { url: `${MEDIA_ORIGIN}/fractal.png` },
    start_time: 5.2,
    duration: 1.8,
  },
];
const FRAMES = 210;

interface Packet {
  pts: number;
  key: boolean;
  /** nal_ref_idc of the packet's first NAL unit: 0 for a picture no other frame refers to. */
  refIdc: number;
}

/** Every video packet: its time in frames, key flag and the first NAL unit's nal_ref_idc (the mp4's 4-byte lengths). */
async function packets(file: string): Promise<Packet[]> {
  const out = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v',
    '-show_packets',
    '-show_data',
    '-of',
    'json',
    file,
  ]);
  const json = JSON.parse(out.toString()) as {
    packets: { pts_time: string; flags: string; data: string }[];
  };
  return json.packets.map((p) => {
    // ffprobe's hex dump: "00000000: 0000 000a 019a ...": the 5th byte is the NAL header.
    const hex = p.data
      .split('\n')
      .map((line) => line.slice(10, 50).replace(/\s/g, ''))
      .join('');
    const header = parseInt(hex.slice(8, 10), 16);
    return {
      pts: Math.round(Number(p.pts_time) * FPS),
      key: p.flags.startsWith('K'),
      refIdc: (header >> 5) & 3,
    };
  });
}

let dir: string;
let harness: Harness;
const out: Record<'skipped' | 'encoded', string> = { skipped: '', encoded: '' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-stills-'));
  const ff = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  await Promise.all([
    ff('-f', 'lavfi', '-i', `testsrc2=s=${W}x${H}`, '-frames:v', '1', join(dir, 'busy.png')),
    ff('-f', 'lavfi', '-i', `smptehdbars=s=${W}x${H}`, '-frames:v', '1', join(dir, 'bars.png')),
    ff('-f', 'lavfi', '-i', `mandelbrot=s=${W}x${H}`, '-frames:v', '1', join(dir, 'fractal.png')),
  ]);
  harness = await openSharedHarness(dir);
  for (const kind of ['skipped', 'encoded'] as const) {
    const result = await harness.render({ items, settings, title: 'Stills' }, 'webcodecs', {
      skipStills: kind === 'skipped',
    });
    out[kind] = join(dir, `stills-${kind}.mp4`);
    await writeFile(out[kind], Buffer.from(result.base64!, 'base64'));
  }
});

afterAll(async () => {
  await harness?.close();
  if (dir && !process.env.MEDIA_KEEP) await rm(dir, { recursive: true, force: true });
});

describe('stills written as skipped frames', () => {
  it('decodes without a single error, every frame at its time', async () => {
    // -xerror: the first error in the stream stops ffmpeg with a failure.
    const log = await runStderr('ffmpeg', [
      '-v',
      'error',
      '-xerror',
      '-i',
      out.skipped,
      '-f',
      'null',
      '-',
    ]);
    expect(log.trim()).toBe('');
    const frames = await run('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v',
      '-show_entries',
      'frame=pts_time',
      '-of',
      'csv=p=0',
      out.skipped,
    ]);
    const times = frames.toString().trim().split('\n').map(Number);
    expect(times.map((t) => Math.round(t * FPS))).toEqual(
      Array.from({ length: FRAMES }, (_, i) => i),
    );
  });

  it('writes most frames of a still as skipped frames, and the encoded export none', async () => {
    const skipped = (await packets(out.skipped)).filter((p) => p.refIdc === 0).map((p) => p.pts);
    // After the first encoded frames of each still (and of each key frame), up to the next key frame or the still's end.
    expect(skipped.length).toBeGreaterThan(150);
    expect(skipped).not.toContain(0);
    expect(skipped.filter((f) => f >= 150 && f < 156)).toEqual([]);
    expect((await packets(out.encoded)).filter((p) => p.refIdc === 0)).toEqual([]);
  });

  it('keeps a key frame every 2 s and puts one right after each stretch of skipped frames', async () => {
    const list = await packets(out.skipped);
    const keys = list.filter((p) => p.key).map((p) => p.pts);
    for (const every2s of [0, 60, 120, 180]) expect(keys).toContain(every2s);
    for (const [k, p] of list.entries())
      if (p.refIdc === 0 && list[k + 1] && list[k + 1]!.refIdc !== 0)
        expect(list[k + 1]!.key, `frame ${list[k + 1]!.pts}`).toBe(true);
    const encodedKeys = (await packets(out.encoded)).filter((p) => p.key).map((p) => p.pts);
    for (const every2s of [0, 60, 120, 180]) expect(encodedKeys).toContain(every2s);
  });

  it('shows the same pictures as the export that encodes every frame (PSNR over 40 dB at every frame)', async () => {
    const stats = (
      await run('ffmpeg', [
        '-v',
        'error',
        '-i',
        out.skipped,
        '-i',
        out.encoded,
        '-lavfi',
        '[0:v][1:v]psnr=stats_file=-',
        '-f',
        'null',
        '-',
      ])
    ).toString();
    const perFrame = [...stats.matchAll(/n:(\d+) mse_avg:[\d.]+ .*?psnr_avg:(inf|[\d.]+)/g)].map(
      (m) => (m[2] === 'inf' ? Infinity : Number(m[2])),
    );
    expect(perFrame).toHaveLength(FRAMES);
    expect(Math.min(...perFrame)).toBeGreaterThan(40);
  });
});
