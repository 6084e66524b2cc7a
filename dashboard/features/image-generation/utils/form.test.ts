import { describe, expect, it } from 'vitest';
import {
  checkImageFile,
  checkImageForm,
  clampSteps,
  defaultImageForm,
  EMPTY_PROMPT_MESSAGE,
  formFromJobInput,
  pendingSizeNote,
  providerSizeNote,
  snapImageSize,
  withUploadedPaths,
  type ImageFormValues,
} from './form';

const file = (type: string, size = 1000, name = 'photo.png') => {
  const f = new File([new Uint8Array(1)], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const form = (patch: Partial<ImageFormValues>): ImageFormValues => ({
  ...defaultImageForm,
  ...patch,
});

describe('snapImageSize', () => {
  it.each([
    ['1024', 1024, null],
    ['512', 512, null],
    ['2048', 2048, null],
    ['1000', 1024, 'Width goes in steps of 64, so it was rounded to 1024.'],
    ['1055', 1024, 'Width goes in steps of 64, so it was rounded to 1024.'],
    ['1056', 1088, 'Width goes in steps of 64, so it was rounded to 1088.'],
    ['100', 512, 'Width is at least 512, so it was set to 512.'],
    ['-64', 512, 'Width is at least 512, so it was set to 512.'],
    ['4096', 2048, 'Width is at most 2048, so it was set to 2048.'],
    ['', 1024, 'Width must be a number from 512 to 2048, so it was reset to 1024.'],
    ['abc', 1024, 'Width must be a number from 512 to 2048, so it was reset to 1024.'],
    [' 768 ', 768, null],
  ])('snaps %j to %i', (raw, value, note) => {
    expect(snapImageSize(raw, 'Width', 1024)).toEqual({ value, note });
  });

  it('names the field and uses its own default', () => {
    expect(snapImageSize('', 'Height', 768)).toEqual({
      value: 768,
      note: 'Height must be a number from 512 to 2048, so it was reset to 768.',
    });
  });
});

describe('pendingSizeNote', () => {
  it.each([
    ['1024', null],
    ['300', 'Width 300 is below the 512 minimum: it will be generated at 512.'],
    ['4096', 'Width 4096 is above the 2048 maximum: it will be generated at 2048.'],
    ['1000', 'Width goes in steps of 64: 1000 will be generated at 1024.'],
    ['', 'Width must be a number from 512 to 2048: without one, 1024 will be used.'],
  ])('says what will happen to %j before it is sent', (raw, note) => {
    expect(pendingSizeNote(raw, 'Width', 1024)).toBe(note);
  });
});

describe('clampSteps', () => {
  it.each([
    [40, 40],
    [19, 20],
    [51, 50],
    [33.6, 34],
    [Number.NaN, 40],
  ])('keeps %d as %d', (n, expected) => expect(clampSteps(n)).toBe(expected));
});

describe('checkImageFile', () => {
  it.each([
    ['image/png', 1000, true],
    ['image/jpeg', 20 * 1024 * 1024, true],
    ['image/webp', 20 * 1024 * 1024 + 1, false],
    ['image/gif', 1000, true],
    ['image/svg+xml', 1000, false],
    ['image/avif', 1000, false],
    ['text/html', 1000, false],
    ['application/pdf', 1000, false],
    ['', 1000, false],
  ])('%s of %i bytes is accepted: %s', (type, size, ok) => {
    expect(checkImageFile({ type, size }).ok).toBe(ok);
  });

  it('explains what is wrong', () => {
    expect(checkImageFile({ type: 'text/plain', size: 1 })).toEqual({
      ok: false,
      message: 'Please choose an image file (PNG, JPEG, WebP or GIF).',
    });
    expect(checkImageFile({ type: 'image/png', size: 21 * 1024 * 1024 })).toEqual({
      ok: false,
      message: 'Images must be 20 MB or smaller.',
    });
  });
});

describe('checkImageForm', () => {
  it.each<[string, Partial<ImageFormValues>]>([
    ['a blank text prompt', { mode: 'text', prompt: '   ' }],
    ['an image tab with neither prompt nor input image', { mode: 'image', prompt: '' }],
    [
      'an input image left on the image tab while generating from text',
      { mode: 'text', prompt: '', inputImage: file('image/png') },
    ],
    ['only a control image', { mode: 'image', prompt: '', controlImage: file('image/png') }],
  ])('refuses %s with its message', (_name, patch) => {
    const check = checkImageForm(form(patch));
    expect(check).toMatchObject({ ok: false, message: EMPTY_PROMPT_MESSAGE });
  });

  it.each<[string, Partial<ImageFormValues>]>([
    ['a text prompt', { mode: 'text', prompt: 'a fox' }],
    [
      'an input image without a prompt',
      { mode: 'image', prompt: '', inputImage: file('image/png') },
    ],
    [
      'an edit prompt with an input image',
      { mode: 'image', prompt: 'make it snow', inputImage: file('image/jpeg') },
    ],
  ])('accepts %s', (_name, patch) => {
    expect(checkImageForm(form(patch)).ok).toBe(true);
  });

  it('refuses an oversized input image before uploading it', () => {
    expect(
      checkImageForm(form({ mode: 'image', inputImage: file('image/png', 30 * 1024 * 1024) })),
    ).toEqual({ ok: false, message: 'Images must be 20 MB or smaller.', field: 'inputImage' });
  });

  it('builds the job input with snapped sizes, trimmed text and the defaults', () => {
    const check = checkImageForm(
      form({
        prompt: '  a red fox  ',
        negativePrompt: ' blur ',
        width: '1000',
        height: '5000',
        steps: 45,
        style: 'anime',
      }),
    );
    expect(check.ok && check.input).toEqual({
      mode: 'text',
      prompt: 'a red fox',
      negativePrompt: 'blur',
      style: 'anime',
      width: 1024,
      height: 2048,
      steps: 45,
    });
    expect(check.ok && check.sizes.width.note).toMatch(/rounded to 1024/);
    expect(check.ok && check.sizes.height.note).toMatch(/set to 2048/);
  });

  it('starts from the product defaults: 1024 x 768, 40 steps, photorealistic', () => {
    const check = checkImageForm(form({ prompt: 'x' }));
    expect(check.ok && check.input).toMatchObject({
      width: 1024,
      height: 768,
      steps: 40,
      style: 'photorealistic',
    });
  });
});

describe('withUploadedPaths', () => {
  it('adds the uploaded paths and passes the shared schema', () => {
    const result = withUploadedPaths(
      { mode: 'image', prompt: '', width: 1024, height: 768 },
      { inputImagePath: 'alice/uploads/abc.png' },
    );
    expect(result).toEqual({
      ok: true,
      input: {
        mode: 'image',
        prompt: '',
        width: 1024,
        height: 768,
        inputImagePath: 'alice/uploads/abc.png',
      },
    });
  });

  it('refuses a path outside the uploads folder', () => {
    expect(
      withUploadedPaths(
        { mode: 'image', prompt: 'x' },
        { inputImagePath: 'alice/generations/abc.png' },
      ),
    ).toEqual({ ok: false, message: 'Input images must be uploaded files' });
  });
});

describe('formFromJobInput', () => {
  it('restores the settings of a job found after a reload', () => {
    expect(
      formFromJobInput({
        mode: 'text',
        prompt: 'a fox',
        negativePrompt: 'blur',
        style: 'watercolor',
        width: 1536,
        height: 640,
        steps: 25,
      }),
    ).toEqual({
      ...defaultImageForm,
      prompt: 'a fox',
      negativePrompt: 'blur',
      style: 'watercolor',
      width: '1536',
      height: '640',
      steps: 25,
    });
  });

  it('ignores fields of the wrong type', () => {
    expect(formFromJobInput({ prompt: 3, style: 'cubism', width: '9' })).toEqual(defaultImageForm);
  });
});

describe('providerSizeNote', () => {
  it.each([
    ['1024', '768', 'text', null],
    ['1408', '1408', 'text', null],
    ['2048', '1024', 'text', '2048 × 1024 will be generated at 1440 × 704'],
    ['2048', '2048', 'text', '2048 × 2048 will be generated at 1440 × 1440'],
    ['1000', '1600', 'text', '1024 × 1600 will be generated at 896 × 1440'],
    ['2048', '1024', 'image', null],
  ] as const)('%s x %s in %s mode: %s', (width, height, mode, says) => {
    const note = providerSizeNote({ mode, width, height });
    if (says === null) expect(note).toBeNull();
    else expect(note).toContain(says);
  });
});
