import { describe, expect, it } from 'vitest';
import { gradientPng } from '../../../tests/sandbox/providers/png';
import { identifyMedia, sniffImage } from './media';

// A tiny baseline JPEG header: SOI, APP0 (JFIF), SOF0 with height 480 and width 640.
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
  0x00, 0x01, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0x01, 0x22,
  0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
]);

describe('result files', () => {
  it('reads a PNG and its size from its bytes', () => {
    expect(sniffImage(gradientPng(300, 200, 'x'))).toEqual({
      contentType: 'image/png',
      ext: 'png',
      width: 300,
      height: 200,
    });
  });

  it('reads a JPEG and its frame size', () => {
    expect(sniffImage(jpeg)).toEqual({
      contentType: 'image/jpeg',
      ext: 'jpg',
      width: 640,
      height: 480,
    });
  });

  it('trusts the bytes over the header: an HTML error page served as image/png is not an image', () => {
    expect(
      identifyMedia('image', Buffer.from('<html>expired</html>'), 'image/png'),
    ).toBeUndefined();
    expect(identifyMedia('image', Buffer.alloc(0), 'image/png')).toBeUndefined();
    expect(
      identifyMedia('image', gradientPng(2, 2, 'x'), 'application/octet-stream'),
    ).toMatchObject({ contentType: 'image/png' });
  });

  const mp4 = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.alloc(12),
  ]);
  const mp3 = Buffer.from([0xff, 0xfb, 0x90, 0xc0, 0, 0]);
  it.each([
    ['video', mp4, 'video/mp4', { contentType: 'video/mp4', ext: 'mp4' }],
    ['audio', mp3, 'audio/mpeg; charset=binary', { contentType: 'audio/mpeg', ext: 'mp3' }],
    ['audio', Buffer.from('ID3\x04'), 'audio/mp3', { contentType: 'audio/mpeg', ext: 'mp3' }],
    ['audio', mp4, 'video/mp4', undefined],
    ['video', Buffer.from('<html>expired</html>'), 'video/mp4', undefined],
    ['audio', Buffer.from('{"detail":"x"}'), 'audio/mpeg', undefined],
  ] as const)(
    'takes a %s result (%#) declared %s when its signature agrees',
    (type, bytes, header, expected) => {
      expect(identifyMedia(type, bytes, header)).toEqual(expected);
    },
  );
});
