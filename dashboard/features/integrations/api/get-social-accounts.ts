import { socialAccountStatusSchema, socialPlatforms, type SocialPlatform } from '@core/integrations';
import { parseKeyedDocs, useLiveUserCollection, type RawDoc } from '@/lib/live-user-collection';
import type { QueryState } from '@/lib/query-state';

/** users/{uid}/socialAccounts/{platform} as the forms use it: hints of secrets, non-secret values, connected. */
export interface SocialAccount {
  hints: Record<string, string>;
  values: Record<string, string>;
  connected: boolean;
  updatedAt: Date;
}

export type SocialAccounts = Partial<Record<SocialPlatform, SocialAccount>>;

export function toSocialAccounts(docs: RawDoc[]): SocialAccounts {
  return parseKeyedDocs(docs, socialPlatforms, socialAccountStatusSchema, ({ hints, values, connected, updatedAt }) => ({ hints, values, connected, updatedAt: updatedAt.toDate() }));
}

export function useSocialAccounts(): { state: QueryState<SocialAccounts>; retry: () => void } {
  return useLiveUserCollection('socialAccounts', toSocialAccounts);
}
