import type { LlmIntegrationType } from '@core/integrations';
import { retrying, type Attempt, type RetryDeps } from '../../lib/retry';
import { transportFailure, type ProviderFailure } from '../provider-errors';

/** What every AI text feature asks of a model: a system prompt and the user's prompt, plain text back. */
export interface TextRequest {
  model: string;
  system: string;
  prompt: string;
  maxOutputTokens: number;
  temperature: number;
}

export type TextOutcome = ({ ok: true; text: string } | { ok: false; failure: ProviderFailure }) & {
  /** HTTP requests made, retries included. */
  attempts: number;
};

export interface TextGenerator {
  generate(request: TextRequest): Promise<TextOutcome>;
}

export interface TextGeneratorOptions {
  apiKey: string;
  /** Provider base URL without a trailing slash (functions/src/config.ts). */
  baseUrl: string;
  /** Per request; the SDKs' own retries are off, `retry` decides instead. */
  timeoutMs: number;
  retry: RetryDeps;
}

export type TextGeneratorFactory = (provider: LlmIntegrationType, apiKey: string) => TextGenerator;

/** Runs one SDK call under the shared retry policy; `classify` turns whatever the SDK threw into a failure value. */
export async function generateWithRetry(
  call: () => Promise<string | undefined>,
  classify: (error: unknown) => ProviderFailure,
  retry: RetryDeps,
): Promise<TextOutcome> {
  const result = await retrying(async (): Promise<Attempt<string, ProviderFailure>> => {
    try {
      const text = (await call())?.trim();
      if (text) return { ok: true, value: text };
      const failure: ProviderFailure = { ...transportFailure('malformed'), code: 'empty_reply' };
      return { ok: false, error: failure, retryable: false };
    } catch (error) {
      const failure = classify(error);
      return {
        ok: false,
        error: failure,
        retryable: failure.retryable,
        retryAfterMs: failure.retryAfterMs,
      };
    }
  }, retry);
  return result.ok
    ? { ok: true, text: result.value, attempts: result.attempts }
    : { ok: false, failure: result.error, attempts: result.attempts };
}
