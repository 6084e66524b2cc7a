import { httpsCallable, type Functions } from 'firebase/functions';
import { integrationCallables, integrationTypeInputSchema, type DeleteResult, type IntegrationTypeInput } from '@core/integrations';
import { getFirebase } from '@/lib/firebase';
import { usePendingCall } from '@/lib/use-pending-call';

export const deleteIntegrationKeyInputSchema = integrationTypeInputSchema;

/** Removes the sealed key and its status document together (deleteIntegrationKey). */
export async function deleteIntegrationKey(functions: Functions, input: IntegrationTypeInput): Promise<DeleteResult> {
  const payload = deleteIntegrationKeyInputSchema.parse(input);
  const call = httpsCallable<IntegrationTypeInput, DeleteResult>(functions, integrationCallables.deleteIntegrationKey);
  return (await call(payload)).data;
}

export function useDeleteIntegrationKey() {
  const { run, isPending } = usePendingCall((input: IntegrationTypeInput) => deleteIntegrationKey(getFirebase().functions, input));
  return { remove: run, isPending };
}
