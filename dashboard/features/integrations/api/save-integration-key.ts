import { inputSchemaOf, useCall } from '@/lib/call';

/** The function validates the same schema; checking here first gives the message without a round trip. */
export const saveIntegrationKeyInputSchema = inputSchemaOf('saveIntegrationKey');

/** Seals the key server-side (saveIntegrationKey); the page then reads only its hint from the status document. */
export function useSaveIntegrationKey() {
  const { run, isPending } = useCall('saveIntegrationKey');
  return { save: run, isPending };
}
