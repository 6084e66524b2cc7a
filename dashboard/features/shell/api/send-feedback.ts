import { inputSchemaOf, useCall } from '@/lib/call';

/** The function validates the same schema (core/callables.ts). */
export const sendFeedbackInputSchema = inputSchemaOf('sendFeedback');

/** Stores feedback through the sendFeedback callable (users/{uid}/feedback). */
export function useSendFeedback() {
  const { run, isPending } = useCall('sendFeedback');
  return { send: run, isPending };
}
