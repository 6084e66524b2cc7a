import { httpsCallable, type Functions } from 'firebase/functions';
import { useCallback, useState } from 'react';
import { feedbackInputSchema, type FeedbackInput } from '@core/schemas';
import { getFirebase } from '@/lib/firebase';

export { feedbackInputSchema as sendFeedbackInputSchema };
export type SendFeedbackInput = FeedbackInput;
export interface SendFeedbackResult {
  id: string;
}

/** Stores feedback through the sendFeedback callable (users/{uid}/feedback); the function validates the same schema. */
export async function sendFeedback(functions: Functions, input: SendFeedbackInput): Promise<SendFeedbackResult> {
  const payload = feedbackInputSchema.parse(input);
  const call = httpsCallable<SendFeedbackInput, SendFeedbackResult>(functions, 'sendFeedback');
  const { data } = await call(payload);
  return data;
}

export function useSendFeedback(): { send: (input: SendFeedbackInput) => Promise<SendFeedbackResult>; isPending: boolean } {
  const [isPending, setPending] = useState(false);
  const send = useCallback(async (input: SendFeedbackInput) => {
    setPending(true);
    try {
      return await sendFeedback(getFirebase().functions, input);
    } finally {
      setPending(false);
    }
  }, []);
  return { send, isPending };
}
