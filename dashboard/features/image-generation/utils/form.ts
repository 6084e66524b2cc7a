import { IMAGE, STYLE_OPTIONS } from '@core/constants';
import { FLUX_PRO_MAX_SIDE, fitFluxProSize } from '@core/image-size';
import { imageJobInputSchema } from '@core/jobs';
import { uploadKindOf } from '@core/media-types';
import type { z } from 'zod';

export type ImageMode = 'text' | 'image';
export type ImageStyle = (typeof STYLE_OPTIONS.image)[number];
export type ImageJobInput = z.input<typeof imageJobInputSchema>;

/** Storage rules accept image uploads up to 20 MB under {uid}/uploads/. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = '20 MB';

export const EMPTY_PROMPT_MESSAGE = 'Please provide either a prompt or an input image';

export const STYLE_LABELS: Record<ImageStyle, string> = {
  photorealistic: 'Photorealistic',
  anime: 'Anime',
  'digital-art': 'Digital Art',
  'oil-painting': 'Oil Painting',
  watercolor: 'Watercolor',
  '3d-render': '3D Render',
};

/** The form as the user edits it: sizes stay text until they are snapped, so typing '10' on the way to '1024' is not fought. */
export interface ImageFormValues {
  mode: ImageMode;
  prompt: string;
  negativePrompt: string;
  style: ImageStyle;
  width: string;
  height: string;
  steps: number;
  inputImage: File | null;
  controlImage: File | null;
}

export const defaultImageForm: ImageFormValues = {
  mode: 'text',
  prompt: '',
  negativePrompt: '',
  style: 'photorealistic',
  width: String(IMAGE.defaultWidth),
  height: String(IMAGE.defaultHeight),
  steps: IMAGE.defaultSteps,
  inputImage: null,
  controlImage: null,
};

export interface SnappedSize {
  value: number;
  /** Why the value changed, for the line under the field; null when the typed value was already valid. */
  note: string | null;
}

/** Clamps a typed width or height to 512-2048 and rounds it to the nearest step of 64. */
export function snapImageSize(
  raw: string,
  label: 'Width' | 'Height',
  fallback: number,
): SnappedSize {
  const text = raw.trim();
  const n = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(n))
    return {
      value: fallback,
      note: `${label} must be a number from ${IMAGE.minSize} to ${IMAGE.maxSize}, so it was reset to ${fallback}.`,
    };
  if (n < IMAGE.minSize)
    return {
      value: IMAGE.minSize,
      note: `${label} is at least ${IMAGE.minSize}, so it was set to ${IMAGE.minSize}.`,
    };
  if (n > IMAGE.maxSize)
    return {
      value: IMAGE.maxSize,
      note: `${label} is at most ${IMAGE.maxSize}, so it was set to ${IMAGE.maxSize}.`,
    };
  const stepped = Math.round(n / IMAGE.sizeStep) * IMAGE.sizeStep;
  const value = Math.min(IMAGE.maxSize, Math.max(IMAGE.minSize, stepped));
  if (value !== n)
    return {
      value,
      note: `${label} goes in steps of ${IMAGE.sizeStep}, so it was rounded to ${value}.`,
    };
  return { value, note: null };
}

/**
 * What will happen to a size as it is being typed, before the field is left or the form sent: null when
 * it is sent as typed (snapImageSize says what was done once it is applied).
 */
export function pendingSizeNote(
  raw: string,
  label: 'Width' | 'Height',
  fallback: number,
): string | null {
  const text = raw.trim();
  const { value, note } = snapImageSize(raw, label, fallback);
  if (note === null) return null;
  const n = Number(text);
  if (text === '' || !Number.isFinite(n))
    return `${label} must be a number from ${IMAGE.minSize} to ${IMAGE.maxSize}: without one, ${fallback} will be used.`;
  if (n < IMAGE.minSize)
    return `${label} ${text} is below the ${IMAGE.minSize} minimum: it will be generated at ${value}.`;
  if (n > IMAGE.maxSize)
    return `${label} ${text} is above the ${IMAGE.maxSize} maximum: it will be generated at ${value}.`;
  return `${label} goes in steps of ${IMAGE.sizeStep}: ${text} will be generated at ${value}.`;
}

/**
 * The size the provider will make, when it is not the one asked for: flux-pro-1.1 makes at most 1440 px a
 * side (core/image-size.ts), so a larger text-to-image request comes back scaled down. Null when it is
 * made as asked, and in image mode, where the picture given sets the size.
 */
export function providerSizeNote(
  values: Pick<ImageFormValues, 'mode' | 'width' | 'height'>,
): string | null {
  if (values.mode !== 'text') return null;
  const width = snapImageSize(values.width, 'Width', IMAGE.defaultWidth).value;
  const height = snapImageSize(values.height, 'Height', IMAGE.defaultHeight).value;
  const made = fitFluxProSize(width, height);
  if (made.width === width && made.height === height) return null;
  return `Black Forest Labs makes images of at most ${FLUX_PRO_MAX_SIDE} px a side: ${width} × ${height} will be generated at ${made.width} × ${made.height}, the same shape.`;
}

/** Keeps the slider's value inside 20-50 whole steps. */
export function clampSteps(n: number): number {
  if (!Number.isFinite(n)) return IMAGE.defaultSteps;
  return Math.min(IMAGE.maxSteps, Math.max(IMAGE.minSteps, Math.round(n)));
}

export type ImageFileCheck = { ok: true } | { ok: false; message: string };

/** Image files only, within the upload limit (the same limits storage.rules enforce). */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): ImageFileCheck {
  if (uploadKindOf(file.type) !== 'image')
    return { ok: false, message: 'Please choose an image file (PNG, JPEG, WebP or GIF).' };
  if (file.size > MAX_UPLOAD_BYTES)
    return { ok: false, message: `Images must be ${MAX_UPLOAD_LABEL} or smaller.` };
  return { ok: true };
}

export type FormCheck =
  | { ok: true; input: ImageJobInput; sizes: { width: SnappedSize; height: SnappedSize } }
  | { ok: false; message: string; field: 'prompt' | 'inputImage' | 'form' };

/**
 * Checks the form before anything is uploaded or started. The returned input has no image paths yet:
 * the caller uploads the chosen files and adds them (see withUploadedPaths).
 */
export function checkImageForm(values: ImageFormValues): FormCheck {
  const prompt = values.prompt.trim();
  const usesImages = values.mode === 'image';
  const hasInput = usesImages && values.inputImage !== null;
  if (!prompt && !hasInput)
    return {
      ok: false,
      message: EMPTY_PROMPT_MESSAGE,
      field: usesImages ? 'inputImage' : 'prompt',
    };
  for (const file of usesImages ? [values.inputImage, values.controlImage] : []) {
    if (!file) continue;
    const check = checkImageFile(file);
    if (!check.ok) return { ok: false, message: check.message, field: 'inputImage' };
  }
  const width = snapImageSize(values.width, 'Width', IMAGE.defaultWidth);
  const height = snapImageSize(values.height, 'Height', IMAGE.defaultHeight);
  const input: ImageJobInput = {
    mode: values.mode,
    prompt,
    negativePrompt: values.negativePrompt.trim(),
    style: values.style,
    width: width.value,
    height: height.value,
    steps: clampSteps(values.steps),
  };
  return { ok: true, input, sizes: { width, height } };
}

/** Adds the uploaded Storage paths and runs the shared schema (the same one startJob validates with). */
export function withUploadedPaths(
  input: ImageJobInput,
  paths: { inputImagePath?: string; controlImagePath?: string },
): { ok: true; input: ImageJobInput } | { ok: false; message: string } {
  const candidate: ImageJobInput = {
    ...input,
    ...(paths.inputImagePath ? { inputImagePath: paths.inputImagePath } : {}),
    ...(paths.controlImagePath ? { controlImagePath: paths.controlImagePath } : {}),
  };
  const parsed = imageJobInputSchema.safeParse(candidate);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? EMPTY_PROMPT_MESSAGE };
  return { ok: true, input: candidate };
}

/** Form fields restored from a job found after a reload, so the page reads as the user left it. */
export function formFromJobInput(
  input: Record<string, unknown>,
  base: ImageFormValues = defaultImageForm,
): ImageFormValues {
  const str = (v: unknown, d: string) => (typeof v === 'string' ? v : d);
  const style = (STYLE_OPTIONS.image as readonly string[]).includes(input.style as string)
    ? (input.style as ImageStyle)
    : base.style;
  return {
    ...base,
    mode: input.mode === 'image' ? 'image' : 'text',
    prompt: str(input.prompt, base.prompt),
    negativePrompt: str(input.negativePrompt, base.negativePrompt),
    style,
    width: typeof input.width === 'number' ? String(input.width) : base.width,
    height: typeof input.height === 'number' ? String(input.height) : base.height,
    steps: typeof input.steps === 'number' ? clampSteps(input.steps) : base.steps,
  };
}
