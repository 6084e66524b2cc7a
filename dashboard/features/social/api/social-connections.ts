import { toSocialAccountStatuses, type SocialAccountStatus } from '@core/data/statuses';
import type { SocialPlatform } from '@core/integrations';
import type { OAuthPlatform } from '@core/social-oauth';
import type { QueryState } from '@core/react/use-live';
import { useUserCollection } from '@/lib/live';
import { toSocialConnections, type SocialConnection } from '@core/social-connections';

/** Each platform's connection state, live from users/{uid}/socialAccounts. */
export function useSocialConnections(): {
  state: QueryState<Record<SocialPlatform, SocialConnection>>;
  retry: () => void;
} {
  return useUserCollection('socialAccounts', (docs) => toSocialConnections(docs, new Date()));
}

/** What the Connect section of a Reddit or YouTube page needs to know about the account. */
export type OAuthAccountState =
  'loading' | 'no-credentials' | 'not-connected' | 'needs-reconnect' | 'connected';

/** users/{uid}/socialAccounts/{platform}, live, as the Connect section reads it. */
export function useOAuthAccount(platform: OAuthPlatform): OAuthAccountState {
  const { state } = useUserCollection(
    'socialAccounts',
    (docs) => toSocialAccountStatuses(docs)[platform] ?? null,
  );
  if (state.status !== 'success') return state.status === 'loading' ? 'loading' : 'no-credentials';
  return oauthAccountState(state.data);
}

export function oauthAccountState(
  status: SocialAccountStatus | null,
): Exclude<OAuthAccountState, 'loading'> {
  if (!status || !status.values.clientId) return 'no-credentials';
  if (status.needsReconnect) return 'needs-reconnect';
  return status.connected ? 'connected' : 'not-connected';
}
