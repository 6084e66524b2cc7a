import { useCall } from '@/lib/call';

/** Makes the provider's cheapest call with the stored key (testIntegrationKey): {status, message}. */
export function useTestIntegrationKey() {
  const { run, isPending } = useCall('testIntegrationKey');
  return { test: run, isPending };
}
