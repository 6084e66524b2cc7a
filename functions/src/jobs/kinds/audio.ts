import type { z } from 'zod';
import { MUSIC_PROGRESS, TITLE_TRUNCATION, timedProgress, VOICES } from '@core/constants';
import { musicJobInputSchema, voiceoverJobInputSchema } from '@core/jobs';
import {
  MUSIC_MODEL,
  type MusicGenerator,
  type SpeechGenerator,
} from '../../providers/audio/elevenlabs';
import type { ExecutionOutcome, JobExecutor } from '../executor';
import { withHeartbeat } from './heartbeat';

// Voiceover and music jobs (music is real, through
// ElevenLabs Music). Each is one call that answers the MP3 itself; a heartbeat keeps the lease and carries
// the timed progress meanwhile.

export type VoiceoverJobInput = z.output<typeof voiceoverJobInputSchema>;
export type MusicJobInput = z.output<typeof musicJobInputSchema>;

const elevenLabsMissingKey =
  'ElevenLabs API key not found. Please add your API key in the Integrations page.';
export const voiceoverMessages = {
  missingKey: elevenLabsMissingKey,
  failed: 'Failed to generate voiceover',
  download: 'Failed to generate voiceover',
  save: 'Failed to save generation',
} as const;
export const musicMessages = {
  missingKey: elevenLabsMissingKey,
  failed: 'Failed to generate music',
  download: 'Failed to generate music',
  save: 'Failed to save generation',
} as const;

const HEARTBEAT_MS = 3000;

/** The prompt sent to ElevenLabs Music: the genre is part of the text (the API has no genre field). */
export function musicProviderPrompt(input: MusicJobInput): string {
  return `${input.prompt.trim()}. Genre: ${input.genre}.`;
}

export function createVoiceoverExecutor(deps: {
  generators: (apiKey: string) => SpeechGenerator;
}): JobExecutor<VoiceoverJobInput> {
  return {
    kind: 'voiceover',
    generationType: 'audio',
    integration: 'elevenlabs',
    messages: voiceoverMessages,
    parseInput: (raw) => voiceoverJobInputSchema.parse(raw),
    async execute(ctx): Promise<ExecutionOutcome> {
      await ctx.report({ progress: 10, statusText: 'Generating voiceover' });
      const result = await withHeartbeat(
        ctx,
        { everyMs: HEARTBEAT_MS, progress: () => 50, statusText: 'Generating voiceover' },
        (signal) =>
          deps
            .generators(ctx.apiKey)
            .speak(
              { text: ctx.input.text, voiceId: ctx.input.voiceId, modelId: ctx.input.modelId },
              signal,
            ),
      );
      if (!result.ok)
        return { ok: false, error: { code: result.failure.code, message: result.failure.message } };
      return { ok: true, media: { bytes: result.bytes, contentType: result.contentType } };
    },
    describe(input) {
      return {
        title: input.text.trim().slice(0, TITLE_TRUNCATION),
        prompt: input.text,
        metadata: {
          kind: 'voiceover',
          voiceId: input.voiceId,
          voiceName: VOICES.find((v) => v.id === input.voiceId)?.name ?? null,
          modelId: input.modelId,
          characters: input.text.length,
        },
      };
    },
  };
}

export function createMusicExecutor(deps: {
  generators: (apiKey: string) => MusicGenerator;
}): JobExecutor<MusicJobInput> {
  return {
    kind: 'music',
    generationType: 'audio',
    integration: 'elevenlabs',
    messages: musicMessages,
    parseInput: (raw) => musicJobInputSchema.parse(raw),
    async execute(ctx): Promise<ExecutionOutcome> {
      await ctx.report({ progress: 0, statusText: 'Composing music' });
      const result = await withHeartbeat(
        ctx,
        {
          everyMs: HEARTBEAT_MS,
          progress: (ms) => timedProgress(ms, MUSIC_PROGRESS),
          statusText: 'Composing music',
        },
        (signal) =>
          deps.generators(ctx.apiKey).compose(
            {
              prompt: musicProviderPrompt(ctx.input),
              lengthMs: ctx.input.durationSeconds * 1000,
            },
            signal,
          ),
      );
      if (!result.ok)
        return { ok: false, error: { code: result.failure.code, message: result.failure.message } };
      return { ok: true, media: { bytes: result.bytes, contentType: result.contentType } };
    },
    describe(input) {
      return {
        title: input.prompt.trim().slice(0, TITLE_TRUNCATION),
        prompt: input.prompt,
        metadata: {
          kind: 'music',
          genre: input.genre,
          durationSeconds: input.durationSeconds,
          model: MUSIC_MODEL,
          providerPrompt: musicProviderPrompt(input),
        },
      };
    },
  };
}
