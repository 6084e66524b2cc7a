import { useCall } from '@/lib/call';

/** Removes the sealed key and its status document together (deleteIntegrationKey). */
export function useDeleteIntegrationKey() {
  const { run, isPending } = useCall('deleteIntegrationKey');
  return { remove: run, isPending };
}
