import { describe, expect, it } from 'vitest';
import { exportPresets, type ExportPresetId } from '../platforms/media-rules';
import { editorFixHref, isOwnStorageFile, presetSettings, readEditorFix } from './fix-link';
import { projectSettingsSchema } from './model';

const owner = { uid: 'u1', storageBucket: 'demo.appspot.com' };
const read = (href: string) =>
  readEditorFix(new URL(href, 'http://dashboard.test').searchParams, owner);
const own = (path: string) =>
  `https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/${encodeURIComponent(path)}?alt=media&token=t`;
const media = {
  url: own('u1/generations/clip.mp4'),
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
    const url = encodeURIComponent(own('u1/uploads/v.mp4'));
    expect(
      read(`/create/editor?preset=x-landscape&media=${url}&name=v&generation=g&duration=3`),
    ).toEqual({
      preset: 'x-landscape',
      channel: null,
      media: { url: own('u1/uploads/v.mp4'), name: 'v', generationId: 'g', durationSeconds: 3 },
    });
  });

  it.each([
    ['another site', 'https://a.test/v.mp4'],
    ['a local service', 'http://127.0.0.1:8080/v.mp4'],
    ['another bucket', own('u1/v.mp4').replace('demo.appspot.com', 'other.appspot.com')],
    ["another user's file", own('u2/generations/v.mp4')],
    ['a file beside every user', own('v.mp4')],
    ['a prefix that only starts with the uid', own('u10/generations/v.mp4')],
    ['a climb out of the folder', own('u1/../u2/v.mp4')],
    ['a raw slash after the object', `${own('u1/v.mp4').split('?')[0]}/x?alt=media`],
    [
      'the emulator in a production build',
      own('u1/v.mp4').replace('https://firebasestorage.googleapis.com', 'http://127.0.0.1:9199'),
    ],
  ])('refuses the whole link for media from %s', (_case, url) => {
    const href = editorFixHref({ preset: 'hd-portrait', media: { ...media, url } });
    expect(read(href)).toBeNull();
  });

  it("opens the user's own file on the Storage emulator in an emulator build", () => {
    const emulated = { ...owner, emulators: { host: '127.0.0.1', storage: 9199 } };
    const url = own('u1/renders/r.mp4').replace(
      'https://firebasestorage.googleapis.com',
      'http://127.0.0.1:9199',
    );
    expect(isOwnStorageFile(url, emulated)).toBe(true);
    expect(isOwnStorageFile(own('u1/renders/r.mp4'), emulated)).toBe(false);
    expect(isOwnStorageFile(url, { ...emulated, uid: '' })).toBe(false);
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
