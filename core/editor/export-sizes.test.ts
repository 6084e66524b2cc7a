import { describe, expect, it } from 'vitest';
import { ASPECT_RATIOS, VIDEO_SIZES } from '../constants';
import { aspectRatioIds, projectSettingsSchema, resolutionFor, sizeOf } from './model';

describe('export sizes', () => {
  it.each([
    ['16:9', '720p', 1280, 720],
    ['16:9', '1080p', 1920, 1080],
    ['16:9', '1440p', 2560, 1440],
    ['16:9', '2160p', 3840, 2160],
    ['9:16', '2160p', 2160, 3840],
    ['1:1', '1440p', 1440, 1440],
    ['4:5', '720p', 720, 900],
    ['4:5', '1080p', 1080, 1350],
    ['4:5', '2160p', 2160, 2700],
  ] as const)('%s at %s is %sx%s', (aspect, size, width, height) =>
    expect(resolutionFor(aspect, size)).toEqual({ width, height }),
  );

  it('every ratio at every size has even sides within the rules cap of 4096', () => {
    for (const a of ASPECT_RATIOS)
      for (const s of VIDEO_SIZES) {
        const r = resolutionFor(a.id, s.id);
        expect([r.width % 2, r.height % 2]).toEqual([0, 0]);
        expect(Math.max(r.width, r.height)).toBeLessThanOrEqual(4096);
        expect(
          projectSettingsSchema.safeParse({
            aspectRatio: a.id,
            resolution: r,
            fps: 30,
            format: 'mp4',
            quality: 'high',
          }).success,
        ).toBe(true);
      }
  });

  it('1080p at each ratio is the ratio’s own width and height', () => {
    for (const a of ASPECT_RATIOS)
      expect(resolutionFor(a.id, '1080p')).toEqual({ width: a.width, height: a.height });
  });

  it.each([
    [1920, 1080, '1080p'],
    [1080, 1920, '1080p'],
    [720, 1280, '720p'],
    [3840, 2160, '2160p'],
    [1080, 1350, '1080p'],
  ] as const)('a stored %sx%s is %s', (width, height, size) =>
    expect(sizeOf({ width, height })).toBe(size),
  );

  it('offers 4:5 (1080x1350) for the Instagram, Facebook and LinkedIn feeds, and names the platforms of each ratio', () => {
    expect(aspectRatioIds).toEqual(['16:9', '1:1', '4:5', '9:16']);
    expect(ASPECT_RATIOS.map((a) => [a.id, a.width, a.height, a.usage])).toEqual([
      ['16:9', 1920, 1080, 'YouTube, TV'],
      ['1:1', 1080, 1080, 'Instagram, Facebook, LinkedIn'],
      ['4:5', 1080, 1350, 'Instagram, Facebook and LinkedIn feeds'],
      ['9:16', 1080, 1920, 'YouTube Shorts, Reels, TikTok'],
    ]);
  });
});
