import { describe, expect, it } from 'vitest';
import { editorFixHref, presetSettings, readEditorFix } from './fix-link';
import { projectSettingsSchema } from './model';

const read = (href: string) => readEditorFix(new URL(href, 'http://dashboard.test').searchParams);

describe('the editor fix link', () => {
  it('carries the file and the preset to the editor and back', () => {
    const fix = { preset: 'hd-portrait' as const, url: 'https://storage.test/v0/b/demo/o/u1%2Fclip.mp4?alt=media&token=t', name: 'Clip & co', generationId: 'g1', durationSeconds: 12.3456 };
    const href = editorFixHref(fix);
    expect(href.startsWith('/create/editor?preset=hd-portrait&')).toBe(true);
    expect(read(href)).toEqual({ ...fix, durationSeconds: 12.346 });
  });

  it.each([
    ['no preset', '/create/editor?media=https%3A%2F%2Fa.test%2Fv.mp4'],
    ['an unknown preset', '/create/editor?preset=tiktok&media=https%3A%2F%2Fa.test%2Fv.mp4'],
    ['a script URL', '/create/editor?preset=x-landscape&media=javascript%3Aalert(1)'],
    ['no media', '/create/editor?preset=x-landscape'],
  ])('ignores an address with %s', (_, href) => {
    expect(read(href)).toBeNull();
  });

  it('turns each preset into valid project settings', () => {
    expect(presetSettings('x-portrait')).toEqual({ aspectRatio: '9:16', resolution: { width: 720, height: 1280 }, fps: 30, format: 'mp4', quality: 'high' });
    for (const preset of ['x-landscape', 'x-square', 'x-portrait', 'hd-landscape', 'hd-square', 'hd-portrait'] as const) {
      expect(projectSettingsSchema.safeParse(presetSettings(preset)).success, preset).toBe(true);
    }
  });
});
