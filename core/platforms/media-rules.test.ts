import { describe, expect, it } from 'vitest';
import type { MediaProbe } from '../media-probe';
import {
  checkMediaForChannel,
  checkMediaSetForChannel,
  exportPresetFor,
  formatSeconds,
  youtubeTarget,
  type MediaRule,
  type MediaTarget,
} from './media-rules';

const MB = 1024 * 1024;

/** A file every channel that takes videos takes: 20 s of 1280x720 H.264 + AAC stereo at 30 fps, 10 MB. */
const video = (over: Partial<MediaProbe> = {}): MediaProbe => ({
  kind: 'video',
  contentType: 'video/mp4',
  sizeBytes: 10 * MB,
  container: 'MP4',
  width: 1280,
  height: 720,
  durationSeconds: 20,
  frameRate: 30,
  videoCodec: 'avc',
  audioCodec: 'aac',
  audioChannels: 2,
  frames: null,
  ...over,
});
const image = (over: Partial<MediaProbe> = {}): MediaProbe => ({
  kind: 'image',
  contentType: 'image/jpeg',
  sizeBytes: 2 * MB,
  container: null,
  width: 1200,
  height: 675,
  durationSeconds: null,
  frameRate: null,
  videoCodec: null,
  audioCodec: null,
  audioChannels: null,
  frames: null,
  ...over,
});
const gif = (over: Partial<MediaProbe> = {}): MediaProbe =>
  image({ kind: 'gif', contentType: 'image/gif', width: 480, height: 270, frames: 60, ...over });
const shortVideo = (over: Partial<MediaProbe> = {}) =>
  video({ width: 1080, height: 1920, durationSeconds: 45, ...over });

// Each row: what the file is, where it goes, the rule it breaks and the message the composer shows.
const refused: [string, MediaProbe, MediaTarget, MediaRule, string][] = [
  // X
  [
    'HEVC video on X',
    video({ videoCodec: 'hevc' }),
    'x',
    'codec',
    'X takes H.264 video only (this one is HEVC (H.265))',
  ],
  [
    'VP9 WebM on X',
    video({ contentType: 'video/webm', videoCodec: 'vp9' }),
    'x',
    'type',
    'X does not accept video/webm files: use JPEG, PNG, WebP, GIF, MP4 or MOV',
  ],
  [
    'AV1 in MP4 on X',
    video({ videoCodec: 'av1' }),
    'x',
    'codec',
    'X takes H.264 video only (this one is AV1)',
  ],
  [
    'a video of 2:21 on X',
    video({ durationSeconds: 141 }),
    'x',
    'duration',
    'X takes videos of 2:20 at most (this one is 2:21): trim it',
  ],
  [
    'a video of 0.3 s on X',
    video({ durationSeconds: 0.3 }),
    'x',
    'duration',
    'X takes videos of 0:00.5 or longer (this one is 0:00.3)',
  ],
  [
    'a video of 600 MB on X',
    video({ sizeBytes: 600 * MB }),
    'x',
    'size',
    'Videos on X can be at most 512 MB (this one is 600 MB)',
  ],
  [
    'a video at 120 fps on X',
    video({ frameRate: 120 }),
    'x',
    'fps',
    'X takes videos of at most 60 frames a second (this one is 120)',
  ],
  [
    'a 4:1 panorama video on X',
    video({ width: 1600, height: 400 }),
    'x',
    'aspect',
    'X takes videos between 1:3 and 3:1 (this one is 4:1, 1600x400)',
  ],
  [
    'a 4K video on X',
    video({ width: 3840, height: 2160 }),
    'x',
    'dimensions',
    'X takes videos of at most 1920x1200 or 1200x1900 (this one is 3840x2160)',
  ],
  [
    'a 1080x1920 vertical video on X',
    video({ width: 1080, height: 1920 }),
    'x',
    'dimensions',
    'X takes videos of at most 1920x1200 or 1200x1900 (this one is 1080x1920)',
  ],
  [
    'Opus sound on X',
    video({ audioCodec: 'opus' }),
    'x',
    'audio',
    'X takes AAC sound only (this one is Opus)',
  ],
  [
    '5.1 sound on X',
    video({ audioChannels: 6 }),
    'x',
    'audio',
    'X takes mono or stereo sound only (this one has 6 channels)',
  ],
  [
    'an image of 6 MB on X',
    image({ sizeBytes: 6 * MB }),
    'x',
    'size',
    'Images on X can be at most 5 MB (this one is 6 MB)',
  ],
  [
    'an image of 9000x4000 on X',
    image({ width: 9000, height: 4000 }),
    'x',
    'dimensions',
    'X takes images of at most 8192x8192 (this one is 9000x4000)',
  ],
  [
    'a GIF of 400 frames on X',
    gif({ frames: 400 }),
    'x',
    'frames',
    'X takes GIFs of at most 350 frames (this one has 400)',
  ],
  [
    'a GIF of 1600x900 on X',
    gif({ width: 1600, height: 900, frames: 10 }),
    'x',
    'dimensions',
    'X takes GIFs of at most 1280x1080 (this one is 1600x900)',
  ],
  [
    'a GIF of 1280x1080 x 300 frames on X',
    gif({ width: 1280, height: 1080, frames: 300 }),
    'x',
    'frames',
    'X takes GIFs of at most 300 million pixels over all frames (this one has 415 million)',
  ],
  [
    'a GIF of 16 MB on X',
    gif({ sizeBytes: 16 * MB }),
    'x',
    'size',
    'GIFs on X can be at most 15 MB (this one is 16 MB)',
  ],
  // LinkedIn
  [
    'HEVC video on LinkedIn',
    video({ videoCodec: 'hevc' }),
    'linkedin',
    'codec',
    'LinkedIn takes H.264 video only (this one is HEVC (H.265))',
  ],
  [
    'a MOV on LinkedIn',
    video({ contentType: 'video/quicktime' }),
    'linkedin',
    'type',
    'LinkedIn does not accept video/quicktime files: use JPEG, PNG, GIF or MP4',
  ],
  [
    'a video of 31 minutes on LinkedIn',
    video({ durationSeconds: 31 * 60 }),
    'linkedin',
    'duration',
    'LinkedIn takes videos of 30:00 at most (this one is 31:00): trim it',
  ],
  [
    'a video of 2 s on LinkedIn',
    video({ durationSeconds: 2 }),
    'linkedin',
    'duration',
    'LinkedIn takes videos of 0:03 or longer (this one is 0:02)',
  ],
  [
    'a video of 501 MB on LinkedIn',
    video({ sizeBytes: 501 * MB }),
    'linkedin',
    'size',
    'Videos on LinkedIn can be at most 500 MB (this one is 501 MB)',
  ],
  [
    'a video of 50 KB on LinkedIn',
    video({ sizeBytes: 50 * 1024 }),
    'linkedin',
    'size',
    'Videos on LinkedIn must be at least 75 KB',
  ],
  [
    'a 3:1 video on LinkedIn',
    video({ width: 1920, height: 640 }),
    'linkedin',
    'aspect',
    'LinkedIn takes videos between 1:2.4 and 2.4:1 (this one is 3:1, 1920x640)',
  ],
  [
    'a video at 8 fps on LinkedIn',
    video({ frameRate: 8 }),
    'linkedin',
    'fps',
    'LinkedIn takes videos of at least 10 frames a second (this one is 8)',
  ],
  [
    'a video at 90 fps on LinkedIn',
    video({ frameRate: 90 }),
    'linkedin',
    'fps',
    'LinkedIn takes videos of at most 60 frames a second (this one is 90)',
  ],
  [
    'an 8K video on LinkedIn',
    video({ width: 7680, height: 4320 }),
    'linkedin',
    'dimensions',
    'LinkedIn takes videos of at most 4096x2304 or 2304x4096 (this one is 7680x4320)',
  ],
  [
    'an image of 40 megapixels on LinkedIn',
    image({ width: 8000, height: 5000 }),
    'linkedin',
    'dimensions',
    'LinkedIn takes images of fewer than 36,152,320 pixels (this one has 40,000,000)',
  ],
  [
    'a GIF of 300 frames on LinkedIn',
    gif({ frames: 300 }),
    'linkedin',
    'frames',
    'LinkedIn takes GIFs of at most 250 frames (this one has 300)',
  ],
  [
    'a WebP on LinkedIn',
    image({ contentType: 'image/webp' }),
    'linkedin',
    'type',
    'LinkedIn does not accept image/webp files: use JPEG, PNG, GIF or MP4',
  ],
  // Reddit
  [
    'a video on Reddit',
    video(),
    'reddit',
    'type',
    'Reddit image posts take PNG, JPEG or GIF images, not video/mp4.',
  ],
  [
    'an image of 25 MB on Reddit',
    image({ sizeBytes: 25 * MB }),
    'reddit',
    'size',
    'Images on Reddit can be at most 20 MB (this one is 25 MB)',
  ],
  [
    'a WebP on Reddit',
    image({ contentType: 'image/webp' }),
    'reddit',
    'type',
    'Reddit image posts take PNG, JPEG or GIF images, not image/webp.',
  ],
  // YouTube
  [
    'an image on YouTube',
    image(),
    'youtube',
    'type',
    'YouTube takes video files (MP4, MOV, WebM, AVI, MPEG, MKV), not image/jpeg',
  ],
  [
    'a video of 3 GB on YouTube',
    video({ sizeBytes: 3 * 1024 * MB }),
    'youtube',
    'size',
    'Videos for YouTube can be at most 2048 MB here (this one is 3072 MB)',
  ],
  [
    'a video of 13 hours on YouTube',
    video({ durationSeconds: 13 * 3600 }),
    'youtube',
    'duration',
    'YouTube takes videos of 12:00:00 at most (this one is 13:00:00): trim it',
  ],
  // YouTube Shorts
  [
    'a 16:9 video as a Short',
    shortVideo({ width: 1920, height: 1080 }),
    'youtube-shorts',
    'aspect',
    'YouTube Shorts takes videos square or vertical (this one is 16:9, 1920x1080)',
  ],
  [
    'a 4:3 video as a Short',
    shortVideo({ width: 1440, height: 1080 }),
    'youtube-shorts',
    'aspect',
    'YouTube Shorts takes videos square or vertical (this one is 4:3, 1440x1080)',
  ],
  [
    'a Short of 3:30',
    shortVideo({ durationSeconds: 210 }),
    'youtube-shorts',
    'duration',
    'YouTube Shorts takes videos of 3:00 at most (this one is 3:30): trim it',
  ],
];

describe('checkMediaForChannel refuses what each platform refuses', () => {
  it('covers at least 30 files', () => {
    expect(refused.length).toBeGreaterThanOrEqual(30);
  });

  it.each(refused)('%s', (_, probe, target, rule, message) => {
    const problems = checkMediaForChannel(probe, target);
    expect(problems).toContainEqual(expect.objectContaining({ target, rule, message }));
  });

  it('offers an editor fix for a video, with the channel shape, and none for an image', () => {
    expect(checkMediaForChannel(video({ videoCodec: 'hevc' }), 'x')[0]!.fix).toBe('x-landscape');
    expect(
      checkMediaForChannel(shortVideo({ width: 1920, height: 1080 }), 'youtube-shorts')[0]!.fix,
    ).toBe('hd-portrait');
    expect(
      checkMediaForChannel(
        video({ durationSeconds: 31 * 60, width: 1080, height: 1080 }),
        'linkedin',
      )[0]!.fix,
    ).toBe('hd-square');
    expect(checkMediaForChannel(gif({ frames: 400 }), 'x')[0]!.fix).toBeNull();
  });
});

describe('checkMediaForChannel takes what each platform takes', () => {
  const accepted: [string, MediaProbe, MediaTarget][] = [
    ['a 720p H.264 clip', video(), 'x'],
    ['a 1200x1900 portrait at 60 fps', video({ width: 1200, height: 1900, frameRate: 60 }), 'x'],
    ['a silent clip', video({ audioCodec: null, audioChannels: null }), 'x'],
    ['a 2:20 clip', video({ durationSeconds: 140 }), 'x'],
    ['4 images', image(), 'x'],
    ['a 350-frame GIF of 480x270', gif({ frames: 350 }), 'x'],
    ['a 1080p clip', video({ width: 1920, height: 1080 }), 'linkedin'],
    ['a 9:16 clip', video({ width: 1080, height: 1920 }), 'linkedin'],
    ['a 30:00 clip', video({ durationSeconds: 1800 }), 'linkedin'],
    ['a 250-frame GIF', gif({ frames: 250 }), 'linkedin'],
    ['a 20 MB PNG', image({ contentType: 'image/png', sizeBytes: 20 * MB }), 'reddit'],
    ['a GIF', gif({ frames: 900 }), 'reddit'],
    [
      'an HEVC 4K WebM',
      video({
        contentType: 'video/webm',
        videoCodec: 'vp9',
        width: 3840,
        height: 2160,
        durationSeconds: 3600,
      }),
      'youtube',
    ],
    ['a 16:9 HEVC clip', video({ videoCodec: 'hevc', width: 1920, height: 1080 }), 'youtube'],
    ['a 9:16 Short of 3:00', shortVideo({ durationSeconds: 180 }), 'youtube-shorts'],
    ['a square Short', shortVideo({ width: 1080, height: 1080 }), 'youtube-shorts'],
    [
      'a file that could not be read (type and size only)',
      video({
        width: null,
        height: null,
        durationSeconds: null,
        frameRate: null,
        videoCodec: null,
        audioCodec: null,
        audioChannels: null,
      }),
      'x',
    ],
  ];
  it.each(accepted)('%s on %s', (_, probe, target) => {
    expect(checkMediaForChannel(probe, target)).toEqual([]);
  });
});

describe('checkMediaSetForChannel', () => {
  it.each([
    [
      '5 images on X',
      [image(), image(), image(), image(), image()],
      'x',
      'A post on X takes at most 4 images',
    ],
    [
      'a video beside an image on X',
      [video(), image()],
      'x',
      'A post on X takes up to 4 images, or one GIF, or one video',
    ],
    [
      '21 images on LinkedIn',
      Array.from({ length: 21 }, () => image()),
      'linkedin',
      'A post on LinkedIn takes at most 20 images',
    ],
    ['2 images on Reddit', [image(), image()], 'reddit', 'A Reddit post here carries one image.'],
    ['2 videos on YouTube', [video(), video()], 'youtube', 'Please choose one video to upload'],
  ] as const)('refuses %s as a whole', (_, probes, target, message) => {
    expect(checkMediaSetForChannel(probes, target)).toContainEqual({
      index: null,
      problem: { target, rule: 'count', message, fix: null },
    });
  });

  it('names the file each problem is about and passes a set the channel takes', () => {
    expect(checkMediaSetForChannel([image(), image({ sizeBytes: 6 * MB })], 'x')).toEqual([
      {
        index: 1,
        problem: {
          target: 'x',
          rule: 'size',
          message: 'Images on X can be at most 5 MB (this one is 6 MB)',
          fix: null,
        },
      },
    ]);
    expect(checkMediaSetForChannel([image(), image(), image(), image()], 'x')).toEqual([]);
  });
});

describe('helpers', () => {
  it.each([
    [0.5, '0:00.5'],
    [7, '0:07'],
    [140, '2:20'],
    [3723, '1:02:03'],
  ])('formats %s s as %s', (s, words) => expect(formatSeconds(s)).toBe(words));

  it('checks YouTube as Shorts when the text says #Shorts', () => {
    expect(youtubeTarget('My day #Shorts')).toBe('youtube-shorts');
    expect(youtubeTarget('#shortsleeve')).toBe('youtube');
    expect(youtubeTarget('A long film')).toBe('youtube');
  });

  it('picks the preset of the file shape, X at its own size', () => {
    expect(exportPresetFor('x', { width: 720, height: 1280 })).toBe('x-portrait');
    expect(exportPresetFor('youtube', { width: 1920, height: 1080 })).toBe('hd-landscape');
    expect(exportPresetFor('youtube-shorts', { width: 1080, height: 1080 })).toBe('hd-portrait');
  });
});
