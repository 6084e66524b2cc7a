import type { Firestore } from 'firebase-admin/firestore';
import {
  socialPlatformLabels,
  type SocialPlatform,
  type StoredSocialCredentials,
} from '@core/integrations';
import {
  ACCESS_TOKEN_REFRESH_MARGIN_MS,
  oauthButtons,
  oauthPlatforms,
  type OAuthPlatform,
} from '@core/social-oauth';
import { userCollectionPath } from '@core/firestore-paths';
import {
  readSocialCredentials,
  storeSocialCredentials,
  type SecretRead,
  type SecretStoreDeps,
} from '../../integrations/secret-store';
import { log } from '../../lib/log';
import { takeRefreshLease } from '../health/refresh-lease';
import {
  refreshTokens,
  type OAuthCallOptions,
  type OAuthApp,
  type OAuthTokens,
} from './platform-oauth';

// Reddit and YouTube credentials as every user of their access token must read them: an access token that
// expires within ACCESS_TOKEN_REFRESH_MARGIN_MS is refreshed first and the new one stored sealed. A refresh
// the platform refuses (revoked or expired refresh token, refused client) marks
// users/{uid}/socialAccounts/{platform} needsReconnect, which the pages show; the caller fails with it.

export interface FreshCredentialsDeps extends SecretStoreDeps, Omit<OAuthCallOptions, 'now'> {}

/** Why stored credentials cannot be used: reconnect (the user must Connect again) or a passing outage. */
export interface CredentialsRefusal {
  code: 'auth_expired' | 'unavailable';
  message: string;
}

export type FreshCredentials =
  | SecretRead<StoredSocialCredentials>
  | { found: true; readable: true; refused: CredentialsRefusal };

export function isOAuthPlatform(platform: SocialPlatform): platform is OAuthPlatform {
  return (oauthPlatforms as readonly string[]).includes(platform);
}

export function oauthAppOf(stored: StoredSocialCredentials): OAuthApp {
  return {
    clientId: stored.clientId ?? '',
    clientSecret: stored.clientSecret ?? '',
    ...(stored.userAgent ? { userAgent: stored.userAgent } : {}),
  };
}

/** The fields Connect and every refresh store beside the form's (the publishers read accessToken). */
export function tokenFields(tokens: OAuthTokens): Record<string, string> {
  return {
    accessToken: tokens.accessToken,
    accessTokenExpiresAt: String(tokens.expiresAt),
    ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
    ...(tokens.scope ? { scope: tokens.scope } : {}),
  };
}

export function reconnectMessage(platform: OAuthPlatform): string {
  const label = socialPlatformLabels[platform];
  return `Your ${label} connection has expired or was revoked. Use ${oauthButtons[platform].reconnect} on the ${label} page, then try again.`;
}

/** Marks the account as needing Connect again (a status field clients read); nothing else changes. */
export async function markNeedsReconnect(
  db: Firestore,
  uid: string,
  platform: SocialPlatform,
): Promise<void> {
  await db
    .doc(`${userCollectionPath(uid, 'socialAccounts')}/${platform}`)
    .update({ needsReconnect: true })
    .catch(() => undefined);
}

export async function readFreshCredentials(
  deps: FreshCredentialsDeps,
  uid: string,
  platform: SocialPlatform,
): Promise<FreshCredentials> {
  const read = await readSocialCredentials(deps, uid, platform);
  if (!read.found || !read.readable || !isOAuthPlatform(platform)) return read;
  const stored = read.value;
  const refuse = async (why: string): Promise<FreshCredentials> => {
    await markNeedsReconnect(deps.db, uid, platform);
    log.warn('Social account needs reconnect', { uid, platform, why });
    return {
      found: true,
      readable: true,
      refused: { code: 'auth_expired', message: reconnectMessage(platform) },
    };
  };
  if (!stored.accessToken) return refuse('no_access_token');
  const expiresAt = Number(stored.accessTokenExpiresAt);
  const now = deps.clock.now().getTime();
  // No recorded expiry: the platform decides (a refused token fails the call as auth_expired).
  if (!Number.isFinite(expiresAt) || expiresAt - now > ACCESS_TOKEN_REFRESH_MARGIN_MS) return read;
  if (!stored.refreshToken) return refuse('no_refresh_token');

  // One refresh at a time per account (health/refresh-lease.ts): a caller that waited reads the holder's token.
  const fresh = async (): Promise<SecretRead<StoredSocialCredentials> | undefined> => {
    const again = await readSocialCredentials(deps, uid, platform);
    if (!again.found || !again.readable) return again;
    const until = Number(again.value.accessTokenExpiresAt);
    return again.value.accessToken &&
      until - deps.clock.now().getTime() > ACCESS_TOKEN_REFRESH_MARGIN_MS
      ? again
      : undefined;
  };
  const lease = await takeRefreshLease(
    deps,
    uid,
    platform,
    async () => (await fresh()) !== undefined,
  );
  if (lease === 'timeout') {
    log.warn('Token refresh lease not taken', { uid, platform });
    return {
      found: true,
      readable: true,
      refused: {
        code: 'unavailable',
        message: `${socialPlatformLabels[platform]} could not be reached to renew the connection. Please try again.`,
      },
    };
  }
  if (lease === 'settled') return (await fresh()) ?? readSocialCredentials(deps, uid, platform);
  try {
    // Another holder may have finished between our read and taking the lease.
    const already = await fresh();
    if (already) return already;
    const latest = await readSocialCredentials(deps, uid, platform);
    return await refreshHeld(
      deps,
      uid,
      platform,
      latest.found && latest.readable ? latest.value : stored,
      refuse,
    );
  } finally {
    await lease.release();
  }
}

async function refreshHeld(
  deps: FreshCredentialsDeps,
  uid: string,
  platform: OAuthPlatform,
  stored: StoredSocialCredentials,
  refuse: (why: string) => Promise<FreshCredentials>,
): Promise<FreshCredentials> {
  const outcome = await refreshTokens(platform, oauthAppOf(stored), stored.refreshToken ?? '', {
    ...deps,
    now: () => deps.clock.now().getTime(),
  });
  if (!outcome.ok) {
    if (outcome.kind === 'unavailable') {
      log.warn('Token refresh unavailable', { uid, platform, error: outcome.error });
      return {
        found: true,
        readable: true,
        refused: {
          code: 'unavailable',
          message: `${socialPlatformLabels[platform]} could not be reached to renew the connection. Please try again.`,
        },
      };
    }
    return refuse(`refresh_${outcome.kind}`);
  }
  const fields = tokenFields(outcome.tokens);
  const saved = await storeSocialCredentials(deps, uid, platform, fields);
  // Deleted meanwhile, or no longer readable: use the fresh token this once, store nothing.
  if (!saved.ok) log.warn('Refreshed token not stored', { uid, platform, reason: saved.reason });
  else log.info('Access token refreshed', { uid, platform });
  return { found: true, readable: true, value: { ...stored, ...fields } };
}
