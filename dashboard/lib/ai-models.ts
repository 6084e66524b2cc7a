import { AI_TEXT_MODELS, DEFAULT_AI_TEXT_MODEL } from '@core/constants';
import { modelProvider, type AiTextModelId } from '@core/ai-text';
import type { LlmIntegrationType } from '@core/integrations';

/** The model a one-click helper (the prompt enhancer) uses per provider: the cheapest fast one. */
export const quickModelOf: Record<LlmIntegrationType, AiTextModelId> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  gemini: 'gemini-2.0-flash-exp',
};

/**
 * Which model a helper without a model select should use: the preferred one when its provider has a key,
 * otherwise the quick model of the first provider that has one. With no key at all the preferred model is
 * kept, so the server answers with the message that links to Integrations.
 */
export function pickTextModel(configured: ReadonlySet<LlmIntegrationType> | null, preferred: AiTextModelId = DEFAULT_AI_TEXT_MODEL): AiTextModelId {
  if (!configured || configured.has(modelProvider(preferred))) return preferred;
  const provider = (Object.keys(quickModelOf) as LlmIntegrationType[]).find((p) => configured.has(p));
  return provider ? quickModelOf[provider] : preferred;
}

export const aiTextModelOptions = AI_TEXT_MODELS.map((m) => ({ id: m.id as AiTextModelId, label: m.label, provider: m.provider as LlmIntegrationType }));
