import { describe, expect, it } from 'vitest';
import { imageJobInputSchema } from '@core/jobs';
import { createImageExecutor, imageTitle, operationKindOf, providerPrompt } from './image';

const input = (raw: Record<string, unknown>) =>
  imageJobInputSchema.parse({ mode: 'text', prompt: 'a lighthouse at dusk', ...raw });

describe('image job input', () => {
  it.each([
    ['text with a prompt', { mode: 'text' }, { kind: 'text' }],
    [
      'text ignores images left from the other tab',
      { mode: 'text', inputImagePath: 'u/uploads/a.png' },
      { kind: 'text' },
    ],
    [
      'image with an input image',
      { mode: 'image', inputImagePath: 'u/uploads/a.png' },
      { kind: 'edit' },
    ],
    [
      'image with a control image',
      { mode: 'image', controlImagePath: 'u/uploads/c.png', controlType: 'depth' },
      { kind: 'control', control: 'depth' },
    ],
    [
      'image with both: the control image leads',
      { mode: 'image', inputImagePath: 'u/uploads/a.png', controlImagePath: 'u/uploads/c.png' },
      { kind: 'control', control: 'canny' },
    ],
    ['image tab with only a prompt', { mode: 'image' }, { kind: 'text' }],
  ])('%s', (_label, raw, kind) => {
    expect(operationKindOf(input(raw))).toEqual(kind);
  });

  it.each([
    [{}, 'a lighthouse at dusk, photorealistic style'],
    [
      { style: '3d-render', negativePrompt: 'text, watermark' },
      'a lighthouse at dusk, 3D render style. Avoid: text, watermark',
    ],
    [
      { mode: 'image', prompt: '', inputImagePath: 'u/uploads/a.png', style: 'watercolor' },
      'Restyle this image in a watercolor style',
    ],
  ])('folds style and negative prompt into the prompt sent: %o', (raw, text) => {
    expect(providerPrompt(input(raw))).toBe(text);
  });

  it('titles a record with the first 50 characters of the prompt, or Image to image', () => {
    expect(imageTitle(input({ prompt: 'x'.repeat(80) }))).toBe('x'.repeat(50));
    expect(
      imageTitle(input({ mode: 'image', prompt: '', inputImagePath: 'u/uploads/a.png' })),
    ).toBe('Image to image');
  });

  it('records the documented metadata with the stored size and the model used', () => {
    const executor = createImageExecutor({
      generators: () => ({
        submit: async () => ({
          ok: false,
          failure: { code: 'internal', message: '' },
          attempts: 0,
        }),
        waitForResult: async () => ({
          ok: false,
          failure: { code: 'internal', message: '' },
          polls: 0,
        }),
      }),
    });
    const media = {
      path: 'u/generations/j.png',
      contentType: 'image/png',
      sizeBytes: 10,
      downloadUrl: 'http://x',
      width: 640,
      height: 512,
    };
    expect(
      executor.describe(
        input({ mode: 'image', prompt: 'night', inputImagePath: 'u/uploads/a.png' }),
        media,
      ),
    ).toEqual({
      title: 'night',
      prompt: 'night',
      metadata: {
        width: 640,
        height: 512,
        requestedWidth: 1024,
        requestedHeight: 768,
        steps: 40,
        guidance: 2.5,
        model: 'flux-kontext-pro',
        promptUpsampling: false,
        ultraMode: false,
        rawMode: false,
        mode: 'image',
        style: 'photorealistic',
        negativePrompt: '',
      },
    });
  });
});
