import OpenAI from 'openai';
import { openAiClient } from '../openai-client';
import { classifyHttpFailure, transportFailure, type ProviderFailure } from '../provider-errors';
import { generateWithRetry, type TextGenerator, type TextGeneratorOptions } from './text-generator';

/** OpenAI chat completions through the official SDK (POST {base}/v1/chat/completions, Bearer key). */
export function createOpenAiTextGenerator(options: TextGeneratorOptions): TextGenerator {
  const client = openAiClient(options);
  return {
    generate: (request) =>
      generateWithRetry(
        async () => {
          const completion = await client.chat.completions.create({
            model: request.model,
            messages: [
              { role: 'system', content: request.system },
              { role: 'user', content: request.prompt },
            ],
            max_completion_tokens: request.maxOutputTokens,
            // Reasoning models (o-series, GPT-5 family) refuse any temperature but their own.
            ...(fixedTemperature(request.model) ? {} : { temperature: request.temperature }),
          });
          return completion.choices[0]?.message?.content ?? undefined;
        },
        classifyOpenAiError,
        options.retry,
      ),
  };
}

/** Whether the model refuses a temperature parameter (OpenAI's reasoning models). */
export function fixedTemperature(model: string): boolean {
  return /^(o\d|gpt-5)/.test(model);
}

export function classifyOpenAiError(error: unknown): ProviderFailure {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return transportFailure('timeout');
  if (error instanceof OpenAI.APIConnectionError) return transportFailure('network');
  if (error instanceof OpenAI.APIError && typeof error.status === 'number')
    return classifyHttpFailure('openai', error.status, { error: error.error }, error.headers);
  return transportFailure('malformed');
}
