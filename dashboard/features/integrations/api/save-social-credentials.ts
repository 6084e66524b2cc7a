import { httpsCallable, type Functions } from 'firebase/functions';
import { integrationCallables, saveSocialCredentialsSchema, type SaveSocialCredentialsInput, type SaveSocialCredentialsResult } from '@core/integrations';
import { getFirebase } from '@/lib/firebase';
import { usePendingCall } from '@/lib/use-pending-call';

export const saveSocialCredentialsInputSchema = saveSocialCredentialsSchema;

/** Saves a platform's credentials (saveSocialCredentials); fields left out keep their stored value. */
export async function saveSocialCredentials(functions: Functions, input: SaveSocialCredentialsInput): Promise<SaveSocialCredentialsResult> {
  const payload = saveSocialCredentialsInputSchema.parse(input);
  const call = httpsCallable<SaveSocialCredentialsInput, SaveSocialCredentialsResult>(functions, integrationCallables.saveSocialCredentials);
  return (await call(payload as SaveSocialCredentialsInput)).data;
}

export function useSaveSocialCredentials() {
  const { run, isPending } = usePendingCall((input: SaveSocialCredentialsInput) => saveSocialCredentials(getFirebase().functions, input));
  return { save: run, isPending };
}
