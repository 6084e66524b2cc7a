import type { IntegrationType } from '@core/integrations';
import {
  TRANSCRIPTION_MAX_BYTES,
  transcriptionJobInputSchema,
  type TranscriptionJobInput,
  type TranscriptionProvider,
  type TranscriptionResult,
} from '@core/jobs';
import { TRANSCRIPTION_MODEL } from '../../providers/audio/elevenlabs';
import {
  OPENAI_TRANSCRIPTION_MODEL,
  tooLargeForOpenAi,
} from '../../providers/audio/openai-transcription-facts';
import type { SpeechTranscriber } from '../../providers/audio/transcriber';
import type { ExecutionOutcome, JobExecutor } from '../executor';
import { withHeartbeat } from './heartbeat';

// Transcription jobs: one of the user's audio or video files, sent with their own key to the provider the
// job's input names (ElevenLabs speech to text or OpenAI transcription; transcriptionProviderFacts below says
// what differs). The words and their times (seconds from the file's start) are the job's `result`, with the
// model that made them; nothing is stored in Storage and no library record is written (resultOnly).

export const transcriptionMessages = {
  missingKey: 'ElevenLabs API key not found. Please add your API key in the Integrations page.',
  failed: 'Failed to transcribe',
  download: 'Failed to transcribe',
  save: 'Failed to save the transcript',
  notYours: 'You can only transcribe files from your own library',
  notMedia:
    'Failed to transcribe: the file is gone, too large (50 MB at most), or not audio or video.',
} as const;

interface TranscriptionProviderFacts {
  /** The user's key it needs (core/integrations.ts). */
  integration: IntegrationType;
  missingKey: string;
  /** The model the adapter asks for, kept on the result. */
  model: string;
  /** The provider's own file limit, when smaller than the 50 MB every transcription may send, and what to say over it. */
  limit?: { bytes: number; message: string };
}

/** Each provider a transcription can go to; the executor reads this, never the provider's name. */
export const transcriptionProviderFacts: Record<TranscriptionProvider, TranscriptionProviderFacts> =
  {
    elevenlabs: {
      integration: 'elevenlabs',
      missingKey: transcriptionMessages.missingKey,
      model: TRANSCRIPTION_MODEL,
    },
    openai: {
      integration: 'openai',
      missingKey: 'OpenAI API key not found. Please add your API key in the Integrations page.',
      model: OPENAI_TRANSCRIPTION_MODEL,
      limit: { bytes: TRANSCRIPTION_MAX_BYTES.openai, message: tooLargeForOpenAi },
    },
  };

const HEARTBEAT_MS = 3000;

/** `transcribers`: each provider's adapter for one key (../deps.ts). */
export function createTranscriptionExecutor(deps: {
  transcribers: Record<TranscriptionProvider, (apiKey: string) => SpeechTranscriber>;
}): JobExecutor<TranscriptionJobInput> {
  return {
    kind: 'transcription',
    generationType: 'audio',
    resultOnly: true,
    // The default provider's; keyFor says which key each job needs.
    integration: transcriptionProviderFacts.elevenlabs.integration,
    keyFor: (input) => transcriptionProviderFacts[input.provider],
    messages: transcriptionMessages,
    parseInput: (raw) => transcriptionJobInputSchema.parse(raw),
    async checkStart(uid, input, { bucket }) {
      if (!input.storagePath.startsWith(`${uid}/`))
        return { code: 'permission-denied', message: transcriptionMessages.notYours };
      const { limit } = transcriptionProviderFacts[input.provider];
      try {
        const [md] = await bucket.file(input.storagePath).getMetadata();
        if (!/^(audio|video)\//.test(md.contentType ?? ''))
          return { code: 'invalid-argument', message: transcriptionMessages.notMedia };
        if (limit && Number(md.size ?? 0) > limit.bytes)
          return { code: 'invalid-argument', message: limit.message };
      } catch (error) {
        if ((error as { code?: number }).code === 404)
          return { code: 'invalid-argument', message: transcriptionMessages.notMedia };
        throw error;
      }
      return undefined;
    },
    async execute(ctx): Promise<ExecutionOutcome> {
      const provider = transcriptionProviderFacts[ctx.input.provider];
      await ctx.report({ progress: 5, statusText: 'Reading the file' });
      const media = await ctx.readMedia(ctx.input.storagePath);
      if (!media)
        return {
          ok: false,
          error: { code: 'invalid_input', message: transcriptionMessages.notMedia },
        };
      // The file may have been replaced since the job started: the provider's limit holds at the call too.
      if (provider.limit && media.bytes.length > provider.limit.bytes)
        return { ok: false, error: { code: 'invalid_input', message: provider.limit.message } };
      await ctx.report({ progress: 20, statusText: 'Transcribing' });
      const fileName = ctx.input.storagePath.split('/').pop()!;
      const transcriber = deps.transcribers[ctx.input.provider](ctx.apiKey);
      const answer = await withHeartbeat(
        ctx,
        { everyMs: HEARTBEAT_MS, progress: () => 50, statusText: 'Transcribing' },
        (signal) =>
          transcriber.transcribe(
            {
              bytes: media.bytes,
              contentType: media.contentType,
              fileName,
              languageCode: ctx.input.languageCode,
            },
            signal,
          ),
      );
      if (!answer.ok)
        return { ok: false, error: { code: answer.failure.code, message: answer.failure.message } };
      const result: TranscriptionResult = { ...answer.transcript, model: provider.model };
      return { ok: true, result: { ...result } };
    },
    describe(input) {
      return {
        title: 'Transcript',
        prompt: '',
        metadata: {
          kind: 'transcription',
          storagePath: input.storagePath,
          provider: input.provider,
        },
      };
    },
  };
}
