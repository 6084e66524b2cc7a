import Anthropic from '@anthropic-ai/sdk';
import { classifyHttpFailure, transportFailure, type ProviderFailure } from '../provider-errors';
import { generateWithRetry, type TextGenerator, type TextGeneratorOptions } from './text-generator';

/** Anthropic Messages through the official SDK (POST {base}/v1/messages, x-api-key, anthropic-version). */
export function createAnthropicTextGenerator(options: TextGeneratorOptions): TextGenerator {
  const client = new Anthropic({
    apiKey: options.apiKey,
    // Explicit, so no other credential (ANTHROPIC_AUTH_TOKEN, profiles) is ever resolved.
    authToken: null,
    baseURL: options.baseUrl,
    maxRetries: 0,
    timeout: options.timeoutMs,
  });
  return {
    generate: (request) =>
      generateWithRetry(
        async () => {
          const message = await client.messages.create({
            model: request.model,
            max_tokens: request.maxOutputTokens,
            system: request.system,
            messages: [{ role: 'user', content: request.prompt }],
          });
          return message.content
            .filter((block) => block.type === 'text')
            .map((block) => block.text)
            .join('');
        },
        classifyAnthropicError,
        options.retry,
      ),
  };
}

export function classifyAnthropicError(error: unknown): ProviderFailure {
  if (error instanceof Anthropic.APIConnectionTimeoutError) return transportFailure('timeout');
  if (error instanceof Anthropic.APIConnectionError) return transportFailure('network');
  if (error instanceof Anthropic.APIError && typeof error.status === 'number')
    return classifyHttpFailure('anthropic', error.status, error.error, error.headers);
  return transportFailure('malformed');
}
