import type { SocialPlatform } from '@core/integrations';
import type { QueryState } from '@core/react/use-live';
import { useUserCollection } from '@/lib/live';
import { toSocialConnections, type SocialConnection } from '../utils/connections';

/** Each platform's connection state, live from users/{uid}/socialAccounts. */
export function useSocialConnections(): { state: QueryState<Record<SocialPlatform, SocialConnection>>; retry: () => void } {
  return useUserCollection('socialAccounts', (docs) => toSocialConnections(docs, new Date()));
}
