import type { LlmIntegrationType } from './integrations';

// The model catalogue: which models each provider offers the user's own key, read by the functions from the
// provider's models endpoint (functions/src/models) and cached per user for a day. Providers retire models
// often, so nothing here lists them; this file keeps only the current default per provider and the rules
// for which of a provider's models we can call.

/** Providers whose pickers list the user's catalogue: the three LLMs and ElevenLabs (models and voices). */
export const catalogueProviders = ['openai', 'anthropic', 'gemini', 'elevenlabs'] as const;
export type CatalogueProvider = (typeof catalogueProviders)[number];

/**
 * The model used when the user chose none, or when their choice is no longer offered. Checked against each
 * provider's current models page; change them here only.
 */
export const DEFAULT_MODELS = {
  openai: 'gpt-5.4-mini',
  anthropic: 'claude-haiku-4-5',
  gemini: 'gemini-2.5-flash',
  elevenlabs: 'eleven_multilingual_v2',
} as const satisfies Record<CatalogueProvider, string>;

/** How the pickers name each default before the provider's own list has loaded. */
export const DEFAULT_MODEL_LABELS = {
  openai: 'GPT-5.4 mini',
  anthropic: 'Claude Haiku 4.5',
  gemini: 'Gemini 2.5 Flash',
  elevenlabs: 'Eleven Multilingual v2',
} as const satisfies Record<CatalogueProvider, string>;

export const DEFAULT_TEXT_MODEL = DEFAULT_MODELS.openai;
/** ElevenLabs' premade voice Rachel, offered to every account. */
export const DEFAULT_VOICE_ID = '21m00Tcm4TlvDq8ikWAM';

/** How long a user's catalogue is served from the cache before the provider is asked again. */
export const MODEL_CATALOGUE_TTL_MS = 24 * 60 * 60 * 1000;
/** At most this many models or voices are kept per provider (lists are sorted first). */
export const CATALOGUE_MAX_ENTRIES = 200;

/** A model or voice id as the providers spell them ('gpt-5.4-mini', 'claude-haiku-4-5', 'models/...' is cut). */
export const MODEL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

/**
 * The provider an LLM model id belongs to, by the prefixes the providers use; null for anything else.
 * generateText runs on the provider this names.
 */
export function textModelProvider(model: string): LlmIntegrationType | null {
  if (/^(gpt-|chatgpt-|o\d)/.test(model)) return 'openai';
  if (model.startsWith('claude-')) return 'anthropic';
  if (model.startsWith('gemini-')) return 'gemini';
  return null;
}

// Kinds a chat-style text call cannot use: speech, realtime, images, embeddings, search and agent variants.
const NOT_TEXT =
  /(audio|realtime|transcribe|tts|speech|image|embedding|search|instruct|codex|deep-research|computer-use|live|moderation|dall-e|whisper|veo|imagen|aqa)/;

/** Whether a listed model can answer our text calls (OpenAI chat completions, Anthropic messages, Gemini generateContent). */
export function isTextModel(
  provider: LlmIntegrationType,
  model: string,
  generationMethods?: readonly string[],
): boolean {
  if (
    !MODEL_ID_PATTERN.test(model) ||
    textModelProvider(model) !== provider ||
    NOT_TEXT.test(model)
  )
    return false;
  return (
    provider !== 'gemini' ||
    generationMethods === undefined ||
    generationMethods.includes('generateContent')
  );
}

export interface CatalogueEntry {
  id: string;
  label: string;
}

export interface ModelCatalogue {
  provider: CatalogueProvider;
  models: CatalogueEntry[];
  /** ElevenLabs only: the voices the key can use. */
  voices?: CatalogueEntry[];
  defaultModel: string;
  /** When the provider was asked (ms since the epoch). */
  fetchedAt: number;
}

export interface ModelChoice {
  id: string;
  /** The chosen id when it is no longer offered and `id` replaced it. */
  replaced?: string;
}

/**
 * What to use for a choice: the choice itself while the catalogue offers it (or is not known), otherwise the
 * provider's default, or the first offered model when the key cannot use the default either.
 */
export function resolveModelChoice(
  offered: readonly CatalogueEntry[] | null | undefined,
  chosen: string,
  fallback: string,
): ModelChoice {
  if (!offered || offered.length === 0 || isOffered(offered, chosen)) return { id: chosen };
  const id = isOffered(offered, fallback) ? fallback : offered[0]!.id;
  return id === chosen ? { id } : { id, replaced: chosen };
}

/** Listed as such, or as the alias of a listed dated snapshot (Anthropic lists 'claude-haiku-4-5-20251001' for 'claude-haiku-4-5'). */
export function isOffered(offered: readonly CatalogueEntry[], id: string): boolean {
  return offered.some(
    (m) => m.id === id || (m.id.startsWith(`${id}-`) && /^\d{8}$/.test(m.id.slice(id.length + 1))),
  );
}

/**
 * A picker's options: the offered entries once known; before that the fallback entries, with the current
 * choice kept selectable so the select never shows one value while holding another.
 */
export function pickerOptions(
  offered: readonly CatalogueEntry[] | null | undefined,
  current: string,
  fallback: readonly CatalogueEntry[],
): CatalogueEntry[] {
  if (offered && offered.length > 0) return [...offered];
  return fallback.some((e) => e.id === current)
    ? [...fallback]
    : [{ id: current, label: current }, ...fallback];
}

/** The note shown when a saved choice was replaced. */
export function replacedModelNote(replaced: string, label: string): string {
  return `${replaced} is no longer offered to your key; ${label} is used instead.`;
}
