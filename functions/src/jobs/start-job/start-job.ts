import { HttpsError } from 'firebase-functions/v2/https';
import type { StartJobResult } from '@core/jobs';
import { unreadableKeyMessage } from '../../integrations/messages';
import { readIntegrationKey, type SecretStoreDeps } from '../../integrations/secret-store';
import { reasonedError, withFallbackError } from '../../lib/callable';
import { queuedJob } from '../job-state';
import { log } from '../../lib/log';
import { neededKey } from '../executor';
import type { Bucket } from '../result-storage';
import type { Executors } from '../generation-run';
import { jobRef } from '../lease';
import type { CallablePayload } from '@core/callables';
import { DEFAULT_MODELS, DEFAULT_VOICE_ID, resolveModelChoice } from '@core/ai-models';
import { offeredCatalogue, type CatalogueDeps } from '../../models/model-catalogue';
import { runTransaction } from '../../lib/transaction';

export interface StartJobDeps extends Pick<SecretStoreDeps, 'db' | 'keyring' | 'clock'> {
  bucket: Bucket;
  executors: Executors;
  /** The user's ElevenLabs catalogue: a voiceover's model or voice no longer offered becomes the default. */
  catalogue?: CatalogueDeps;
}

/** A voiceover's model and voice as the key can use them (unchanged when the catalogue cannot be had). */
async function offeredVoiceover(
  deps: StartJobDeps,
  uid: string,
  input: Record<string, unknown>,
  key: { value: string; savedAt?: number },
): Promise<Record<string, unknown>> {
  if (!deps.catalogue) return input;
  const offered = await offeredCatalogue(deps.catalogue, uid, 'elevenlabs', key);
  const modelId = resolveModelChoice(
    offered?.models,
    String(input.modelId),
    DEFAULT_MODELS.elevenlabs,
  );
  const voiceId = resolveModelChoice(offered?.voices, String(input.voiceId), DEFAULT_VOICE_ID);
  if (modelId.replaced || voiceId.replaced)
    log.info('Voiceover choice replaced', { uid, modelId: modelId.id, voiceId: voiceId.id });
  return { ...input, modelId: modelId.id, voiceId: voiceId.id };
}

const kindLabels = {
  image: 'Image',
  video: 'Video',
  voiceover: 'Voiceover',
  music: 'Music',
  transcription: 'Transcription',
} as const;

/**
 * Creates users/{uid}/jobs/{requestId} as 'queued' (the trigger in ../run-job runs it). The request id is
 * the job id, so a repeated call returns the same job. Bad input, a missing key or an upload that is not
 * the caller's are refused before anything is written.
 */
export async function startJob(
  uid: string,
  payload: CallablePayload<'startJob'>,
  deps: StartJobDeps,
): Promise<StartJobResult> {
  const jobId = payload.requestId;
  const executor = deps.executors[payload.kind];
  if (!executor)
    throw new HttpsError(
      'unimplemented',
      `${kindLabels[payload.kind]} generation is not available yet.`,
    );
  return withFallbackError(
    executor.messages.failed,
    { uid, jobId, kind: payload.kind },
    async () => {
      const ref = jobRef(deps.db, uid, jobId);
      if ((await ref.get()).exists) return { jobId };

      const input = payload.input as never;
      const refusal = await executor.checkStart?.(uid, input, { bucket: deps.bucket });
      if (refusal) throw new HttpsError(refusal.code, refusal.message);
      const needed = neededKey(executor, input);
      const key = await readIntegrationKey(deps, uid, needed.integration);
      if (!key.found)
        throw reasonedError('failed-precondition', needed.missingKey, {
          reason: 'missing-key',
          provider: needed.integration,
        });
      if (!key.readable)
        throw reasonedError('failed-precondition', unreadableKeyMessage(needed.integration), {
          reason: 'invalid-key',
          provider: needed.integration,
        });

      const now = deps.clock.now();
      const jobInput =
        payload.kind === 'voiceover'
          ? await offeredVoiceover(deps, uid, payload.input, key)
          : (payload.input as Record<string, unknown>);
      const job = queuedJob(payload.kind, jobInput, now);
      const created = await runTransaction(deps.db, async (tx) => {
        if ((await tx.get(ref)).exists) return false;
        tx.create(ref, job);
        return true;
      });
      if (created) log.info('Job queued', { uid, jobId, kind: payload.kind });
      return { jobId };
    },
  );
}
