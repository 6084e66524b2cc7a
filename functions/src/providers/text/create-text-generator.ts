import { integrationProvider, type LlmIntegrationType } from '@core/integrations';
import type { ProviderId } from '@core/providers';
import type { RetryDeps } from '../../lib/retry';
import { createAnthropicTextGenerator } from './anthropic';
import { createGeminiTextGenerator } from './gemini';
import { createOpenAiTextGenerator } from './openai';
import type { TextGeneratorFactory, TextGeneratorOptions } from './text-generator';

const implementations: Record<LlmIntegrationType, (options: TextGeneratorOptions) => ReturnType<TextGeneratorFactory>> = {
  openai: createOpenAiTextGenerator,
  anthropic: createAnthropicTextGenerator,
  gemini: createGeminiTextGenerator,
};

/** Builds a text generator for a provider and the user's key, pointed at the configured base URL. */
export function createTextGeneratorFactory(settings: { baseUrls: Record<ProviderId, string>; timeoutMs: number; retry: RetryDeps }): TextGeneratorFactory {
  return (provider, apiKey) => implementations[provider]({ apiKey, baseUrl: settings.baseUrls[integrationProvider[provider]], timeoutMs: settings.timeoutMs, retry: settings.retry });
}
