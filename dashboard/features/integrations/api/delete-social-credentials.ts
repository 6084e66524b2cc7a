import { httpsCallable, type Functions } from 'firebase/functions';
import { integrationCallables, socialPlatformInputSchema, type DeleteResult, type SocialPlatformInput } from '@core/integrations';
import { getFirebase } from '@/lib/firebase';
import { usePendingCall } from '@/lib/use-pending-call';

export const deleteSocialCredentialsInputSchema = socialPlatformInputSchema;

/** Removes a platform's sealed credentials and its status document (deleteSocialCredentials). */
export async function deleteSocialCredentials(functions: Functions, input: SocialPlatformInput): Promise<DeleteResult> {
  const payload = deleteSocialCredentialsInputSchema.parse(input);
  const call = httpsCallable<SocialPlatformInput, DeleteResult>(functions, integrationCallables.deleteSocialCredentials);
  return (await call(payload)).data;
}

export function useDeleteSocialCredentials() {
  const { run, isPending } = usePendingCall((input: SocialPlatformInput) => deleteSocialCredentials(getFirebase().functions, input));
  return { remove: run, isPending };
}
