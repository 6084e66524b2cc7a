import { useCallback } from 'react';
import type { GenerateTextInput, GenerateTextResult } from '@core/ai-text';
import { call, inputSchemaOf, readCallableError, type CallableFailure } from './call';
import { usePendingCall } from './use-pending-call';

// Every AI text feature (assistant, prompt enhancer, post generator, analysis) goes through this one call:
// one callable request per click; the function makes one provider request (more only when it retries a 429 or 5xx).

export const generateTextInputSchema = inputSchemaOf('generateText');
export type { GenerateTextInput, GenerateTextResult };

export type GenerateTextOutcome = { ok: true; result: GenerateTextResult } | ({ ok: false } & CallableFailure);

/**
 * Runs generateText and returns the outcome as a value: the text, or the user-facing failure (the function's
 * message; `needsIntegrations` when it points at Integrations). `fallback` is this feature's failure text
 * ('Failed to enhance prompt', 'Failed to process AI request', ...), used when the server gave none.
 */
export function useGenerateText(fallback: string): { generate: (input: GenerateTextInput) => Promise<GenerateTextOutcome>; isPending: boolean } {
  const generate = useCallback(
    async (input: GenerateTextInput): Promise<GenerateTextOutcome> => {
      const parsed = generateTextInputSchema.safeParse(input);
      if (!parsed.success) return { ok: false, ...readCallableError(parsed.error, fallback) };
      try {
        return { ok: true, result: await call('generateText', input) };
      } catch (error) {
        return { ok: false, ...readCallableError(error, fallback) };
      }
    },
    [fallback],
  );
  const { run, isPending } = usePendingCall(generate);
  return { generate: run, isPending };
}
