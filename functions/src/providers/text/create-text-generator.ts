import { integrationProvider, type LlmIntegrationType } from '@core/integrations';
import type { ProviderId } from '@core/providers';
import type { RetryDeps } from '../../lib/retry';
import { builtOnFirstCall } from '../../lib/lazy';
import type { TextGenerator, TextGeneratorFactory, TextGeneratorOptions } from './text-generator';

type Implementation = (options: TextGeneratorOptions) => TextGenerator;

/** Each provider's SDK, loaded by the first call that needs it (../../lib/lazy.ts). */
const implementations: Record<LlmIntegrationType, () => Promise<Implementation>> = {
  openai: async () => (await import('./openai')).createOpenAiTextGenerator,
  anthropic: async () => (await import('./anthropic')).createAnthropicTextGenerator,
  gemini: async () => (await import('./gemini')).createGeminiTextGenerator,
};

/** Builds a text generator for a provider and the user's key, pointed at the configured base URL. */
export function createTextGeneratorFactory(settings: {
  baseUrls: Record<ProviderId, string>;
  timeoutMs: number;
  retry: RetryDeps;
}): TextGeneratorFactory {
  return (provider, apiKey) => {
    const options = {
      apiKey,
      baseUrl: settings.baseUrls[integrationProvider[provider]],
      timeoutMs: settings.timeoutMs,
      retry: settings.retry,
    };
    return builtOnFirstCall(async () => (await implementations[provider]())(options), ['generate']);
  };
}
