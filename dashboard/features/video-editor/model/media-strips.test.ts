import { describe, expect, it } from 'vitest';
import {
  clipPeaks,
  filmstripPlan,
  gainY,
  PeakReducer,
  reducePeaks,
  volumeLinePoints,
  waveformPath,
  yToGain,
} from './media-strips';

describe('peak reduction', () => {
  it('keeps the largest absolute sample of any channel per bucket', () => {
    // 8 samples at 8 Hz, 2 peaks a second: buckets of 4 samples.
    const left = Float32Array.from([0.1, -0.5, 0.2, 0, 0, 0.25, 0, 0]);
    const right = Float32Array.from([0, 0, 0, 0.3, 0, 0, -0.75, 0]);
    expect([...reducePeaks([left, right], 8, 2)]).toEqual([0.5, 0.75]);
  });

  it('gives the same peaks fed in chunks of any size as fed whole', () => {
    const sr = 48_000;
    const tone = Float32Array.from({ length: sr }, (_, i) => Math.sin(i / 7) * (i / sr));
    const whole = reducePeaks([tone], sr);
    const r = new PeakReducer(sr);
    for (let i = 0; i < tone.length; i += 1151) r.push([tone.subarray(i, i + 1151)]);
    expect(r.result()).toEqual(whole);
    expect(whole).toHaveLength(100);
    // A rising tone: each bucket at least as loud as the one before.
    expect([...whole].every((v, i) => i === 0 || v >= whole[i - 1]! - 0.01)).toBe(true);
  });

  it('caps a clipped sample at 1', () => {
    expect([...reducePeaks([Float32Array.from([1.7, -2])], 2, 1)]).toEqual([1]);
  });
});

describe('the slice a clip shows', () => {
  // 10 peaks a second: bucket b is b / 100 loud.
  const peaks = Array.from({ length: 100 }, (_, b) => b / 100);

  it('starts at the in-point and lasts the clip, the loudest bucket per column', () => {
    // From 2 s for 1 s in 5 columns: buckets 20-21, 22-23, ... 28-29.
    expect(clipPeaks(peaks, 10, 2, 1, 5)).toEqual([0.21, 0.23, 0.25, 0.27, 0.29]);
  });

  it('follows a trim: a later in-point shows later sound', () => {
    expect(clipPeaks(peaks, 10, 5, 1, 2)).toEqual([0.54, 0.59]);
  });

  it('uses the bucket a column starts in when columns are finer than buckets, and silence past the end', () => {
    expect(clipPeaks(peaks, 10, 9.9, 0.3, 3)).toEqual([0.99, 0, 0]);
  });
});

describe('waveform path', () => {
  it('mirrors each column about the middle of the box, scaled and capped', () => {
    expect(waveformPath([0.5, 1], 20, 10)).toBe('M0 5L0 2.5H10L10 0H20L20 10H10L10 7.5H0Z');
    expect(waveformPath([0.5, 1], 20, 10, 4)).toBe('M0 5L0 0H10L10 0H20L20 10H10L10 10H0Z');
  });

  it('is empty when there is nothing to draw', () => {
    expect(waveformPath([], 20, 10)).toBe('');
    expect(waveformPath([1], 0, 10)).toBe('');
  });
});

describe('volume line', () => {
  it('puts -60 dB at the bottom and +12 dB at the top, and back', () => {
    expect(gainY(-60, 36)).toBe(36);
    expect(gainY(12, 36)).toBe(0);
    expect(gainY(0, 36)).toBe(6);
    expect(gainY(-100, 36)).toBe(36);
    expect(yToGain(6, 36)).toBe(0);
    expect(yToGain(0, 36)).toBe(12);
  });

  it('falls to the bottom over the fades', () => {
    expect(volumeLinePoints(100, 36, 0)).toBe('0,6 100,6');
    expect(volumeLinePoints(100, 36, 0, 20, 30)).toBe('0,36 20,6 70,6 100,36');
    // Fades longer than the clip share it.
    expect(volumeLinePoints(100, 36, 0, 80, 80)).toBe('0,36 80,6 80,6 100,36');
  });
});

describe('filmstrip plan', () => {
  it('puts thumbnails on a power-of-two grid of source frames at least one thumbnail wide', () => {
    // 2 px a frame, 50 px thumbnails: every 32 frames (64 px).
    const { step, slots } = filmstripPlan({ in: 0, length: 100 }, 2, 50);
    expect(step).toBe(32);
    expect(slots.map((s) => [s.frame, s.x, s.width])).toEqual([
      [0, 0, 64],
      [32, 64, 64],
      [64, 128, 64],
      [96, 192, 64],
    ]);
  });

  it('keeps the same frames between two zooms and after a trim, sliding with the source', () => {
    const a = filmstripPlan({ in: 0, length: 100 }, 1.7, 50).slots.map((s) => s.frame);
    const b = filmstripPlan({ in: 0, length: 100 }, 2, 50).slots.map((s) => s.frame);
    expect(a).toEqual(b);
    // Trimmed 10 frames off the start: the first thumbnail starts 20 px before the clip's left edge.
    const trimmed = filmstripPlan({ in: 10, length: 90 }, 2, 50).slots;
    expect(trimmed.map((s) => [s.frame, s.x])).toEqual([
      [0, -20],
      [32, 44],
      [64, 108],
      [96, 172],
    ]);
  });

  it('zoomed in to a frame a thumbnail, asks only for what is in view', () => {
    // 48 px a frame: one frame a thumbnail; a 10-minute clip, 300 px in view from 48,000 px.
    const { step, slots } = filmstripPlan({ in: 0, length: 18_000 }, 48, 40, {
      from: 48_000,
      to: 48_300,
    });
    expect(step).toBe(1);
    expect(slots.map((s) => s.frame)).toEqual([1000, 1001, 1002, 1003, 1004, 1005, 1006]);
    expect(
      filmstripPlan({ in: 0, length: 18_000 }, 48, 40, { from: 0, to: Infinity }, 50).slots,
    ).toHaveLength(50);
  });
});
