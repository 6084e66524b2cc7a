import { useCall } from '@/lib/call';

/** Saves a platform's credentials (saveSocialCredentials); fields left out keep their stored value. */
export function useSaveSocialCredentials() {
  const { run, isPending } = useCall('saveSocialCredentials');
  return { save: run, isPending };
}
