import { z } from 'zod';
import { DEFAULT_TEXT_MODEL, MODEL_ID_PATTERN, textModelProvider } from './ai-models';
import { integrationLabel, socialPlatforms, type LlmIntegrationType } from './integrations';

// One server path (the generateText callable) for every AI text feature: the Creative Assistant box,
// 'Enhance Prompt with AI', the AI post generator, Analyze Performance and Generate Reddit Post.

export const aiTextTasks = [
  'assistant',
  'enhance',
  'social_post',
  'analyze',
  'reddit_post',
] as const;
export type AiTextTask = (typeof aiTextTasks)[number];

/** What an enhanced prompt is for (image, video, music and voiceover forms). */
export const aiTextKinds = ['image', 'video', 'music', 'voiceover'] as const;
export type AiTextKind = (typeof aiTextKinds)[number];

export const AI_PROMPT_MAX_CHARS = 8000;

/** A model id of one of the LLM providers; which ones the user's key can use comes from the catalogue (./ai-models.ts). */
export type AiTextModelId = string;

export function modelProvider(model: AiTextModelId): LlmIntegrationType {
  const provider = textModelProvider(model);
  if (!provider) throw new Error(`Unknown AI text model ${model}`);
  return provider;
}

const unknownModel =
  'Unknown AI model. Choose an OpenAI (gpt-...), Anthropic (claude-...) or Gemini (gemini-...) model';

/** Shown when the chosen model's provider has no key; the client links the word Integrations to /integrations. */
export function missingKeyMessage(provider: LlmIntegrationType): string {
  return `Add your ${integrationLabel(provider)} API key in Integrations to use this model.`;
}

export const generateTextSchema = z.strictObject(
  {
    prompt: z
      .string({ error: 'Please enter a prompt' })
      .trim()
      .min(1, 'Please enter a prompt')
      .max(AI_PROMPT_MAX_CHARS, `Prompt must be ${AI_PROMPT_MAX_CHARS} characters or fewer`),
    task: z.enum(aiTextTasks, { error: `Unknown AI task. Use one of: ${aiTextTasks.join(', ')}` }),
    model: z
      .string({ error: unknownModel })
      .regex(MODEL_ID_PATTERN, unknownModel)
      .refine((m) => textModelProvider(m) !== null, unknownModel)
      .default(DEFAULT_TEXT_MODEL),
    context: z
      .strictObject(
        {
          kind: z
            .enum(aiTextKinds, {
              error: `Unknown prompt kind. Use one of: ${aiTextKinds.join(', ')}`,
            })
            .optional(),
          platform: z
            .enum(socialPlatforms, {
              error: `Unknown platform. Use one of: ${socialPlatforms.join(', ')}`,
            })
            .optional(),
        },
        {
          error: (iss) =>
            iss.code === 'unrecognized_keys'
              ? `Unknown context field: ${iss.keys.slice(0, 3).join(', ').slice(0, 80)}`
              : 'Invalid context',
        },
      )
      .optional(),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `Unknown field: ${iss.keys.slice(0, 3).join(', ').slice(0, 80)}`
        : 'Invalid request',
  },
);
export type GenerateTextInput = z.input<typeof generateTextSchema>;
export type GenerateTextPayload = z.output<typeof generateTextSchema>;

export interface GenerateTextResult {
  text: string;
  /** The model that answered. */
  model: AiTextModelId;
  provider: LlmIntegrationType;
  /** The requested model, when the key no longer offers it and `model` (the provider's default) answered instead. */
  replacedModel?: AiTextModelId;
}
