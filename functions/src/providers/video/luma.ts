import LumaAI from 'lumaai';
import { VIDEO_JOB } from '@core/constants';
import {
  parseRetryAfter,
  retrying,
  type Attempt,
  type HeadersLike,
  type RetryDeps,
} from '../../lib/retry';
import { providerMessage, providerText } from '../provider-errors';
import type {
  VideoFailure,
  VideoGenerator,
  VideoPending,
  VideoSubmitOutcome,
  VideoTask,
  VideoWaitOutcome,
} from './video-generator';

// Luma Dream Machine through the official SDK (lumaai): POST /dream-machine/v1/generations/video {prompt, model
// ray-2}, then GET /generations/{id} until state is completed (assets.video, assets.image) or failed
// (failure_reason). The SDK's own retries are off for create (a retried create may be charged twice);
// ours retry only answers that created nothing (429, 502-504). Polls: every 3 s for at most 8 minutes, a
// failed poll retried up to 3 times in a row.

export interface LumaOptions {
  apiKey: string;
  /** The API origin without a trailing slash (functions/src/config.ts); the SDK path is added here. */
  baseUrl: string;
  fetch: typeof fetch;
  retry: RetryDeps;
  requestTimeoutMs: number;
  polling?: { intervalMs: number; maxDurationMs: number; retries: number };
}

export const lumaMessages = {
  failed: 'Failed to generate video',
  invalidKey:
    'Failed to generate video: Luma did not accept your API key. Update it in the Integrations page.',
  noCredit:
    'Failed to generate video: your Luma account is out of credits. Add credits, then try again.',
  rateLimited:
    'Failed to generate video: Luma is rate limiting your key (too many requests). Please try again in a minute.',
  timeout: `Failed to generate video: Luma did not finish within ${VIDEO_JOB.pollMaxDurationMs / 60_000} minutes. Please try again.`,
  unreachable: 'Failed to generate video: Luma could not be reached. Please try again.',
} as const;

export function lumaFailure(
  status: number | undefined,
  body: unknown,
  apiKey: string,
): VideoFailure {
  // Luma errors are {detail: string | [{msg}]}: only that message is shown, never the body.
  const detail = providerMessage(body, apiKey);
  if (status === undefined) return { code: 'provider_error', message: lumaMessages.unreachable };
  if (status === 401 || status === 403)
    return { code: 'invalid_key', message: lumaMessages.invalidKey, status };
  if (status === 402 || /insufficient credits|credit/i.test(detail))
    return { code: 'no_credit', message: lumaMessages.noCredit, status };
  if (status === 429) return { code: 'rate_limited', message: lumaMessages.rateLimited, status };
  // A server error's text means nothing to a user: the message alone.
  if (status >= 500) return { code: 'provider_error', message: lumaMessages.failed, status };
  return {
    code: 'provider_error',
    message: detail ? `${lumaMessages.failed}: ${detail}` : lumaMessages.failed,
    status,
  };
}

/** The SDK gives response headers as a plain object (lower-case names). */
function headersOf(headers: unknown): HeadersLike {
  if (headers instanceof Headers) return headers;
  const record = (headers ?? {}) as Record<string, string | undefined>;
  return { get: (name) => record[name.toLowerCase()] };
}

export function createLumaVideoGenerator(options: LumaOptions): VideoGenerator {
  const { apiKey } = options;
  const polling = options.polling ?? {
    intervalMs: VIDEO_JOB.pollIntervalMs,
    maxDurationMs: VIDEO_JOB.pollMaxDurationMs,
    retries: VIDEO_JOB.pollRetries,
  };
  const { now, sleep } = options.retry;
  const client = new LumaAI({
    authToken: apiKey,
    baseURL: `${options.baseUrl}/dream-machine/v1`,
    fetch: options.fetch as never,
    maxRetries: 0,
    timeout: options.requestTimeoutMs,
  });

  async function submit({ prompt }: { prompt: string }): Promise<VideoSubmitOutcome> {
    const result = await retrying(async (): Promise<Attempt<VideoTask, VideoFailure>> => {
      try {
        const generation = await client.generations.create({ prompt, model: VIDEO_JOB.model });
        if (!generation.id)
          return {
            ok: false,
            error: { code: 'provider_error', message: lumaMessages.failed },
            retryable: false,
          };
        return { ok: true, value: { id: generation.id, submittedAt: now() } };
      } catch (error) {
        if (error instanceof LumaAI.APIError && error.status !== undefined) {
          const retryable = [429, 502, 503, 504].includes(error.status);
          return {
            ok: false,
            error: lumaFailure(error.status, error.error, apiKey),
            retryable,
            retryAfterMs: parseRetryAfter(headersOf(error.headers), now()),
          };
        }
        // No answer: the generation may exist, so it is not sent again.
        return { ok: false, error: lumaFailure(undefined, undefined, apiKey), retryable: false };
      }
    }, options.retry);
    return result.ok ? { ok: true, task: result.value } : { ok: false, failure: result.error };
  }

  async function waitForResult(
    task: VideoTask,
    onPending?: (info: VideoPending) => Promise<void>,
  ): Promise<VideoWaitOutcome> {
    let polls = 0;
    let failedInARow = 0;
    for (;;) {
      await sleep(polling.intervalMs);
      const elapsedMs = now() - task.submittedAt;
      if (polls > 0 && elapsedMs > polling.maxDurationMs)
        return { ok: false, failure: { code: 'timeout', message: lumaMessages.timeout }, polls };
      polls += 1;
      let generation: Awaited<ReturnType<typeof client.generations.get>>;
      try {
        generation = await client.generations.get(task.id);
      } catch (error) {
        const status = error instanceof LumaAI.APIError ? error.status : undefined;
        // A refused key or a generation that is gone will not come back: stop at once.
        if (status !== undefined && status >= 400 && status < 500 && status !== 429)
          return {
            ok: false,
            failure: lumaFailure(
              status,
              (error as InstanceType<typeof LumaAI.APIError>).error,
              apiKey,
            ),
            polls,
          };
        failedInARow += 1;
        if (failedInARow > polling.retries)
          return {
            ok: false,
            failure: lumaFailure(
              status,
              error instanceof LumaAI.APIError ? error.error : undefined,
              apiKey,
            ),
            polls,
          };
        continue;
      }
      failedInARow = 0;
      const state = generation.state ?? 'queued';
      if (state === 'completed') {
        const video = generation.assets?.video;
        if (typeof video === 'string' && video)
          return { ok: true, videoUrl: video, posterUrl: generation.assets?.image || null, polls };
        return {
          ok: false,
          failure: { code: 'provider_error', message: lumaMessages.failed },
          polls,
        };
      }
      if (state === 'failed') {
        const reason = generation.failure_reason?.trim();
        return {
          ok: false,
          failure: {
            code: 'provider_error',
            message: reason
              ? `${lumaMessages.failed}: ${providerText(reason, apiKey)}`
              : lumaMessages.failed,
          },
          polls,
        };
      }
      await onPending?.({ state, elapsedMs });
    }
  }

  return { submit, waitForResult };
}
