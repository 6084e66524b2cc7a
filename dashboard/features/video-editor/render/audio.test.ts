import { describe, expect, it } from 'vitest';
import { encodeWav, sliceMixed } from './audio';

describe('encodeWav', () => {
  it('writes a 16-bit PCM RIFF header and interleaved, clipped samples', () => {
    const wav = encodeWav([new Float32Array([0, 1, -1]), new Float32Array([0.5, 2, -2])], 48000);
    const view = new DataView(wav.buffer);
    const text = (o: number) => String.fromCharCode(...wav.subarray(o, o + 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(24, true)).toBe(48000);
    expect(view.getUint32(28, true)).toBe(48000 * 4);
    expect(view.getUint32(40, true)).toBe(12);
    expect(wav.length).toBe(44 + 12);
    expect(Array.from({ length: 6 }, (_, i) => view.getInt16(44 + i * 2, true))).toEqual([0, 16383, 32767, 32767, -32768, -32768]);
  });
});

describe('sliceMixed', () => {
  const mix = { sampleRate: 4, channels: [new Float32Array([0, 1, 2, 3, 4, 5]), new Float32Array([10, 11, 12, 13, 14, 15])] };

  it('cuts frames [from, to) as one planar block, channel after channel, timed from the mix start', () => {
    expect(sliceMixed(mix, 2, 5)).toEqual({ data: new Float32Array([2, 3, 4, 12, 13, 14]), frames: 3, timestamp: 0.5 });
  });

  it('stops at the end of the mix and has nothing past it', () => {
    expect(sliceMixed(mix, 4, 10)).toEqual({ data: new Float32Array([4, 5, 14, 15]), frames: 2, timestamp: 1 });
    expect(sliceMixed(mix, 6, 12)).toBeNull();
  });
});
