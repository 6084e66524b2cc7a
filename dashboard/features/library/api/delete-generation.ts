import { httpsCallable, type Functions } from 'firebase/functions';
import { deleteGenerationCallable, deleteGenerationSchema } from '@core/jobs';
import { getFirebase } from '@/lib/firebase';
import { usePendingCall } from '@/lib/use-pending-call';

export { deleteGenerationSchema as deleteGenerationInputSchema };

/** Deletes a library item: the function removes the record and its Storage objects together. */
export async function deleteGeneration(functions: Functions, generationId: string): Promise<void> {
  const payload = deleteGenerationSchema.parse({ generationId });
  await httpsCallable<typeof payload, unknown>(functions, deleteGenerationCallable)(payload);
}

export function useDeleteGeneration(): { remove: (generationId: string) => Promise<void>; isPending: boolean } {
  const { run, isPending } = usePendingCall((generationId: string) => deleteGeneration(getFirebase().functions, generationId));
  return { remove: run, isPending };
}
