import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSettings, TimelineItem } from '../../core/editor/model';
import { MEDIA_ORIGIN, run, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';
import { audioRms, frameAt, probe } from './support/probe';

// A clip at 2x exported by both engines: a 6 s source whose red level says the second it is in (20, 60,
// 100, 140, 180, 220) with a 440 Hz tone, silent in its fourth second (3 to 4 s), played from 1 s at 2x
// for 2.5 s. The export lasts 2.5 s (half the 5 s of source it plays), frame t shows the source at 1 + 2t,
// the silence comes at 1 to 1.5 s, and the tone stays at 440 Hz (played twice as fast without its pitch
// kept it would be 880 Hz).

const W = 320;
const H = 180;
const FPS = 30;
const RATE = 48_000;
const settings: ProjectSettings = {
  aspectRatio: '16:9',
  resolution: { width: W, height: H },
  fps: FPS,
  format: 'mp4',
  quality: 'high',
};
const items: TimelineItem[] = [
  {
    id: 'clock',
    type: 'video',
    settings: { url: `${MEDIA_ORIGIN}/clock.mp4` },
    start_time: 0,
    duration: 2.5,
    in_point: 1,
    source_duration: 6,
    speed: 2,
    track: 'main',
  },
];
/** The red level of the source second that the export shows at time t. */
const redAt = (t: number) => 20 + 40 * Math.floor(1 + 2 * t);

/** The strongest frequency (Hz) of the export's sound between from and to seconds: 5 Hz steps, then 0.1 Hz around the peak. */
async function pitch(file: string, from: number, to: number): Promise<number> {
  const raw = await run('ffmpeg', [
    '-v',
    'error',
    '-i',
    file,
    '-ss',
    String(from),
    '-t',
    String(to - from),
    '-map',
    '0:a:0',
    '-ac',
    '1',
    '-ar',
    String(RATE),
    '-f',
    'f32le',
    '-',
  ]);
  const x = new Float32Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 4));
  const magnitude = (f: number, n: number) => {
    let re = 0;
    let im = 0;
    for (let i = 0; i < n; i++) {
      const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1));
      re += w * x[i]! * Math.cos((2 * Math.PI * f * i) / RATE);
      im -= w * x[i]! * Math.sin((2 * Math.PI * f * i) / RATE);
    }
    return re * re + im * im;
  };
  const peak = (lo: number, hi: number, step: number, n: number) => {
    let best = lo;
    let bestMag = -1;
    for (let f = lo; f <= hi; f += step) {
      const m = magnitude(f, n);
      if (m > bestMag) [best, bestMag] = [f, m];
    }
    return best;
  };
  const coarse = peak(100, 2000, 5, RATE / 10);
  return peak(coarse - 5, coarse + 5, 0.1, x.length);
}

let dir: string;
let harness: Harness;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-speed-'));
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=${W}x${H}:r=${FPS}:d=6,format=rgb24,geq=r='20+40*floor(T)':g=128:b=128`,
    '-f',
    'lavfi',
    '-i',
    'sine=f=440:d=6',
    '-af',
    "volume='if(between(t,3,4),0,1)':eval=frame",
    '-ac',
    '2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-qp',
    '0',
    '-pix_fmt',
    'yuv444p',
    '-c:a',
    'aac',
    '-shortest',
    join(dir, 'clock.mp4'),
  ]);
  harness = await openSharedHarness(dir);
});

afterAll(async () => {
  await harness?.close();
  if (dir && !process.env.MEDIA_KEEP) await rm(dir, { recursive: true, force: true });
});

describe.each(['webcodecs', 'ffmpeg'] as const)('a 2x clip exported with %s', (engine) => {
  let out: string;
  beforeAll(async () => {
    const result = await harness.render({ items, settings, title: 'Speed' }, engine);
    out = join(dir, `speed-${engine}.mp4`);
    await writeFile(out, Buffer.from(result.base64!, 'base64'));
  });

  it('lasts half the source it plays', async () => {
    const p = await probe(out);
    expect(p.video?.frames).toBe(75);
    expect(p.durationSec).toBeGreaterThan(2.45);
    expect(p.durationSec).toBeLessThan(2.6);
  });

  it('shows the source at in + 2t', async () => {
    for (const frame of [6, 21, 36, 51, 66]) {
      const t = frame / FPS;
      const [r] = (await frameAt(out, Math.max(0, (frame - 0.25) / FPS), W, H))(W / 2, H / 2);
      expect(
        Math.abs(r - redAt(t)),
        `frame ${frame}: red ${r}, want ${redAt(t)}`,
      ).toBeLessThanOrEqual(12);
    }
  });

  it('plays its sound at 2x: the silence of source second 3 to 4 is at 1 to 1.5 s', async () => {
    // The tone's RMS is 0.088 (ffmpeg's sine at 1/8 full scale).
    expect(await audioRms(out, 1.1, 1.4)).toBeLessThan(0.01);
    expect(await audioRms(out, 0.2, 0.9)).toBeGreaterThan(0.05);
    expect(await audioRms(out, 1.6, 2.4)).toBeGreaterThan(0.05);
  });

  it('keeps the pitch of its sound: a 440 Hz tone stays within 3 Hz', async () => {
    expect(Math.abs((await pitch(out, 0.1, 0.95)) - 440)).toBeLessThan(3);
    expect(Math.abs((await pitch(out, 1.55, 2.4)) - 440)).toBeLessThan(3);
  });
});
