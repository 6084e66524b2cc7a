import { STYLE_OPTIONS } from '@core/constants';
import { videoJobInputSchema } from '@core/jobs';
import type { z } from 'zod';

export type VideoStyle = (typeof STYLE_OPTIONS.video)[number];
export type VideoJobInput = z.input<typeof videoJobInputSchema>;

export const VIDEO_STYLE_LABELS: Record<VideoStyle, string> = {
  cinematic: 'Cinematic',
  anime: 'Anime',
  '3d': '3D',
  realistic: 'Realistic',
};

export interface VideoFormValues {
  prompt: string;
  style: VideoStyle;
}

export const defaultVideoForm: VideoFormValues = { prompt: '', style: 'cinematic' };

export type VideoFormCheck = { ok: true; input: VideoJobInput } | { ok: false; message: string };

/** A prompt is required ('Please provide a prompt for the video'); the schema is the function's. */
export function checkVideoForm(values: VideoFormValues): VideoFormCheck {
  const parsed = videoJobInputSchema.safeParse({ prompt: values.prompt, style: values.style });
  if (!parsed.success)
    return {
      ok: false,
      message: parsed.error.issues[0]?.message ?? 'Please provide a prompt for the video',
    };
  return { ok: true, input: parsed.data };
}

/** A job's stored input back into the form (after a reload), keeping what does not parse. */
export function videoFormFromJob(
  input: Record<string, unknown>,
  current: VideoFormValues,
): VideoFormValues {
  const style = (STYLE_OPTIONS.video as readonly string[]).includes(String(input.style))
    ? (input.style as VideoStyle)
    : current.style;
  return { prompt: typeof input.prompt === 'string' ? input.prompt : current.prompt, style };
}
