import { httpsCallable, type Functions } from 'firebase/functions';
import { integrationCallables, integrationTypeInputSchema, type IntegrationTypeInput, type TestIntegrationKeyResult } from '@core/integrations';
import { getFirebase } from '@/lib/firebase';
import { usePendingCall } from '@/lib/use-pending-call';

export const testIntegrationKeyInputSchema = integrationTypeInputSchema;

/** Makes the provider's cheapest call with the stored key (testIntegrationKey): {status, message}. */
export async function testIntegrationKey(functions: Functions, input: IntegrationTypeInput): Promise<TestIntegrationKeyResult> {
  const payload = testIntegrationKeyInputSchema.parse(input);
  const call = httpsCallable<IntegrationTypeInput, TestIntegrationKeyResult>(functions, integrationCallables.testIntegrationKey);
  return (await call(payload)).data;
}

export function useTestIntegrationKey() {
  const { run, isPending } = usePendingCall((input: IntegrationTypeInput) => testIntegrationKey(getFirebase().functions, input));
  return { test: run, isPending };
}
