import type { Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { IMAGE, VIDEO_JOB } from '@core/constants';
import { loadConfig, loadKeyring } from '../config';
import { readIntegrationKey } from '../integrations/secret-store';
import { getAdminApp } from '../lib/admin';
import { builtOnFirstCall } from '../lib/lazy';
import { PROVIDER_RETRY_POLICY, realSleep } from '../lib/retry';
import { createBflImageGenerator } from '../providers/image/bfl';
import { createElevenLabs } from '../providers/audio/elevenlabs';
import { createMusicExecutor, createVoiceoverExecutor } from './kinds/audio';
import { createImageExecutor } from './kinds/image';
import { createTranscriptionExecutor } from './kinds/transcription';
import { createVideoExecutor } from './kinds/video';
import type { Bucket } from './result-storage';
import type { Executors, GenerationDeps } from './generation-run';

// The real dependencies of the job functions, built per invocation (nothing at import time).

const BFL_SUBMIT_TIMEOUT_MS = 30_000;
const BFL_POLL_TIMEOUT_MS = 10_000;
const LUMA_REQUEST_TIMEOUT_MS = 30_000;
const SPEECH_TIMEOUT_MS = 120_000;
// ElevenLabs Music answers when the whole piece is made (up to 2 minutes of audio here).
const MUSIC_TIMEOUT_MS = 300_000;
// Speech to text (ElevenLabs, OpenAI) answers when the whole file (50 MB at most, 25 MB to OpenAI) is transcribed.
const TRANSCRIPTION_TIMEOUT_MS = 300_000;

export function defaultBucket(): Bucket {
  return getStorage(getAdminApp()).bucket();
}

/** Every kind a job can be; a kind without an executor is refused by startJob. */
export function jobExecutors(): Executors {
  const { baseUrls, jobPollIntervalMs } = loadConfig();
  const retry = { policy: PROVIDER_RETRY_POLICY, sleep: realSleep, now: Date.now };
  // The test stack's shorter poll interval (MUSE_JOB_POLL_MS, emulator only); the product's limits stay.
  const polling = (p: {
    pollIntervalMs: number;
    pollMaxDurationMs: number;
    pollRetries: number;
  }) =>
    jobPollIntervalMs === undefined
      ? undefined
      : {
          intervalMs: jobPollIntervalMs,
          maxDurationMs: p.pollMaxDurationMs,
          retries: p.pollRetries,
        };
  const elevenLabs = (apiKey: string) =>
    createElevenLabs({
      apiKey,
      baseUrl: baseUrls.elevenlabs,
      fetch: globalThis.fetch,
      retry,
      speechTimeoutMs: SPEECH_TIMEOUT_MS,
      musicTimeoutMs: MUSIC_TIMEOUT_MS,
      transcriptionTimeoutMs: TRANSCRIPTION_TIMEOUT_MS,
    });
  return {
    video: createVideoExecutor({
      // Luma's SDK (and OpenAI's below) is loaded by the first job that calls it (../lib/lazy.ts).
      generators: (apiKey) =>
        builtOnFirstCall(
          async () =>
            (await import('../providers/video/luma')).createLumaVideoGenerator({
              apiKey,
              baseUrl: baseUrls.luma,
              fetch: globalThis.fetch,
              retry,
              requestTimeoutMs: LUMA_REQUEST_TIMEOUT_MS,
              polling: polling(VIDEO_JOB),
            }),
          ['submit', 'waitForResult'],
        ),
    }),
    voiceover: createVoiceoverExecutor({ generators: elevenLabs }),
    music: createMusicExecutor({ generators: elevenLabs }),
    transcription: createTranscriptionExecutor({
      transcribers: {
        elevenlabs: elevenLabs,
        openai: (apiKey) =>
          builtOnFirstCall(
            async () =>
              (await import('../providers/audio/openai-transcription')).createOpenAiTranscriber({
                apiKey,
                baseUrl: baseUrls.openai,
                timeoutMs: TRANSCRIPTION_TIMEOUT_MS,
                retry,
              }),
            ['transcribe'],
          ),
      },
    }),
    image: createImageExecutor({
      generators: (apiKey) =>
        createBflImageGenerator({
          apiKey,
          baseUrl: baseUrls.bfl,
          fetch: globalThis.fetch,
          retry,
          submitTimeoutMs: BFL_SUBMIT_TIMEOUT_MS,
          pollTimeoutMs: BFL_POLL_TIMEOUT_MS,
          polling: polling(IMAGE),
        }),
    }),
  };
}

/** What the generation kinds' runs need (./generation-run.ts); the keyring is read when a key is. */
export function generationDeps(db: Firestore): GenerationDeps {
  const config = loadConfig();
  return {
    bucket: defaultBucket(),
    downloadOrigin: config.storageDownloadOrigin,
    fetch: globalThis.fetch,
    readKey: (uid, type) => readIntegrationKey({ db, keyring: loadKeyring() }, uid, type),
    executors: jobExecutors(),
    allowPlainHttp: config.emulated,
  };
}
