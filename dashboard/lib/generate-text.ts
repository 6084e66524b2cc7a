import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { GenerateTextInput, GenerateTextResult } from '@core/ai-text';
import { callableReads } from '@core/react/query-client';
import { call, inputSchemaOf, readCallableError, type CallableFailure } from './call';
import { toast } from './toast';

// Every AI text feature (assistant, prompt enhancer, post generator, analysis) goes through this one call:
// one callable request per click; the function makes one provider request (more only when it retries a 429 or 5xx).

export const generateTextInputSchema = inputSchemaOf('generateText');
export type { GenerateTextInput, GenerateTextResult };

export type GenerateTextOutcome =
  { ok: true; result: GenerateTextResult } | ({ ok: false } & CallableFailure);

/**
 * Runs generateText and returns the outcome as a value: the text, or the user-facing failure (the function's
 * message; `needsIntegrations` when it points at Integrations). `fallback` is this feature's failure text
 * ('Failed to enhance prompt', 'Failed to process AI request', ...), used when the server gave none.
 */
export function useGenerateText(fallback: string): {
  generate: (input: GenerateTextInput) => Promise<GenerateTextOutcome>;
  isPending: boolean;
} {
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
  // The outcome is a value, so the mutation never fails: a failure is the `ok: false` it resolves with.
  const mutation = useMutation({ mutationFn: generate }, callableReads);
  return { generate: mutation.mutateAsync, isPending: mutation.isPending };
}

export interface PromptedTextRequest {
  /** The text the user typed: blank is refused with `emptyMessage` before anything is sent. */
  prompt: string;
  emptyMessage: string;
  input: () => GenerateTextInput;
  onText: (result: GenerateTextResult) => void;
  /** The success toast. */
  done: { title: string; description?: string };
}

/**
 * A prompt box's one action over useGenerateText: a blank prompt is refused with a toast, a failure is kept
 * (`failure`, for the form's alert) and toasted under `fallback`, without repeating the title as its description.
 */
export function usePromptedText(fallback: string): {
  request: (req: PromptedTextRequest) => Promise<void>;
  failure: CallableFailure | null;
  isPending: boolean;
} {
  const { generate, isPending } = useGenerateText(fallback);
  const [failure, setFailure] = useState<CallableFailure | null>(null);
  const request = async ({ prompt, emptyMessage, input, onText, done }: PromptedTextRequest) => {
    if (isPending) return;
    if (!prompt.trim()) {
      toast({ title: 'Error', description: emptyMessage, variant: 'destructive' });
      return;
    }
    setFailure(null);
    const outcome = await generate(input());
    if (outcome.ok) {
      onText(outcome.result);
      toast(done);
      return;
    }
    setFailure(outcome);
    toast({
      title: fallback,
      description: outcome.message === fallback ? undefined : outcome.message,
      variant: 'destructive',
    });
  };
  return { request, failure, isPending };
}
