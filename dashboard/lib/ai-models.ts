import { DEFAULT_MODEL_LABELS, DEFAULT_MODELS } from '@core/ai-models';
import { DEFAULT_AI_TEXT_MODEL } from '@core/constants';
import { modelProvider, type AiTextModelId } from '@core/ai-text';
import type { LlmIntegrationType } from '@core/integrations';

/** The model a one-click helper (the prompt enhancer) uses per provider: the provider's default (core/ai-models.ts). */
export const quickModelOf: Record<LlmIntegrationType, AiTextModelId> = {
  openai: DEFAULT_MODELS.openai,
  anthropic: DEFAULT_MODELS.anthropic,
  gemini: DEFAULT_MODELS.gemini,
};

/**
 * Which model a helper without a model select should use: the preferred one when its provider has a key,
 * otherwise the quick model of the first provider that has one. With no key at all the preferred model is
 * kept, so the server answers with the message that links to Integrations.
 */
export function pickTextModel(
  configured: ReadonlySet<LlmIntegrationType> | null,
  preferred: AiTextModelId = DEFAULT_AI_TEXT_MODEL,
): AiTextModelId {
  if (!configured || configured.has(modelProvider(preferred))) return preferred;
  const provider = (Object.keys(quickModelOf) as LlmIntegrationType[]).find((p) =>
    configured.has(p),
  );
  return provider ? quickModelOf[provider] : preferred;
}

/** Each provider's default as a picker entry, shown until the user's own list has loaded (or without a key). */
export function defaultModelEntry(provider: LlmIntegrationType | 'elevenlabs') {
  return { id: DEFAULT_MODELS[provider], label: DEFAULT_MODEL_LABELS[provider] };
}
