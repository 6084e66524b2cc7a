import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type { CallablePayload } from '@core/callables';
import type { StoredSocialCredentials } from '@core/integrations';
import type { PlatformProfile, PublishPlatform } from '@core/social-posts';
import { reasonedError, withFallbackError } from '../../lib/callable';
import type { Clock } from '../../lib/clock';
import type { Keyring } from '../../lib/crypto';
import { log } from '../../lib/log';
import type { PublishFailure } from '../../providers/social/social-publisher';
import { adapterOf } from '../platforms';
import { readFreshCredentials, type FreshCredentials } from '../oauth/fresh-credentials';
import type { OAuthHosts } from '../oauth/platform-oauth';
import { missingCredentialsError, socialAccountRef, unreadableCredentialsError } from '../posts';

export interface PlatformProfileDeps {
  db: Firestore;
  keyring: Keyring;
  fetch: typeof fetch;
  /** The platforms' API origins (X_BASE_URL, LINKEDIN_BASE_URL, REDDIT_BASE_URL). */
  baseUrls: Record<PublishPlatform, string>;
  /** OAuth hosts, to refresh Reddit and YouTube tokens before use. */
  hosts: OAuthHosts;
  clock: Clock;
  now?: () => number;
}

/** Credentials as a profile call uses them: refreshed first where the platform uses OAuth; a refusal is thrown. */
export async function usableCredentials(
  deps: PlatformProfileDeps,
  uid: string,
  platform: PublishPlatform,
): Promise<StoredSocialCredentials> {
  const stored: FreshCredentials = await readFreshCredentials(deps, uid, platform);
  if (!stored.found) throw missingCredentialsError(platform);
  if (!stored.readable) throw unreadableCredentialsError(platform);
  if ('refused' in stored) {
    if (stored.refused.code === 'auth_expired')
      throw reasonedError('failed-precondition', stored.refused.message, {
        reason: 'needs-reconnect',
        provider: platform,
      });
    throw new HttpsError('unavailable', stored.refused.message);
  }
  return stored.value;
}

/**
 * The account behind the saved credentials, for the composers: X's public figures; LinkedIn's member and
 * the pages it may post for (APPROVED only), member first. A refused token is the reason 'needs-reconnect'.
 */
export async function getPlatformProfile(
  uid: string,
  input: CallablePayload<'getPlatformProfile'>,
  deps: PlatformProfileDeps,
): Promise<PlatformProfile> {
  const { platform } = input;
  return withFallbackError('Failed to process your request', { uid, platform }, async () => {
    const stored = { value: await usableCredentials(deps, uid, platform) };
    const now = deps.now ?? Date.now;
    const refused = async (failure: PublishFailure): Promise<never> => {
      if (failure.code === 'auth_expired') {
        const account = socialAccountRef(deps.db, uid, platform);
        await account.update({ needsReconnect: true }).catch(() => undefined);
        throw reasonedError('failed-precondition', failure.message, {
          reason: 'needs-reconnect',
          provider: platform,
        });
      }
      log.warn('Platform profile unavailable', { uid, platform, code: failure.code });
      throw new HttpsError(
        failure.code === 'rate_limited' ? 'resource-exhausted' : 'unavailable',
        failure.message,
      );
    };

    const rememberMember = (member: { urn: string; name: string }) =>
      socialAccountRef(deps.db, uid, platform)
        .update({ member })
        .then(() => undefined)
        .catch(() => undefined);
    return adapterOf(platform).profile({
      uid,
      stored: stored.value,
      baseUrl: deps.baseUrls[platform],
      fetch: deps.fetch,
      now,
      refused,
      rememberMember,
    });
  });
}

export { tokenExpiryOf } from '../platforms/linkedin';
