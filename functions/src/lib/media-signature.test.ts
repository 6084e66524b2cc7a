import { describe, expect, it } from 'vitest';
import { uploadContentTypes } from '@core/media-types';
import { matchesSignature, SIGNATURE_BYTES } from './media-signature';

const hex = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');
const text = (s: string) => Buffer.from(s, 'latin1');

// The first bytes of real files of each kind.
const samples = {
  png: hex('89504e470d0a1a0a 0000000d49484452'),
  jpeg: hex('ffd8ffe000104a464946000101000001'),
  webp: text('RIFF\x24\x00\x00\x00WEBPVP8 '),
  gif87: text('GIF87a\x01\x00\x01\x00\x80\x00\x00'),
  gif89: text('GIF89a\x01\x00\x01\x00\x80\x00\x00'),
  mp4: hex('00000018 66747970 6d703432 00000000'),
  mov: hex('00000014 66747970 71742020 20050300'),
  movWide: hex('00000008 77696465 0001f3d6 6d646174'),
  m4a: hex('00000020 66747970 4d344120 00000000'),
  webm: hex('1a45dfa3 9f428681 0142f781 0142f281'),
  id3: text('ID3\x04\x00\x00\x00\x00\x00\x23TSSE'),
  mp3Frame: hex('fffb9064 00000000 00000000 00000000'),
  wav: text('RIFF\x24\x08\x00\x00WAVEfmt '),
  ogg: text('OggS\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00'),
  html: text('<!doctype html><script>alert(1)</script>'),
  svg: text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  empty: Buffer.alloc(0),
};

describe('matchesSignature', () => {
  it.each([
    ['image/png', 'png'],
    ['image/jpeg', 'jpeg'],
    ['image/webp', 'webp'],
    ['image/gif', 'gif87'],
    ['image/gif', 'gif89'],
    ['video/mp4', 'mp4'],
    ['video/quicktime', 'mov'],
    ['video/quicktime', 'movWide'],
    ['video/quicktime', 'mp4'],
    ['video/webm', 'webm'],
    ['audio/mpeg', 'id3'],
    ['audio/mpeg', 'mp3Frame'],
    ['audio/wav', 'wav'],
    ['audio/x-wav', 'wav'],
    ['audio/wave', 'wav'],
    ['audio/ogg', 'ogg'],
    ['audio/mp4', 'm4a'],
    ['IMAGE/PNG', 'png'],
  ] as const)('accepts %s that starts like %s', (contentType, sample) => {
    expect(matchesSignature(contentType, samples[sample])).toBe(true);
  });

  it.each([
    ['image/png', 'html'],
    ['image/png', 'jpeg'],
    ['image/jpeg', 'png'],
    ['image/webp', 'wav'],
    ['image/gif', 'svg'],
    ['video/mp4', 'webm'],
    ['video/mp4', 'movWide'],
    ['video/webm', 'mp4'],
    ['audio/mpeg', 'html'],
    ['audio/mpeg', 'png'],
    ['audio/wav', 'webp'],
    ['audio/ogg', 'id3'],
    ['audio/mp4', 'mp3Frame'],
    ['image/png', 'empty'],
    ['image/svg+xml', 'svg'],
    ['text/html', 'html'],
  ] as const)('refuses %s that starts like %s', (contentType, sample) => {
    expect(matchesSignature(contentType, samples[sample])).toBe(false);
  });

  it('knows a signature for every type an upload may have, within the bytes it reads', () => {
    const all = Object.values(uploadContentTypes).flat();
    const readable = Object.values(samples).filter((s) => s.length > 0);
    for (const type of all)
      expect(
        readable.some((s) => matchesSignature(type, s.subarray(0, SIGNATURE_BYTES))),
        type,
      ).toBe(true);
  });
});
