import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type { CallablePayload } from '@core/callables';
import type { StoredSocialCredentials } from '@core/integrations';
import type { PlatformProfile, PublishPlatform } from '@core/social-posts';
import { readSocialCredentials } from '../../integrations/secret-store';
import { reasonedError, withFallbackError } from '../../lib/callable';
import type { Keyring } from '../../lib/crypto';
import { log } from '../../lib/log';
import { fetchLinkedInIdentity, listApprovedOrganizations } from '../../providers/social/linkedin';
import type { PublishFailure } from '../../providers/social/social-publisher';
import { fetchXProfile } from '../../providers/social/x';
import { fetchYouTubeChannel } from '../../providers/social/youtube';
import { xCredentialsOf } from '../deps';
import { missingCredentialsError, socialAccountRef, unreadableCredentialsError } from '../posts';

export interface PlatformProfileDeps {
  db: Firestore;
  keyring: Keyring;
  fetch: typeof fetch;
  /** The platforms' API origins (X_BASE_URL, LINKEDIN_BASE_URL). */
  baseUrls: Record<PublishPlatform, string>;
  now?: () => number;
}

/**
 * The account behind the saved credentials, for the composers: X's public figures; LinkedIn's member and
 * the pages it may post for (APPROVED only), member first. A refused token is the reason 'needs-reconnect'.
 */
export async function getPlatformProfile(uid: string, input: CallablePayload<'getPlatformProfile'>, deps: PlatformProfileDeps): Promise<PlatformProfile> {
  const { platform } = input;
  return withFallbackError('Failed to process your request', { uid, platform }, async () => {
    const stored = await readSocialCredentials(deps, uid, platform);
    if (!stored.found) throw missingCredentialsError(platform);
    if (!stored.readable) throw unreadableCredentialsError(platform);
    const now = deps.now ?? Date.now;
    const refused = async (failure: PublishFailure): Promise<never> => {
      if (failure.code === 'auth_expired') {
        const account = socialAccountRef(deps.db, uid, platform);
        await account.update({ needsReconnect: true }).catch(() => undefined);
        throw reasonedError('failed-precondition', failure.message, { reason: 'needs-reconnect', provider: platform });
      }
      log.warn('Platform profile unavailable', { uid, platform, code: failure.code });
      throw new HttpsError(failure.code === 'rate_limited' ? 'resource-exhausted' : 'unavailable', failure.message);
    };

    if (platform === 'x') {
      const result = await fetchXProfile({ credentials: xCredentialsOf(stored.value), baseUrl: deps.baseUrls.x, fetch: deps.fetch, now });
      if (!result.ok) return refused(result.failure);
      const { profile } = result;
      return { platform, name: profile.username ? `@${profile.username}` : profile.name || null, followers: profile.followers, following: profile.following, posts: profile.posts, authors: [] };
    }

    if (platform === 'youtube') {
      // Before Connect there is no token: the page shows the connect component instead of figures.
      if (!stored.value.accessToken) throw reasonedError('failed-precondition', 'Please connect your YouTube account', { reason: 'needs-reconnect', provider: platform });
      const channel = await fetchYouTubeChannel({ accessToken: stored.value.accessToken, baseUrl: deps.baseUrls.youtube, fetch: deps.fetch, now });
      if (!channel.ok) return refused(channel.failure);
      const c = channel.value;
      return { platform, name: c?.title ?? null, followers: c?.subscribers ?? null, following: null, posts: c?.videos ?? null, views: c?.views ?? null, authors: [] };
    }

    const options = { accessToken: stored.value.accessToken ?? '', baseUrl: deps.baseUrls.linkedin, fetch: deps.fetch, now };
    const identity = await fetchLinkedInIdentity(options);
    if (!identity.ok) return refused(identity.failure);
    const organizations = await listApprovedOrganizations(options);
    if (!organizations.ok) {
      if (organizations.failure.code === 'auth_expired') return refused(organizations.failure);
      // Without the page permission the member still posts as themself.
      log.info('LinkedIn pages not listed', { uid, code: organizations.failure.code });
    }
    const tokenExpiresAt = tokenExpiryOf(stored.value);
    return {
      platform,
      name: identity.value.name,
      followers: null,
      following: null,
      posts: null,
      authors: [
        { urn: identity.value.personUrn, name: identity.value.name, kind: 'person' },
        ...(organizations.ok ? organizations.value.map((o) => ({ urn: o.urn, name: o.name, kind: 'organization' as const })) : []),
      ],
      ...(tokenExpiresAt ? { tokenExpiresAt } : {}),
    };
  });
}

/** The access token's expiry when the saved credentials carry one (an ISO date or epoch seconds/ms). */
export function tokenExpiryOf(stored: StoredSocialCredentials): string | null {
  const raw = stored.accessTokenExpiresAt ?? stored.expiresAt;
  if (!raw) return null;
  const n = Number(raw);
  const date = Number.isFinite(n) && /^\d+$/.test(raw) ? new Date(n < 1e12 ? n * 1000 : n) : new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
