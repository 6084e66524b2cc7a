import { describe, expect, it } from 'vitest';
import { exportPresets, type ExportPresetId } from '../platforms/media-rules';
import { editorFixHref, presetSettings, readEditorFix } from './fix-link';
import { projectSettingsSchema } from './model';

const read = (href: string) => readEditorFix(new URL(href, 'http://dashboard.test').searchParams);
const media = {
  url: 'https://storage.test/v0/b/demo/o/u1%2Fclip.mp4?alt=media&token=t',
  name: 'Clip & co',
  generationId: 'g1',
  durationSeconds: 12.3456,
};

describe('the editor fix link', () => {
  it('carries the file and the preset to the editor and back', () => {
    const href = editorFixHref({ preset: 'hd-portrait', media });
    expect(href.startsWith('/create/editor?preset=hd-portrait&')).toBe(true);
    expect(read(href)).toEqual({
      preset: 'hd-portrait',
      channel: null,
      media: { ...media, durationSeconds: 12.346 },
    });
  });

  it('carries the channel the preset is for', () => {
    expect(
      read(editorFixHref({ preset: 'hd-portrait', channel: 'youtube-shorts', media })),
    ).toMatchObject({ preset: 'hd-portrait', channel: 'youtube-shorts' });
    // An unknown channel is dropped; the preset still opens.
    expect(read('/create/editor?preset=hd-portrait&channel=tiktok')).toEqual({
      preset: 'hd-portrait',
      channel: null,
      media: null,
    });
  });

  it('opens a preset without media as a new, empty project in it, but never with media that is not http(s)', () => {
    const href = editorFixHref({ preset: '4k-landscape', channel: 'youtube' });
    expect(href).toBe('/create/editor?preset=4k-landscape&channel=youtube');
    expect(read(href)).toEqual({ preset: '4k-landscape', channel: 'youtube', media: null });
    // Media that is given but not http(s) refuses the whole link: it does not open the preset without it.
    for (const media of [
      'javascript%3Aalert(1)',
      'data%3Avideo%2Fmp4%3Bbase64%2CAAAA',
      'file%3A%2F%2F%2Fetc%2Fpasswd',
      'blob%3Ahttps%3A%2F%2Fa.test%2Fx',
      'clip.mp4',
      '',
    ]) {
      expect(
        read(`/create/editor?preset=hd-portrait&channel=youtube-shorts&media=${media}`),
        media,
      ).toBeNull();
    }
  });

  it('still opens the links composers gave before channels and new presets', () => {
    expect(
      read(
        '/create/editor?preset=x-landscape&media=https%3A%2F%2Fa.test%2Fv.mp4&name=v&generation=g&duration=3',
      ),
    ).toEqual({
      preset: 'x-landscape',
      channel: null,
      media: { url: 'https://a.test/v.mp4', name: 'v', generationId: 'g', durationSeconds: 3 },
    });
  });

  it.each([
    ['no preset', '/create/editor?media=https%3A%2F%2Fa.test%2Fv.mp4'],
    ['an unknown preset', '/create/editor?preset=tiktok&media=https%3A%2F%2Fa.test%2Fv.mp4'],
    ['a script URL', '/create/editor?preset=x-landscape&media=javascript%3Aalert(1)'],
  ])('ignores an address with %s', (_, href) => {
    expect(read(href)).toBeNull();
  });

  it('turns each preset into valid project settings', () => {
    expect(presetSettings('x-portrait')).toEqual({
      aspectRatio: '9:16',
      resolution: { width: 720, height: 1280 },
      fps: 30,
      format: 'mp4',
      quality: 'high',
    });
    expect(presetSettings('hd-feed-portrait')).toMatchObject({
      aspectRatio: '4:5',
      resolution: { width: 1080, height: 1350 },
    });
    for (const preset of Object.keys(exportPresets) as ExportPresetId[]) {
      expect(projectSettingsSchema.safeParse(presetSettings(preset)).success, preset).toBe(true);
    }
  });
});
