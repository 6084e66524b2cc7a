import { describe, expect, it } from 'vitest';
import {
  avcCodecString,
  evenSize,
  FORMATS,
  isKeyFrame,
  videoBitrate,
  vp9CodecString,
  webCodecCandidates,
} from './encoding';

describe('quality -> bitrate', () => {
  it.each([
    ['high', 1920, 1080, 8_087_040],
    ['medium', 1920, 1080, 4_976_640],
    ['low', 1920, 1080, 2_488_320],
    ['high', 1080, 1920, 8_087_040],
    ['high', 1280, 720, 3_594_240],
    ['low', 320, 180, 250_000],
  ] as const)('%s at %sx%s, 30 fps: %s b/s (never below 250 kb/s)', (q, w, h, bps) =>
    expect(videoBitrate(q, w, h, 30)).toBe(bps),
  );
});

describe('codec strings', () => {
  it.each([
    ['high', 1920, 1080, 'avc1.640028'],
    ['main', 1920, 1080, 'avc1.4d0028'],
    ['baseline', 1920, 1080, 'avc1.42e028'],
    ['high', 1080, 1920, 'avc1.640028'],
    ['high', 1280, 720, 'avc1.64001f'],
    ['high', 320, 180, 'avc1.64001e'],
    ['high', 2560, 1440, 'avc1.640032'],
    ['high', 4096, 4096, 'avc1.64003c'],
  ] as const)('H.264 %s %sx%s at 30 fps -> %s (lowest level that fits)', (p, w, h, s) =>
    expect(avcCodecString(p, w, h, 30)).toBe(s),
  );

  it.each([
    [1920, 1080, 'vp09.00.40.08'],
    [1280, 720, 'vp09.00.31.08'],
    [320, 180, 'vp09.00.11.08'],
    [3840, 2160, 'vp09.00.50.08'],
  ])('VP9 %sx%s at 30 fps -> %s', (w, h, s) => expect(vp9CodecString(w, h, 30)).toBe(s));

  it('tries H.264 High, then Main, then Baseline; VP9 profile 0', () => {
    expect(webCodecCandidates('avc', 1280, 720, 30)).toEqual([
      'avc1.64001f',
      'avc1.4d001f',
      'avc1.42e01f',
    ]);
    expect(webCodecCandidates('vp9', 1280, 720, 30)).toEqual(['vp09.00.31.08']);
  });
});

describe('formats', () => {
  it.each([
    ['mp4', 'video/mp4', 'avc', 'aac'],
    ['webm', 'video/webm', 'vp9', 'opus'],
    ['mov', 'video/quicktime', null, 'pcm'],
  ] as const)('%s is %s, WebCodecs %s, audio %s', (f, mime, codec, audio) =>
    expect(FORMATS[f]).toEqual({
      extension: f,
      mimeType: mime,
      webCodec: codec,
      audioCodec: audio,
    }),
  );

  it.each([
    [1920, 1080, 1920, 1080],
    [321, 181, 320, 180],
    [1, 1, 2, 2],
  ])('%sx%s is encoded at %sx%s', (w, h, ew, eh) =>
    expect(evenSize(w, h)).toEqual({ width: ew, height: eh }),
  );

  it('puts a key frame every 2 seconds', () => {
    expect([0, 1, 59, 60, 120].map((i) => isKeyFrame(i, 30))).toEqual([
      true,
      false,
      false,
      true,
      true,
    ]);
  });
});
