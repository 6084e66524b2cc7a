import { describe, expect, it } from 'vitest';
import {
  transcriptionJobInputSchema,
  type TranscriptionJobInput,
  type TranscriptionProvider,
} from '@core/jobs';
import type { SpeechTranscriber, TranscriptionRequest } from '../../providers/audio/transcriber';
import { neededKey, type ExecutionContext } from '../executor';
import type { Bucket } from '../result-storage';
import { createTranscriptionExecutor } from './transcription';

// The transcription executor's provider table on fakes: which key a job needs, the provider's file limit before
// the job starts and before the call, and the provider the input names doing the work. The functions suite
// (tests/functions/transcription-jobs.test.ts) runs the same jobs on the emulators and the sandbox.

const heard = { text: 'Hello', languageCode: 'en', words: [{ text: 'Hello', start: 0, end: 0.4 }] };

function setup() {
  const calls: {
    provider: TranscriptionProvider;
    apiKey: string;
    request: TranscriptionRequest;
  }[] = [];
  const fake =
    (provider: TranscriptionProvider) =>
    (apiKey: string): SpeechTranscriber => ({
      transcribe: async (request) => {
        calls.push({ provider, apiKey, request });
        return { ok: true, transcript: heard };
      },
    });
  const executor = createTranscriptionExecutor({
    transcribers: { elevenlabs: fake('elevenlabs'), openai: fake('openai') },
  });
  return { executor, calls };
}

const input = (provider?: TranscriptionProvider): TranscriptionJobInput =>
  transcriptionJobInputSchema.parse({
    storagePath: 'u1/uploads/voice.mp3',
    ...(provider ? { provider } : {}),
  });

/** A bucket holding one file of this type and size. */
const bucketWith = (contentType: string, size: number) =>
  ({
    file: () => ({ getMetadata: async () => [{ contentType, size: String(size) }] }),
  }) as unknown as Bucket;

function context(
  provider: TranscriptionProvider,
  bytes: Buffer,
): ExecutionContext<TranscriptionJobInput> {
  return {
    uid: 'u1',
    jobId: 'job-1',
    input: input(provider),
    apiKey: `${provider}-key`,
    resume: null,
    checkpoint: async () => undefined,
    report: async () => undefined,
    readUpload: async () => undefined,
    readMedia: async () => ({ bytes, contentType: 'audio/wav' }),
  };
}

describe('transcription providers', () => {
  it('a job stored before the choice existed is ElevenLabs', () => {
    expect(input()).toEqual({ storagePath: 'u1/uploads/voice.mp3', provider: 'elevenlabs' });
  });

  it.each([
    [
      'elevenlabs',
      'elevenlabs',
      'ElevenLabs API key not found. Please add your API key in the Integrations page.',
    ],
    [
      'openai',
      'openai',
      'OpenAI API key not found. Please add your API key in the Integrations page.',
    ],
  ] as const)(
    '%s: the job needs the %s key and names it when missing',
    (provider, integration, missingKey) => {
      expect(neededKey(setup().executor, input(provider))).toMatchObject({
        integration,
        missingKey,
      });
    },
  );

  it("refuses a file over OpenAI's 25 MB before the job starts, and lets ElevenLabs take it", async () => {
    const { executor } = setup();
    const big = bucketWith('audio/wav', 25 * 1024 * 1024 + 1);
    expect(await executor.checkStart!('u1', input('openai'), { bucket: big })).toEqual({
      code: 'invalid-argument',
      message:
        'Failed to transcribe: the file is larger than the 25 MB OpenAI transcribes at once. Transcribe a shorter clip, or choose ElevenLabs.',
    });
    expect(
      await executor.checkStart!('u1', input('openai'), {
        bucket: bucketWith('audio/wav', 25 * 1024 * 1024),
      }),
    ).toBeUndefined();
    expect(await executor.checkStart!('u1', input('elevenlabs'), { bucket: big })).toBeUndefined();
  });

  it('sends the file to the provider the input names, with its key, and keeps its model on the result', async () => {
    const { executor, calls } = setup();
    expect(await executor.execute(context('openai', Buffer.alloc(100)))).toEqual({
      ok: true,
      result: { ...heard, model: 'whisper-1' },
    });
    expect(await executor.execute(context('elevenlabs', Buffer.alloc(100)))).toEqual({
      ok: true,
      result: { ...heard, model: 'scribe_v2' },
    });
    expect(calls.map((c) => [c.provider, c.apiKey, c.request.fileName])).toEqual([
      ['openai', 'openai-key', 'voice.mp3'],
      ['elevenlabs', 'elevenlabs-key', 'voice.mp3'],
    ]);
  });

  it('a file grown past the limit since the job started fails before the call', async () => {
    const { executor, calls } = setup();
    expect(await executor.execute(context('openai', Buffer.alloc(25 * 1024 * 1024 + 1)))).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringContaining('larger than the 25 MB OpenAI transcribes at once'),
      },
    });
    expect(calls).toEqual([]);
  });
});
