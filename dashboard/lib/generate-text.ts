import { httpsCallable, type Functions } from 'firebase/functions';
import { useCallback } from 'react';
import { generateTextCallable, generateTextSchema, type GenerateTextInput, type GenerateTextResult } from '@core/ai-text';
import { readCallableError, type CallableFailure } from './callable-error';
import { getFirebase } from './firebase';
import { usePendingCall } from './use-pending-call';

// Every AI text feature (assistant, prompt enhancer, post generator, analysis) goes through this one call:
// one callable request per click; the function makes one provider request (more only when it retries a 429 or 5xx).

export const generateTextInputSchema = generateTextSchema;
export type { GenerateTextInput, GenerateTextResult };

export type GenerateTextOutcome = { ok: true; result: GenerateTextResult } | ({ ok: false } & CallableFailure);

export async function generateText(functions: Functions, input: GenerateTextInput): Promise<GenerateTextResult> {
  const payload = generateTextInputSchema.parse(input);
  const call = httpsCallable<typeof payload, GenerateTextResult>(functions, generateTextCallable);
  const { data } = await call(payload);
  return data;
}

/**
 * Runs generateText and returns the outcome as a value: the text, or the user-facing failure (the function's
 * message; `needsIntegrations` when it points at Integrations). `fallback` is the spec's text for this feature
 * ('Failed to enhance prompt', 'Failed to process AI request', ...), used when the server gave none.
 */
export function useGenerateText(fallback: string): { generate: (input: GenerateTextInput) => Promise<GenerateTextOutcome>; isPending: boolean } {
  const call = useCallback(
    async (input: GenerateTextInput): Promise<GenerateTextOutcome> => {
      const parsed = generateTextInputSchema.safeParse(input);
      if (!parsed.success) return { ok: false, code: 'invalid-argument', message: parsed.error.issues[0]?.message ?? fallback, needsIntegrations: false };
      try {
        return { ok: true, result: await generateText(getFirebase().functions, parsed.data) };
      } catch (error) {
        return { ok: false, ...readCallableError(error, fallback) };
      }
    },
    [fallback],
  );
  const { run, isPending } = usePendingCall(call);
  return { generate: run, isPending };
}
