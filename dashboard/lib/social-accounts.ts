import {
  toSocialAccountStatuses,
  type SocialAccountStatus,
  type SocialAccountStatuses,
} from '@core/data/statuses';
import type { QueryState } from '@core/react/use-live';
import { useUserCollection } from './live';

// users/{uid}/socialAccounts/{platform}: hints of secrets, non-secret values, connected. Shared because the
// Integrations forms and Home's Social Media Overview both read it.

export type SocialAccount = SocialAccountStatus;
export type SocialAccounts = SocialAccountStatuses;

export function useSocialAccounts(): { state: QueryState<SocialAccounts>; retry: () => void } {
  return useUserCollection('socialAccounts', toSocialAccountStatuses);
}
