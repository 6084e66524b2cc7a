import type { StoredSocialCredentials } from '@core/integrations';
import { LINKEDIN_LIMITS } from '@core/social-limits';
import { LINKEDIN_COMMENT_MAX_CHARS } from '@core/social-posts';
import { linkedinTextLength } from '@core/post-checks';
import { platformErrorCodes } from '@core/platform-errors';
import { log } from '../../lib/log';
import {
  checkLinkedInRequest,
  createLinkedInPublisher,
  fetchLinkedInIdentity,
  listApprovedOrganizations,
} from '../../providers/social/linkedin';
import type { PublishMedia } from '../../providers/social/social-publisher';
import type { PlatformAdapter } from './adapter';
import { readLinkedInMetrics } from './metrics/linkedin';

// Only sizes and types are checked before a publish: nothing is read.
const unread: PublishMedia['read'] = () => Promise.reject(new Error('not readable here'));

/** The access token's expiry when the saved credentials carry one (an ISO date or epoch seconds/ms). */
export function tokenExpiryOf(stored: StoredSocialCredentials): string | null {
  const raw = stored.accessTokenExpiresAt ?? stored.expiresAt;
  if (!raw) return null;
  const n = Number(raw);
  const date =
    Number.isFinite(n) && /^\d+$/.test(raw) ? new Date(n < 1e12 ? n * 1000 : n) : new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export const linkedinAdapter: PlatformAdapter<'linkedin'> = {
  id: 'linkedin',
  provider: 'linkedin',
  // The publish log's name for its own calls (../publish-log.ts).
  requestStep: (method, path) => {
    if (method === 'POST' && /^\/rest\/socialActions\/[^/]+\/comments$/.test(path))
      return 'Create comment';
    return path === '/rest/posts' ? 'Create post' : undefined;
  },
  errorCodes: platformErrorCodes.linkedin,
  metrics: readLinkedInMetrics,
  problem: (post) => {
    if (linkedinTextLength(post.text) > LINKEDIN_LIMITS.commentaryMaxChars)
      return `LinkedIn posts are limited to ${LINKEDIN_LIMITS.commentaryMaxChars} characters.`;
    const media = post.media.map((m) => ({ ...m, read: unread }));
    return checkLinkedInRequest({ text: post.text, media, author: post.author })?.message;
  },
  commentProblem: (text) =>
    [...text].length > LINKEDIN_COMMENT_MAX_CHARS
      ? `LinkedIn comments are limited to ${LINKEDIN_COMMENT_MAX_CHARS} characters.`
      : undefined,
  publisher: (stored, options) =>
    createLinkedInPublisher({
      accessToken: stored.accessToken ?? '',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      now: options.now,
      sleep: options.sleep,
      requestTimeoutMs: options.requestTimeoutMs,
    }),
  profile: async ({ uid, stored, baseUrl, fetch, now, refused, rememberMember }) => {
    const options = { accessToken: stored.accessToken ?? '', baseUrl, fetch, now };
    const identity = await fetchLinkedInIdentity(options);
    if (!identity.ok) return refused(identity.failure);
    // The member is kept on the account, so Post From offers it at once next time while the pages are being
    // listed (without it the composer waits for this answer).
    const [organizations] = await Promise.all([
      listApprovedOrganizations(options),
      rememberMember({ urn: identity.value.personUrn, name: identity.value.name }),
    ]);
    if (!organizations.ok) {
      if (organizations.failure.code === 'auth_expired') return refused(organizations.failure);
      // Without the page permission the member still posts as themself.
      log.info('LinkedIn pages not listed', { uid, code: organizations.failure.code });
    }
    const tokenExpiresAt = tokenExpiryOf(stored);
    return {
      platform: 'linkedin',
      name: identity.value.name,
      followers: null,
      following: null,
      posts: null,
      authors: [
        { urn: identity.value.personUrn, name: identity.value.name, kind: 'person' },
        ...(organizations.ok
          ? organizations.value.map((o) => ({
              urn: o.urn,
              name: o.name,
              kind: 'organization' as const,
            }))
          : []),
      ],
      ...(tokenExpiresAt ? { tokenExpiresAt } : {}),
    };
  },
};
