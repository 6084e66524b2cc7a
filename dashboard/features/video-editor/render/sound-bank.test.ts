import { describe, expect, it } from 'vitest';
import { bankSound, mixRange, type SoundBank } from './sound-bank';
import type { SoundClip } from './scene';

const RATE = 48000;
/** A 1 kHz sine of `seconds` at `amplitude`, one channel. */
const tone = (seconds: number, amplitude = 0.5) =>
  Float32Array.from(
    { length: seconds * RATE },
    (_, i) => amplitude * Math.sin((2 * Math.PI * 1000 * i) / RATE),
  );

function bank(clips: SoundClip[], files: Float32Array[][], length: number): SoundBank {
  return {
    sampleRate: RATE,
    length,
    files,
    sounds: clips.map((c, i) => bankSound(c, i, files[i]!, RATE, false)),
  };
}

/** The mix cut into pieces of these sizes (cycling), joined end to end. */
function inPieces(b: SoundBank, sizes: number[]): [Float32Array, Float32Array] {
  const left = new Float32Array(b.length);
  const right = new Float32Array(b.length);
  for (let from = 0, k = 0; from < b.length; k++) {
    const to = Math.min(b.length, from + sizes[k % sizes.length]!);
    const [l, r] = mixRange(b, from, to);
    left.set(l, from);
    right.set(r, from);
    from = to;
  }
  return [left, right];
}

describe('mixRange', () => {
  // A tone starting between two frames, from an in-point, faded in and out, with volume keyframes; a
  // second, quieter one overlapping it: every kind of gain change running across the joins.
  const clips: SoundClip[] = [
    {
      url: 'a',
      start_time: 0.30001,
      duration: 2.5,
      offset: 0.123457,
      volume: 0.8,
      fadeIn: 0.7,
      fadeOut: 0.9,
      envelope: [
        { t: 1, gain: 1 },
        { t: 1.6, gain: 0.2 },
        { t: 2.2, gain: 1 },
      ],
    },
    { url: 'b', start_time: 1.1, duration: 1, offset: 0, volume: 0.5 },
  ];
  const b = bank(clips, [[tone(3)], [tone(1, 0.3), tone(1, 0.2)]], 3 * RATE);

  it('joins pieces of any size into exactly the mix made in one go: no click at a join', () => {
    const [left, right] = mixRange(b, 0, b.length);
    // Odd piece sizes, some a few frames long, joins inside fades, ramps and the second clip's edges.
    for (const sizes of [[RATE], [4801, 97, 3], [RATE / 30, 13331]]) {
      const [l, r] = inPieces(b, sizes);
      // Frames that differ from the one-go mix (toEqual on 144,000 floats is slow): none.
      expect(
        l.filter((v, i) => v !== left[i]).length + r.filter((v, i) => v !== right[i]).length,
      ).toBe(0);
    }
  });

  it("plays each frame of the file from the in-point at the clip's start, a mono file on both sides", () => {
    const only = bank(
      [{ url: 'a', start_time: 0.5, duration: 1, offset: 0.25, volume: 1 }],
      [[tone(2)]],
      2 * RATE,
    );
    const [left, right] = mixRange(only, 0.75 * RATE, 0.75 * RATE + 480);
    const file = only.files[0]![0]!;
    // Frame 0.75 s of the mix is 0.25 s into the clip: 0.5 s into the file.
    for (let i = 0; i < 480; i++) {
      expect(left[i]).toBe(file[0.5 * RATE + i]);
      expect(right[i]).toBe(file[0.5 * RATE + i]);
    }
    // Silence before its start and after its end.
    expect(mixRange(only, 0, 0.5 * RATE)[0].every((v) => v === 0)).toBe(true);
    expect(mixRange(only, 1.5 * RATE, 2 * RATE)[0].every((v) => v === 0)).toBe(true);
  });

  it('ramps fades linearly from and to silence, and multiplies by the envelope, as Web Audio ramps its gain', () => {
    const ones = new Float32Array(4 * RATE).fill(1);
    const ramped = bank(
      [
        {
          url: 'a',
          start_time: 1,
          duration: 2,
          offset: 0,
          volume: 0.5,
          fadeIn: 0.5,
          fadeOut: 1,
          envelope: [
            { t: 0, gain: 1 },
            { t: 4, gain: 0 },
          ],
        },
      ],
      [[ones]],
      4 * RATE,
    );
    const [left] = mixRange(ramped, 0, ramped.length);
    const at = (t: number) => left[Math.round(t * RATE)]!;
    const envelope = (t: number) => 1 - t / 4;
    expect(at(1.25)).toBeCloseTo(0.5 * 0.5 * envelope(1.25), 6);
    expect(at(2)).toBeCloseTo(0.5 * envelope(2), 6);
    expect(at(2.5)).toBeCloseTo(0.5 * 0.5 * envelope(2.5), 6);
    expect(at(3.5)).toBe(0);
  });

  it("down-mixes 5.1 to stereo with Web Audio's speaker rules (centre and surrounds at -3 dB, no LFE)", () => {
    const ch = (v: number) => new Float32Array(RATE).fill(v);
    const surround = bank(
      [{ url: 'a', start_time: 0, duration: 1, offset: 0, volume: 1 }],
      [[ch(0.1), ch(0.2), ch(0.3), ch(0.9), ch(0.4), ch(0.5)]],
      RATE,
    );
    const [left, right] = mixRange(surround, 0, 10);
    expect(left[0]).toBeCloseTo(0.1 + Math.SQRT1_2 * (0.3 + 0.4), 6);
    expect(right[0]).toBeCloseTo(0.2 + Math.SQRT1_2 * (0.3 + 0.5), 6);
  });
});
