import { toSocialAccountStatuses, type SocialAccountStatus, type SocialAccountStatuses } from '@core/data/statuses';
import type { QueryState } from '@core/react/use-live';
import { useUserCollection } from '@/lib/live';

/** users/{uid}/socialAccounts/{platform} as the forms use it: hints of secrets, non-secret values, connected. */
export type SocialAccount = SocialAccountStatus;
export type SocialAccounts = SocialAccountStatuses;

export function useSocialAccounts(): { state: QueryState<SocialAccounts>; retry: () => void } {
  return useUserCollection('socialAccounts', toSocialAccountStatuses);
}
