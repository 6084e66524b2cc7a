import { toDate } from './data/fields';
import { toSocialAccountStatuses, type RawDoc } from './data/statuses';
import { socialPlatforms, type SocialPlatform } from './integrations';
import { oauthPlatforms } from './social-oauth';

// users/{uid}/socialAccounts/{platform} as the Social overview shows it. `needsReconnect` and
// `tokenExpiresAt` are written by the publishing functions when they know them; both are optional.
// Reddit and YouTube take two steps: the app's credentials in Integrations, then the user's consent on
// the platform's page ('needs-connect' between the two).

export type ConnectionState =
  'connected' | 'needs-credentials' | 'needs-connect' | 'needs-reconnect';

export interface SocialConnection {
  state: ConnectionState;
  /** Whole days until the access token expires, when the functions know it. */
  expiresInDays: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isOAuth = (p: SocialPlatform) => (oauthPlatforms as readonly string[]).includes(p);

/** Where a connection that is not usable gets fixed: the platform's own page for an OAuth consent, Integrations for credentials. */
export function fixesOnPlatformPage(platform: SocialPlatform, c: SocialConnection): boolean {
  return isOAuth(platform) && (c.state === 'needs-connect' || c.state === 'needs-reconnect');
}

export function toSocialConnections(
  docs: readonly RawDoc[],
  now: Date,
): Record<SocialPlatform, SocialConnection> {
  const statuses = toSocialAccountStatuses(docs);
  const out = {} as Record<SocialPlatform, SocialConnection>;
  for (const platform of socialPlatforms) {
    const status = statuses[platform];
    const raw = docs.find((d) => d.id === platform)?.data as Record<string, unknown> | undefined;
    const expiresAt = toDate(raw?.tokenExpiresAt);
    const expiresInDays = expiresAt
      ? Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS)
      : null;
    if (!status) out[platform] = { state: 'needs-credentials', expiresInDays: null };
    else if (raw?.needsReconnect === true || (expiresInDays !== null && expiresInDays <= 0))
      out[platform] = { state: 'needs-reconnect', expiresInDays };
    else if (!status.connected)
      out[platform] = {
        state: isOAuth(platform) ? 'needs-connect' : 'needs-credentials',
        expiresInDays,
      };
    else out[platform] = { state: 'connected', expiresInDays };
  }
  return out;
}

export function connectionLabel(c: SocialConnection): string {
  if (c.state === 'needs-credentials') return 'Needs credentials';
  if (c.state === 'needs-connect') return 'Not connected';
  if (c.state === 'needs-reconnect') return 'Needs reconnect';
  if (c.expiresInDays === null) return 'Connected';
  return `Connected · token expires in ${c.expiresInDays} day${c.expiresInDays === 1 ? '' : 's'}`;
}
