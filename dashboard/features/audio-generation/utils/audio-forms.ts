import { DEFAULT_MODELS } from '@core/ai-models';
import { MUSIC, STYLE_OPTIONS, VOICES } from '@core/constants';
import { musicJobInputSchema, voiceoverJobInputSchema } from '@core/jobs';
import type { z } from 'zod';

export type MusicGenre = (typeof STYLE_OPTIONS.music)[number];
/** An ElevenLabs model id; which ones the key can use comes from its catalogue (core/ai-models.ts). */
export type VoiceModelId = string;
export type MusicJobInput = z.input<typeof musicJobInputSchema>;
export type VoiceoverJobInput = z.input<typeof voiceoverJobInputSchema>;

export const GENRE_LABELS: Record<MusicGenre, string> = {
  ambient: 'Ambient',
  electronic: 'Electronic',
  rock: 'Rock',
  classical: 'Classical',
  jazz: 'Jazz',
};

/** The music form keeps its duration as typed (a string). */
export interface MusicFormValues {
  prompt: string;
  duration: string;
  genre: MusicGenre;
}
export const defaultMusicForm: MusicFormValues = {
  prompt: '',
  duration: String(MUSIC.defaultDuration),
  genre: 'ambient',
};

export interface VoiceoverFormValues {
  text: string;
  voiceId: string;
  modelId: VoiceModelId;
}
export const defaultVoiceoverForm: VoiceoverFormValues = {
  text: '',
  voiceId: VOICES[0].id,
  modelId: DEFAULT_MODELS.elevenlabs,
};

/** A typed duration as whole seconds within 15-120; blank or unreadable falls back to 30. */
export function clampDuration(raw: string): number {
  const n = Math.round(Number(raw.trim()));
  if (!raw.trim() || !Number.isFinite(n)) return MUSIC.defaultDuration;
  return Math.min(MUSIC.maxDuration, Math.max(MUSIC.minDuration, n));
}

/**
 * What happens to a typed duration (null when it is sent as typed): 'pending' while it is typed, before
 * anything is sent; 'applied' once the field has been set to the value that will be sent.
 */
export function durationNote(raw: string, when: 'pending' | 'applied'): string | null {
  const text = raw.trim();
  const seconds = clampDuration(raw);
  if (text !== '' && Number(text) === seconds) return null;
  const will = when === 'pending';
  const n = Number(text);
  if (text === '' || !Number.isFinite(n))
    return `Duration is ${MUSIC.minDuration} to ${MUSIC.maxDuration} seconds: ${will ? `without a number, ${seconds} s will be sent` : `it was reset to ${seconds} s`}.`;
  if (n < MUSIC.minDuration)
    return `${text} s is below the ${MUSIC.minDuration} s minimum: ${will ? `it will be sent as ${seconds} s` : `it was set to ${seconds} s`}.`;
  if (n > MUSIC.maxDuration)
    return `${text} s is above the ${MUSIC.maxDuration} s maximum: ${will ? `it will be sent as ${seconds} s` : `it was set to ${seconds} s`}.`;
  return `Duration is in whole seconds: ${will ? `${text} s will be sent as ${seconds} s` : `${text} s was rounded to ${seconds} s`}.`;
}

export type Check<T> = { ok: true; input: T } | { ok: false; message: string };

/** A prompt is required ('Please provide a prompt for the music'); duration 15 to 120. */
export function checkMusicForm(values: MusicFormValues): Check<MusicJobInput> {
  const parsed = musicJobInputSchema.safeParse({
    prompt: values.prompt,
    durationSeconds: clampDuration(values.duration),
    genre: values.genre,
  });
  return parsed.success
    ? { ok: true, input: parsed.data }
    : {
        ok: false,
        message: parsed.error.issues[0]?.message ?? 'Please provide a prompt for the music',
      };
}

/** Text is required ('Please provide text for the voiceover'). */
export function checkVoiceoverForm(values: VoiceoverFormValues): Check<VoiceoverJobInput> {
  const parsed = voiceoverJobInputSchema.safeParse({
    text: values.text,
    voiceId: values.voiceId,
    modelId: values.modelId,
  });
  return parsed.success
    ? { ok: true, input: parsed.data }
    : {
        ok: false,
        message: parsed.error.issues[0]?.message ?? 'Please provide text for the voiceover',
      };
}

export function musicFormFromJob(
  input: Record<string, unknown>,
  current: MusicFormValues,
): MusicFormValues {
  return {
    prompt: typeof input.prompt === 'string' ? input.prompt : current.prompt,
    duration:
      typeof input.durationSeconds === 'number' ? String(input.durationSeconds) : current.duration,
    genre: (STYLE_OPTIONS.music as readonly string[]).includes(String(input.genre))
      ? (input.genre as MusicGenre)
      : current.genre,
  };
}

export function voiceoverFormFromJob(
  input: Record<string, unknown>,
  current: VoiceoverFormValues,
): VoiceoverFormValues {
  return {
    text: typeof input.text === 'string' ? input.text : current.text,
    voiceId: VOICES.some((v) => v.id === input.voiceId) ? String(input.voiceId) : current.voiceId,
    modelId:
      typeof input.modelId === 'string' && /^[a-z0-9_]{1,64}$/.test(input.modelId)
        ? input.modelId
        : current.modelId,
  };
}
