import { transcriptionJobInputSchema, type TranscriptionJobInput, type TranscriptionResult } from '@core/jobs';
import { TRANSCRIPTION_MODEL, type SpeechTranscriber } from '../../providers/audio/elevenlabs';
import type { ExecutionOutcome, JobExecutor } from '../executor';
import { withHeartbeat } from './heartbeat';

// Transcription jobs: one of the user's audio or video files, sent to ElevenLabs speech to text with their
// own key. The words and their times (seconds from the file's start) are the job's `result`; nothing is
// stored in Storage and no library record is written (resultOnly).

export const transcriptionMessages = {
  missingKey: 'ElevenLabs API key not found. Please add your API key in the Integrations page.',
  failed: 'Failed to transcribe',
  download: 'Failed to transcribe',
  save: 'Failed to save the transcript',
  notYours: 'You can only transcribe files from your own library',
  notMedia: 'Failed to transcribe: the file is gone, too large (50 MB at most), or not audio or video.',
} as const;

const HEARTBEAT_MS = 3000;

export function createTranscriptionExecutor(deps: { transcribers: (apiKey: string) => SpeechTranscriber }): JobExecutor<TranscriptionJobInput> {
  return {
    kind: 'transcription',
    generationType: 'audio',
    resultOnly: true,
    integration: 'elevenlabs',
    messages: transcriptionMessages,
    parseInput: (raw) => transcriptionJobInputSchema.parse(raw),
    async checkStart(uid, input, { bucket }) {
      if (!input.storagePath.startsWith(`${uid}/`)) return { code: 'permission-denied', message: transcriptionMessages.notYours };
      try {
        const [md] = await bucket.file(input.storagePath).getMetadata();
        if (!/^(audio|video)\//.test(md.contentType ?? '')) return { code: 'invalid-argument', message: transcriptionMessages.notMedia };
      } catch (error) {
        if ((error as { code?: number }).code === 404) return { code: 'invalid-argument', message: transcriptionMessages.notMedia };
        throw error;
      }
      return undefined;
    },
    async execute(ctx): Promise<ExecutionOutcome> {
      await ctx.report({ progress: 5, statusText: 'Reading the file' });
      const media = await ctx.readMedia(ctx.input.storagePath);
      if (!media) return { ok: false, error: { code: 'invalid_input', message: transcriptionMessages.notMedia } };
      await ctx.report({ progress: 20, statusText: 'Transcribing' });
      const fileName = ctx.input.storagePath.split('/').pop()!;
      const answer = await withHeartbeat(ctx, { everyMs: HEARTBEAT_MS, progress: () => 50, statusText: 'Transcribing' }, (signal) =>
        deps.transcribers(ctx.apiKey).transcribe({ bytes: media.bytes, contentType: media.contentType, fileName, languageCode: ctx.input.languageCode }, signal),
      );
      if (!answer.ok) return { ok: false, error: { code: answer.failure.code, message: answer.failure.message } };
      const result: TranscriptionResult & { model: string } = { ...answer.transcript, model: TRANSCRIPTION_MODEL };
      return { ok: true, result: { ...result } };
    },
    describe(input) {
      return { title: 'Transcript', prompt: '', metadata: { kind: 'transcription', storagePath: input.storagePath } };
    },
  };
}
