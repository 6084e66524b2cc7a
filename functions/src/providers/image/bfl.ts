import { IMAGE } from '@core/constants';
import { fitFluxProSize } from '@core/image-size';
import { parseRetryAfter, retrying, type Attempt, type RetryDeps } from '../../lib/retry';
import { parseJsonBody, providerMessage, providerText } from '../provider-errors';
import type {
  ImageFailure,
  ImageGenerator,
  ImageOperation,
  ImageTask,
  PendingInfo,
  SubmitOutcome,
  WaitOutcome,
} from './image-generator';
import { jsonObject, type JsonObject } from '@core/json';

// Black Forest Labs (docs.bfl.ai). Submit: POST {base}/v1/<model> with `x-key`, answered {id, polling_url}.
// Result: GET polling_url (or {base}/v1/get_result?id=) until Ready (result.sample, a signed URL that
// expires after 10 minutes), Error, or a moderation status. We poll every 3 s for at most 60 s; a failed
// poll request is retried up to 3 times; an Error status is final.

export interface BflOptions {
  apiKey: string;
  /** Without a trailing slash (functions/src/config.ts). */
  baseUrl: string;
  fetch: typeof fetch;
  /** Submit retries (429 and gateway errors); its sleep and now also pace the polling, so tests run on a fake clock. */
  retry: RetryDeps;
  submitTimeoutMs: number;
  pollTimeoutMs: number;
  polling?: { intervalMs: number; maxDurationMs: number; retries: number };
}

/** flux-pro-1.1's size rule (core/image-size.ts), shared with the form that says it before the request. */
export { FLUX_PRO_MAX_SIDE, fitFluxProSize } from '@core/image-size';

/** The model, which is also the endpoint path: /v1/{model}. */
export function bflModelFor(
  op: { kind: 'text' } | { kind: 'edit' } | { kind: 'control'; control: 'canny' | 'depth' },
): string {
  if (op.kind === 'text') return IMAGE.defaultModel;
  if (op.kind === 'edit') return 'flux-kontext-pro';
  return `flux-pro-1.0-${op.control}`;
}

/** Polling URLs we send the key to: the configured host, or BFL's own regional hosts over https. */
export function trustedPollingUrl(baseUrl: string, given: unknown): string | null {
  if (typeof given !== 'string') return null;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.origin === new URL(baseUrl).origin) return url.toString();
  if (url.protocol === 'https:' && /(^|\.)bfl\.(ai|ml)$/.test(url.hostname)) return url.toString();
  return null;
}

function transportText(error: unknown): string {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    ? 'the request timed out'
    : 'the service could not be reached';
}

const FAILED = new Set(['Error', 'Failed']);

export const bflMessages = {
  invalidKey:
    'Failed to generate image: Black Forest Labs did not accept your API key. Update it in the Integrations page.',
  noCredit:
    'Failed to generate image: your Black Forest Labs account is out of credits. Add credits, then try again.',
  rateLimited:
    'Failed to generate image: Black Forest Labs is rate limiting your key (too many requests). Please try again in a minute.',
  generationFailed: 'Generation failed',
  contentModerated:
    'Generation failed: Black Forest Labs blocked the result by content moderation. Try a different prompt.',
  requestModerated:
    'Generation failed: Black Forest Labs blocked this request by content moderation. Try a different prompt.',
  timeout: `Generation timed out after ${IMAGE.pollMaxDurationMs / 1000} seconds. Please try again.`,
  noTaskId: 'Failed to generate image: Black Forest Labs answered without a task id.',
} as const;

/** Why an answer failed, for a job error: the provider's message field, else its HTTP status; never the body. */
function answerText(status: number, body: unknown, apiKey: string): string {
  return providerMessage(body, apiKey) || `Black Forest Labs answered with HTTP ${status}`;
}

export function createBflImageGenerator(options: BflOptions): ImageGenerator {
  const { apiKey, baseUrl } = options;
  const polling = options.polling ?? {
    intervalMs: IMAGE.pollIntervalMs,
    maxDurationMs: IMAGE.pollMaxDurationMs,
    retries: IMAGE.pollRetries,
  };
  const now = options.retry.now;
  const sleep = options.retry.sleep;
  const clean = (text: string) => providerText(text, apiKey);

  function bodyFor(op: ImageOperation): JsonObject {
    // output_format png: lossless, and what the library stores and downloads as .png (BFL defaults to jpeg).
    switch (op.kind) {
      case 'text': {
        const size = fitFluxProSize(op.width, op.height);
        return {
          prompt: op.prompt,
          width: size.width,
          height: size.height,
          steps: op.steps,
          guidance: op.guidance,
          prompt_upsampling: op.promptUpsampling,
          model: IMAGE.defaultModel,
          ultra_mode: false,
          raw_mode: false,
          output_format: 'png',
        };
      }
      case 'edit':
        return {
          prompt: op.prompt,
          input_image: op.inputImage.toString('base64'),
          prompt_upsampling: op.promptUpsampling,
          output_format: 'png',
        };
      case 'control':
        // The control tools' guidance scale (1-100) is not the form's (1.5-5): their defaults are used.
        return {
          prompt: op.prompt,
          control_image: op.controlImage.toString('base64'),
          steps: op.steps,
          prompt_upsampling: op.promptUpsampling,
          output_format: 'png',
        };
    }
  }

  function submitFailure(status: number, text: string): ImageFailure {
    if (status === 401 || status === 403)
      return { code: 'invalid_key', message: bflMessages.invalidKey, status };
    if (status === 402) return { code: 'no_credit', message: bflMessages.noCredit, status };
    if (status === 429) return { code: 'rate_limited', message: bflMessages.rateLimited, status };
    return {
      code: 'provider_error',
      message: `Failed to generate image: ${answerText(status, parseJsonBody(text), apiKey)}`,
      status,
    };
  }

  async function submit(op: ImageOperation): Promise<SubmitOutcome> {
    const model = bflModelFor(op);
    const body = JSON.stringify(bodyFor(op));
    const result = await retrying(async (): Promise<Attempt<ImageTask, ImageFailure>> => {
      let response: Response;
      try {
        response = await options.fetch(`${baseUrl}/v1/${model}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-key': apiKey,
          },
          body,
          signal: AbortSignal.timeout(options.submitTimeoutMs),
        });
      } catch (error) {
        // Not retried: the task may have been created, and a second one would be charged too.
        return {
          ok: false,
          error: {
            code: 'provider_error',
            message: `Failed to generate image: ${transportText(error)}`,
          },
          retryable: false,
        };
      }
      const text = await response.text().catch(() => '');
      if (response.ok) {
        const json = jsonObject(parseJsonBody(text));
        const id = json?.id;
        if (typeof id === 'string' && id.length > 0 && id.length <= 256) {
          return {
            ok: true,
            value: {
              id,
              pollingUrl: trustedPollingUrl(baseUrl, json?.polling_url),
              submittedAt: now(),
            },
          };
        }
        return {
          ok: false,
          error: { code: 'provider_error', message: bflMessages.noTaskId, status: response.status },
          retryable: false,
        };
      }
      // 429 (too many active tasks) and gateway errors mean nothing was created: safe to send again.
      // A 500 may have created the task, so it is reported rather than risk a second charge.
      const retryable = [429, 502, 503, 504].includes(response.status);
      return {
        ok: false,
        error: submitFailure(response.status, text),
        retryable,
        retryAfterMs: parseRetryAfter(response.headers, now()),
      };
    }, options.retry);
    return result.ok
      ? { ok: true, task: result.value, model, attempts: result.attempts }
      : { ok: false, failure: result.error, attempts: result.attempts };
  }

  /** A failed poll carries its reason for the job error, already fit for a user. */
  type PollAnswer = { ok: true; body: JsonObject } | { ok: false; reason: string; status?: number };

  async function pollOnce(url: string): Promise<PollAnswer> {
    let response: Response;
    try {
      response = await options.fetch(url, {
        headers: { accept: 'application/json', 'x-key': apiKey },
        signal: AbortSignal.timeout(options.pollTimeoutMs),
      });
    } catch (error) {
      return { ok: false, reason: transportText(error) };
    }
    const text = await response.text().catch(() => '');
    const body = jsonObject(parseJsonBody(text));
    if (!response.ok)
      return {
        ok: false,
        reason: answerText(response.status, body, apiKey),
        status: response.status,
      };
    if (!body || typeof body.status !== 'string')
      return {
        ok: false,
        reason: 'Black Forest Labs sent an unreadable answer',
        status: response.status,
      };
    return { ok: true, body };
  }

  async function waitForResult(
    task: ImageTask,
    onPending?: (info: PendingInfo) => Promise<void>,
  ): Promise<WaitOutcome> {
    const url = task.pollingUrl ?? `${baseUrl}/v1/get_result?id=${encodeURIComponent(task.id)}`;
    let polls = 0;
    let failedInARow = 0;
    for (;;) {
      await sleep(polling.intervalMs);
      const elapsedMs = now() - task.submittedAt;
      // A resumed task past its time still gets one poll: it may have finished meanwhile.
      if (polls > 0 && elapsedMs > polling.maxDurationMs)
        return { ok: false, failure: { code: 'timeout', message: bflMessages.timeout }, polls };
      polls += 1;
      const answer = await pollOnce(url);
      // 'Task not found' right after a submit is a hiccup of the regional routing: treated as a failed poll.
      const failed = !answer.ok
        ? answer
        : answer.body.status === 'Task not found'
          ? { ok: false as const, reason: 'Task not found', status: 200 }
          : undefined;
      if (failed) {
        failedInARow += 1;
        if (failedInARow > polling.retries) {
          return {
            ok: false,
            failure: {
              code: 'provider_error',
              message: `Failed to get generation result: ${failed.reason}`,
              status: failed.status,
            },
            polls,
          };
        }
        continue;
      }
      failedInARow = 0;
      const body = (answer as { ok: true; body: JsonObject }).body;
      const status = String(body.status);
      const result = jsonObject(body.result);
      if (status === 'Ready') {
        const sample = result?.sample;
        if (typeof sample === 'string' && sample.length > 0)
          return { ok: true, sampleUrl: sample, polls };
        return {
          ok: false,
          failure: { code: 'provider_error', message: bflMessages.generationFailed },
          polls,
        };
      }
      if (FAILED.has(status)) {
        const reason =
          typeof result?.error === 'string' && result.error.trim()
            ? clean(result.error)
            : typeof body.result === 'string' && body.result.trim()
              ? clean(body.result)
              : bflMessages.generationFailed;
        return { ok: false, failure: { code: 'provider_error', message: reason }, polls };
      }
      if (status === 'Content Moderated')
        return {
          ok: false,
          failure: { code: 'moderated', message: bflMessages.contentModerated },
          polls,
        };
      if (status === 'Request Moderated')
        return {
          ok: false,
          failure: { code: 'moderated', message: bflMessages.requestModerated },
          polls,
        };
      // Pending, BFL's other in-progress names (Queued, Processing) and anything new: keep waiting; the time limit bounds it.
      await onPending?.({ progress: progressOf(body.progress), elapsedMs });
    }
  }

  return { submit, waitForResult };
}

/** BFL reports progress as a fraction (0-1) on some models and not at all on others. */
function progressOf(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  return Math.min(100, value <= 1 ? value * 100 : value);
}
