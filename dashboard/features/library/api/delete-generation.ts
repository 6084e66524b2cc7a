import { useCall } from '@/lib/call';

/** Deletes a library item: the function removes the record and its Storage objects together. */
export function useDeleteGeneration(): {
  remove: (generationId: string) => Promise<unknown>;
  isPending: boolean;
} {
  const { run, isPending } = useCall('deleteGeneration');
  return { remove: (generationId: string) => run({ generationId }), isPending };
}
