import OpenAI from 'openai';

/**
 * The OpenAI SDK's client for a user's key, as every OpenAI provider here uses it (text/openai.ts,
 * audio/openai-transcription.ts): the configured base URL, the SDK's own retries off (lib/retry decides),
 * and nothing picked up from the environment (OPENAI_ORG_ID, OPENAI_PROJECT_ID).
 */
export function openAiClient(options: {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey,
    baseURL: `${options.baseUrl}/v1`,
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: options.timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
