import { httpsCallable, type Functions } from 'firebase/functions';
import { imageJobInputSchema, startJobCallable, startJobSchema, type StartJobInput, type StartJobResult } from '@core/jobs';
import { getFirebase } from '@/lib/firebase';
import { usePendingCall } from '@/lib/use-pending-call';
import type { ImageJobInput } from '../utils/form';

export { imageJobInputSchema as startImageJobInputSchema };

/**
 * Starts an image job through the startJob callable; the function runs it to the end. `requestId` is made
 * once per click and becomes the job id, so a retried call cannot start a second job.
 */
export async function startImageJob(functions: Functions, input: ImageJobInput, requestId: string = crypto.randomUUID()): Promise<StartJobResult> {
  const payload = startJobSchema.parse({ requestId, kind: 'image', input });
  const call = httpsCallable<StartJobInput, StartJobResult>(functions, startJobCallable);
  const { data } = await call(payload);
  return data;
}

export function useStartImageJob(): { start: (input: ImageJobInput) => Promise<StartJobResult>; isPending: boolean } {
  const { run, isPending } = usePendingCall((input: ImageJobInput) => startImageJob(getFirebase().functions, input));
  return { start: run, isPending };
}
