import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSettings, TimelineItem } from '../../core/editor/model';
import { MEDIA_ORIGIN, run, type Harness } from './support/harness';
import { openSharedHarness } from './support/shared-harness';

// The WebCodecs export mixes its sound a piece at a time (render/sound-bank.ts): a second at a time for a
// browser audio encoder, ten seconds at a time into the WAV ffmpeg.wasm encodes AAC from where the browser
// has none (Linux Chromium). A 1 kHz tone running across those joins must come out as one unbroken sine:
// a piece that started its sound a frame late or early, or again from the clip's in-point, would break
// the wave's phase at the join, heard as a click.

const RATE = 48000;
const settings: ProjectSettings = {
  aspectRatio: '16:9',
  resolution: { width: 160, height: 90 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
};
// 12.5 s of black and a 1 kHz tone from 0.30001 s (between two frames of the mix) to 12.3 s, read from
// 0.1234 s into its file: joins at every second and at 10 s fall inside it.
const items: TimelineItem[] = [
  {
    id: 'bg',
    type: 'title',
    settings: { text: ' ', fontSize: 10, color: '#000000' },
    start_time: 0,
    duration: 12.5,
  },
  {
    id: 'tone',
    type: 'audio',
    settings: { url: `${MEDIA_ORIGIN}/tone.wav`, volume: 1 },
    start_time: 0.30001,
    duration: 12,
    in_point: 0.1234,
  },
];

let dir: string;
let harness: Harness;
let pcm: Float32Array;
let source: Float32Array;
let engine: string;

/**
 * How far the wave after `t` strays from the sine before it: a 1 kHz sine (amplitude and phase) fitted by
 * least squares to the left channel over [t - 50 ms, t - 5 ms], and the RMS of what is left of the left
 * channel over [t + 5 ms, t + 50 ms] once that sine is taken away, as a fraction of the sine's amplitude.
 * An unbroken tone leaves only the codec's noise; a wave that slipped by a frame at t leaves a 1 kHz
 * residue of 2 sin(7.5 deg / 2), about 0.13 of the amplitude, however the codec smooths the step itself.
 */
function strayAfter(t: number): number {
  const w = (2 * Math.PI * 1000) / RATE;
  let ss = 0;
  let sc = 0;
  let cc = 0;
  let xs = 0;
  let xc = 0;
  for (let n = Math.round((t - 0.05) * RATE); n < Math.round((t - 0.005) * RATE); n++) {
    const [sn, cn, x] = [Math.sin(w * n), Math.cos(w * n), pcm[2 * n]!];
    ss += sn * sn;
    sc += sn * cn;
    cc += cn * cn;
    xs += x * sn;
    xc += x * cn;
  }
  const det = ss * cc - sc * sc;
  const a = (xs * cc - xc * sc) / det;
  const b = (xc * ss - xs * sc) / det;
  let sum = 0;
  let count = 0;
  for (let n = Math.round((t + 0.005) * RATE); n < Math.round((t + 0.05) * RATE); n++, count++)
    sum += (pcm[2 * n]! - a * Math.sin(w * n) - b * Math.cos(w * n)) ** 2;
  return Math.sqrt(sum / count) / Math.hypot(a, b);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'muse-audio-joins-'));
  // A pure 1 kHz sine at -6 dBFS, 16-bit WAV (no lossy coding in the source).
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=f=1000:r=${RATE}:d=13`,
    '-af',
    'volume=0.5/0.125',
    '-ac',
    '2',
    '-c:a',
    'pcm_s16le',
    join(dir, 'tone.wav'),
  ]);
  const decoded = await run('ffmpeg', [
    '-v',
    'error',
    '-i',
    join(dir, 'tone.wav'),
    '-ac',
    '2',
    '-f',
    'f32le',
    '-',
  ]);
  source = new Float32Array(decoded.buffer, decoded.byteOffset, Math.floor(decoded.length / 4));
  harness = await openSharedHarness(dir);
  const result = await harness.render({ items, settings, title: 'Joins' }, 'webcodecs');
  engine = result.engine;
  const file = join(dir, 'joins.mp4');
  await writeFile(file, Buffer.from(result.base64!, 'base64'));
  const raw = await run('ffmpeg', [
    '-v',
    'error',
    '-i',
    file,
    '-map',
    '0:a:0',
    '-ac',
    '2',
    '-ar',
    String(RATE),
    '-f',
    'f32le',
    '-',
  ]);
  pcm = new Float32Array(raw.buffer, raw.byteOffset, Math.floor(raw.length / 4));
});

afterAll(async () => {
  await harness?.close();
  if (dir && !process.env.MEDIA_KEEP) await rm(dir, { recursive: true, force: true });
});

describe('a tone exported across the joins of the piecewise mix', () => {
  it('runs on unbroken across every join, as between them: no click', () => {
    expect(engine).toMatch(/^webcodecs/);
    const steady = strayAfter(5.5);
    expect(steady).toBeLessThan(0.03);
    for (const join of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
      expect(
        strayAfter(join),
        `the wave after ${join} s (between joins: ${steady.toFixed(4)})`,
      ).toBeLessThan(0.03);
  });

  it("starts the tone at its time in the timeline: the AAC encoder's priming is not heard as a delay", () => {
    const onset = pcm.findIndex((v, i) => i % 2 === 0 && Math.abs(v) > 0.05) / 2 / RATE;
    // 0.30001 s, to the first frame where a sine from its 0.1234 s in-point reaches 0.05; well within a frame (33 ms).
    expect(Math.abs(onset - 0.30001), `onset ${onset.toFixed(4)} s`).toBeLessThan(0.005);
  });

  it('keeps the level of the tone: within 0.5 dB of its file', () => {
    const rms = (x: Float32Array, from: number, to: number) => {
      let sum = 0;
      for (let n = from; n < to; n++) sum += x[2 * n]! ** 2;
      return Math.sqrt(sum / (to - from));
    };
    const db =
      20 * Math.log10(rms(pcm, 2 * RATE, 10.5 * RATE) / rms(source, 2 * RATE, 10.5 * RATE));
    expect(Math.abs(db), `${db.toFixed(2)} dB`).toBeLessThan(0.5);
  });
});
