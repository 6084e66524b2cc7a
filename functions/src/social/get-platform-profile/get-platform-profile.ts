import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type { CallablePayload } from '@core/callables';
import type { StoredSocialCredentials } from '@core/integrations';
import type { PlatformProfile, PublishPlatform } from '@core/social-posts';
import { reasonedError, withFallbackError } from '../../lib/callable';
import type { Clock } from '../../lib/clock';
import type { Keyring } from '../../lib/crypto';
import { log } from '../../lib/log';
import { fetchLinkedInIdentity, listApprovedOrganizations } from '../../providers/social/linkedin';
import type { PublishFailure } from '../../providers/social/social-publisher';
import { createRedditClient, fetchRedditProfile } from '../../providers/social/reddit';
import { fetchXProfile } from '../../providers/social/x';
import { fetchYouTubeChannel } from '../../providers/social/youtube';
import { xCredentialsOf } from '../deps';
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
export async function usableCredentials(deps: PlatformProfileDeps, uid: string, platform: PublishPlatform): Promise<StoredSocialCredentials> {
  const stored: FreshCredentials = await readFreshCredentials(deps, uid, platform);
  if (!stored.found) throw missingCredentialsError(platform);
  if (!stored.readable) throw unreadableCredentialsError(platform);
  if ('refused' in stored) {
    if (stored.refused.code === 'auth_expired') throw reasonedError('failed-precondition', stored.refused.message, { reason: 'needs-reconnect', provider: platform });
    throw new HttpsError('unavailable', stored.refused.message);
  }
  return stored.value;
}

/**
 * The account behind the saved credentials, for the composers: X's public figures; LinkedIn's member and
 * the pages it may post for (APPROVED only), member first. A refused token is the reason 'needs-reconnect'.
 */
export async function getPlatformProfile(uid: string, input: CallablePayload<'getPlatformProfile'>, deps: PlatformProfileDeps): Promise<PlatformProfile> {
  const { platform } = input;
  return withFallbackError('Failed to process your request', { uid, platform }, async () => {
    const stored = { value: await usableCredentials(deps, uid, platform) };
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

    if (platform === 'reddit') {
      const client = createRedditClient({
        accessToken: stored.value.accessToken ?? '',
        userAgent: stored.value.userAgent ?? '',
        baseUrl: deps.baseUrls.reddit,
        fetch: deps.fetch,
        now,
        sleep: noWait,
        maxRateWaitMs: 0,
      });
      const profile = await fetchRedditProfile(client);
      if (!profile.ok) return refused(profile.failure);
      return { platform, name: `u/${profile.value.name}`, followers: profile.value.subscribers, following: null, posts: null, karma: profile.value.karma, authors: [] };
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
    // The member is kept on the account (socialAccounts/linkedin), so Post From offers it at once next time
    // while the pages are being listed (best effort: without it the composer waits for this answer).
    const member = { urn: identity.value.personUrn, name: identity.value.name };
    const remember = socialAccountRef(deps.db, uid, platform)
      .update({ member })
      .catch(() => undefined);
    const [organizations] = await Promise.all([listApprovedOrganizations(options), remember]);
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

// A profile call never waits out a rate-limit window: it fails as rate limited instead.
const noWait = (): Promise<void> => Promise.resolve();

/** The access token's expiry when the saved credentials carry one (an ISO date or epoch seconds/ms). */
export function tokenExpiryOf(stored: StoredSocialCredentials): string | null {
  const raw = stored.accessTokenExpiresAt ?? stored.expiresAt;
  if (!raw) return null;
  const n = Number(raw);
  const date = Number.isFinite(n) && /^\d+$/.test(raw) ? new Date(n < 1e12 ? n * 1000 : n) : new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
