import { httpsCallable, type Functions } from 'firebase/functions';
import { cancelJobCallable, jobIdSchema } from '@core/jobs';
import { getFirebase } from '@/lib/firebase';
import { usePendingCall } from '@/lib/use-pending-call';

export { jobIdSchema as cancelImageJobInputSchema };

/** Asks the function to stop a queued or running job; the job document then reads 'cancelled'. */
export async function cancelImageJob(functions: Functions, jobId: string): Promise<void> {
  const payload = jobIdSchema.parse({ jobId });
  await httpsCallable<typeof payload, unknown>(functions, cancelJobCallable)(payload);
}

export function useCancelImageJob(): { cancel: (jobId: string) => Promise<void>; isPending: boolean } {
  const { run, isPending } = usePendingCall((jobId: string) => cancelImageJob(getFirebase().functions, jobId));
  return { cancel: run, isPending };
}
