import { httpsCallable, type Functions } from 'firebase/functions';
import { integrationCallables, saveIntegrationKeySchema, type SaveIntegrationKeyInput, type SaveIntegrationKeyResult } from '@core/integrations';
import { getFirebase } from '@/lib/firebase';
import { usePendingCall } from '@/lib/use-pending-call';

/** The function validates the same schema; checking here first gives the message without a round trip. */
export const saveIntegrationKeyInputSchema = saveIntegrationKeySchema;

/** Seals the key server-side (saveIntegrationKey); the page then reads only its hint from the status document. */
export async function saveIntegrationKey(functions: Functions, input: SaveIntegrationKeyInput): Promise<SaveIntegrationKeyResult> {
  const payload = saveIntegrationKeyInputSchema.parse(input);
  const call = httpsCallable<SaveIntegrationKeyInput, SaveIntegrationKeyResult>(functions, integrationCallables.saveIntegrationKey);
  return (await call(payload)).data;
}

export function useSaveIntegrationKey() {
  const { run, isPending } = usePendingCall((input: SaveIntegrationKeyInput) => saveIntegrationKey(getFirebase().functions, input));
  return { save: run, isPending };
}
