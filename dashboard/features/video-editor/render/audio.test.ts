import { describe, expect, it } from 'vitest';
import { encodeWav, pcm16, wavHeader } from './audio';

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
    expect(Array.from({ length: 6 }, (_, i) => view.getInt16(44 + i * 2, true))).toEqual([
      0, 16383, 32767, 32767, -32768, -32768,
    ]);
  });
});

describe('wavHeader and pcm16', () => {
  it('make, header then pieces, the same bytes as encodeWav of the whole', () => {
    const left = Float32Array.from({ length: 10 }, (_, i) => Math.sin(i) * 0.9);
    const right = Float32Array.from({ length: 10 }, (_, i) => Math.cos(i) * 0.9);
    const pieces = [
      wavHeader(10, 2, 48000),
      pcm16([left.subarray(0, 3), right.subarray(0, 3)]),
      pcm16([left.subarray(3), right.subarray(3)]),
    ];
    const joined = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
    pieces.reduce((at, p) => (joined.set(p, at), at + p.length), 0);
    expect(joined).toEqual(encodeWav([left, right], 48000));
  });
});
