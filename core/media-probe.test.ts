import { describe, expect, it } from 'vitest';
import { readGifInfo, unprobed } from './media-probe';

/** A GIF89a of `frames` 1x1 frames on a `width` x `height` screen, each behind a graphic control extension. */
function gifBytes(
  width: number,
  height: number,
  frames: number,
  { trailer = true } = {},
): Uint8Array {
  const bytes = [...'GIF89a'].map((c) => c.charCodeAt(0));
  bytes.push(width & 0xff, width >> 8, height & 0xff, height >> 8, 0x80, 0, 0); // global colour table of 2
  bytes.push(0, 0, 0, 255, 255, 255);
  bytes.push(0x21, 0xff, 11, ...[...'NETSCAPE2.0'].map((c) => c.charCodeAt(0)), 3, 1, 0, 0, 0); // loop extension
  for (let i = 0; i < frames; i++) {
    bytes.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0);
    bytes.push(0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0);
    bytes.push(2, 2, 0x4c, 0x01, 0);
  }
  if (trailer) bytes.push(0x3b);
  return new Uint8Array(bytes);
}

describe('readGifInfo', () => {
  it('reads the screen size and counts the frames without decoding', () => {
    expect(readGifInfo(gifBytes(480, 270, 1))).toEqual({ width: 480, height: 270, frames: 1 });
    expect(readGifInfo(gifBytes(1280, 1080, 400))).toEqual({
      width: 1280,
      height: 1080,
      frames: 400,
    });
  });

  it('counts the frames of a file cut short, and refuses what is not a GIF', () => {
    expect(readGifInfo(gifBytes(10, 10, 3, { trailer: false }))).toEqual({
      width: 10,
      height: 10,
      frames: 3,
    });
    expect(readGifInfo(new TextEncoder().encode('\x89PNG\r\n\x1a\n0000000000'))).toBeNull();
  });
});

describe('unprobed', () => {
  it('keeps the type and size and names the kind', () => {
    expect(unprobed('image/gif', 5)).toMatchObject({
      kind: 'gif',
      contentType: 'image/gif',
      sizeBytes: 5,
      width: null,
    });
    expect(unprobed('video/mp4', 5).kind).toBe('video');
  });
});
