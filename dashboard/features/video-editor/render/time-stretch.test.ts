import { describe, expect, it } from 'vitest';
import { timeStretch } from './time-stretch';

const RATE = 48_000;
const tone = (hz: number, seconds: number) =>
  Float32Array.from(
    { length: Math.round(seconds * RATE) },
    (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / RATE),
  );

/** Hann-windowed DFT magnitude of `n` samples of x from `a` at `f` Hz. */
function magnitude(x: Float32Array, a: number, n: number, f: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < n; i++) {
    const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1));
    const ph = (2 * Math.PI * f * i) / RATE;
    re += w * x[a + i]! * Math.cos(ph);
    im -= w * x[a + i]! * Math.sin(ph);
  }
  return re * re + im * im;
}

/**
 * The strongest frequency of the middle of the signal: 100 to 2000 Hz in 5 Hz steps over 0.1 s, then to
 * 0.1 Hz around it over the middle 60%. A tone played faster without its pitch kept would move by the speed.
 */
function frequency(x: Float32Array): number {
  const a = Math.floor(x.length * 0.2);
  const peak = (from: number, to: number, step: number, n: number) => {
    let best = from;
    let bestMag = -1;
    for (let f = from; f <= to; f += step) {
      const m = magnitude(x, a, n, f);
      if (m > bestMag) [best, bestMag] = [f, m];
    }
    return best;
  };
  const coarse = peak(100, 2000, 5, RATE / 10);
  return peak(coarse - 5, coarse + 5, 0.1, Math.floor(x.length * 0.6));
}
const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);

describe('timeStretch', () => {
  it.each([0.25, 0.5, 1.5, 2, 4])(
    'at %sx makes the clip exactly as long and keeps a 440 Hz tone at 440 Hz',
    (speed) => {
      const seconds = 1;
      const src = tone(440, seconds * speed + 1);
      const [l, r] = timeStretch([src], RATE, 0.5, seconds, speed);
      expect(l.length).toBe(RATE);
      expect(r).toEqual(l);
      expect(Math.abs(frequency(l) - 440)).toBeLessThan(3);
      // The sound is there all along (no silence from the stretcher's latency in the middle).
      expect(rms(l.subarray(RATE * 0.1, RATE * 0.9))).toBeGreaterThan(0.3);
    },
  );

  it('reads only the clip part of the file: silence after it', () => {
    const src = new Float32Array(RATE * 4);
    src.set(tone(440, 1), 0);
    // 1 s of tone from 0, then silence: a 0.5 s clip at 2x hears the tone, one starting at 1 s hears nothing.
    expect(rms(timeStretch([src], RATE, 0, 0.5, 2)[0].subarray(0, RATE * 0.4))).toBeGreaterThan(
      0.3,
    );
    expect(rms(timeStretch([src], RATE, 1, 0.5, 2)[0])).toBeLessThan(0.01);
  });
});
