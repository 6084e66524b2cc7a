import { useCall } from '@/lib/call';

/** Removes a platform's sealed credentials and its status document (deleteSocialCredentials). */
export function useDeleteSocialCredentials() {
  const { run, isPending } = useCall('deleteSocialCredentials');
  return { remove: run, isPending };
}
