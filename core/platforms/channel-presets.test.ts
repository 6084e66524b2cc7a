import { describe, expect, it } from 'vitest';
import { resolutionFor, sizeOf } from '../editor/model';
import type { MediaProbe } from '../media-probe';
import { CHANNEL_PRESETS, channelPresetChoices, defaultChannelPreset } from './channel-presets';
import {
  checkMediaForChannel,
  exportPresets,
  mediaTargetLabels,
  type ExportPresetId,
  type MediaTarget,
} from './media-rules';

const MB = 1024 * 1024;

/** What the editor exports with a preset: 20 s of H.264 + AAC stereo MP4 at 30 fps, about 8 Mbit/s (24 MB at 4K). */
const exported = (preset: ExportPresetId): MediaProbe => {
  const p = exportPresets[preset];
  return {
    kind: 'video',
    contentType: 'video/mp4',
    sizeBytes: Math.round(((p.width * p.height) / (1920 * 1080)) * 20 * MB),
    container: 'MP4',
    width: p.width,
    height: p.height,
    durationSeconds: 20,
    frameRate: 30,
    videoCodec: 'avc',
    audioCodec: 'aac',
    audioChannels: 2,
    frames: null,
  };
};

const targets = Object.keys(mediaTargetLabels) as MediaTarget[];

describe('the presets each channel offers', () => {
  it.each(targets.flatMap((t) => CHANNEL_PRESETS[t].map((preset) => [t, preset] as const)))(
    '%s takes what the %s preset exports',
    (target, preset) => {
      expect(checkMediaForChannel(exported(preset), target)).toEqual([]);
    },
  );

  it('are the shapes and sizes each channel is known for, its default first', () => {
    const shapes = (t: MediaTarget) =>
      CHANNEL_PRESETS[t].map(
        (id) =>
          `${exportPresets[id].aspectRatio} ${exportPresets[id].width}x${exportPresets[id].height}`,
      );
    expect(shapes('youtube')).toEqual(['16:9 1920x1080', '16:9 3840x2160']);
    expect(shapes('youtube-shorts')).toEqual(['9:16 1080x1920']);
    expect(shapes('x')).toEqual(['16:9 1280x720', '1:1 720x720', '9:16 720x1280']);
    expect(shapes('linkedin')).toEqual(['16:9 1920x1080', '1:1 1080x1080', '4:5 1080x1350']);
    // Reddit posts from here carry images only: a video for it would be refused.
    expect(CHANNEL_PRESETS.reddit).toEqual([]);
    expect(checkMediaForChannel(exported('hd-landscape'), 'reddit').map((p) => p.rule)).toEqual([
      'type',
    ]);
    expect(defaultChannelPreset('reddit')).toBeNull();
    expect(defaultChannelPreset('youtube-shorts')).toBe('hd-portrait');
    // Each is a size the editor itself offers for its shape (its Export Size list shows it).
    for (const [id, p] of Object.entries(exportPresets)) {
      expect(resolutionFor(p.aspectRatio, sizeOf(p)), id).toEqual({
        width: p.width,
        height: p.height,
      });
    }
  });

  it('offers YouTube and Shorts together, the asked one first, labelled with the channel, shape and size', () => {
    expect(channelPresetChoices('youtube-shorts').map((c) => c.label)).toEqual([
      'YouTube Shorts · 9:16 · 1080x1920',
      'YouTube · 16:9 · 1920x1080',
      'YouTube · 16:9 · 3840x2160',
    ]);
    expect(channelPresetChoices('youtube').map((c) => [c.target, c.preset])).toEqual([
      ['youtube', 'hd-landscape'],
      ['youtube', '4k-landscape'],
      ['youtube-shorts', 'hd-portrait'],
    ]);
    expect(channelPresetChoices('linkedin').map((c) => c.label)).toEqual([
      'LinkedIn · 16:9 · 1920x1080',
      'LinkedIn · 1:1 · 1080x1080',
      'LinkedIn · 4:5 · 1080x1350',
    ]);
  });
});
