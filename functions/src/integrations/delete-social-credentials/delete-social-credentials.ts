import {
  socialPlatformLabels,
  type DeleteResult,
  type StoredSocialCredentials,
} from '@core/integrations';
import { withFallbackError } from '../../lib/callable';
import { log } from '../../lib/log';
import { isOAuthPlatform, oauthAppOf } from '../../social/oauth/fresh-credentials';
import { revokeToken, type OAuthCallOptions } from '../../social/oauth/platform-oauth';
import {
  deleteSocialCredentials as deleteStored,
  readSocialCredentials,
  type SecretStoreDeps,
} from '../secret-store';
import type { CallablePayload } from '@core/callables';

export interface DeleteSocialCredentialsDeps extends Pick<SecretStoreDeps, 'db' | 'keyring'> {
  /** Where the platform offers it (Reddit, Google), stored tokens are revoked before the credentials go. */
  oauth: Omit<OAuthCallOptions, 'now'>;
}

export async function deleteSocialCredentials(
  uid: string,
  data: CallablePayload<'deleteSocialCredentials'>,
  deps: DeleteSocialCredentialsDeps,
): Promise<DeleteResult> {
  const { platform } = data;
  return withFallbackError(
    `Failed to delete ${socialPlatformLabels[platform]} credentials`,
    { uid, platform },
    async () => {
      let revoked: boolean[] = [];
      if (isOAuthPlatform(platform)) {
        const stored = await readSocialCredentials(deps, uid, platform);
        if (stored.found && stored.readable)
          revoked = await revokeAll(platform, stored.value, deps.oauth);
      }
      await deleteStored(deps, uid, platform);
      log.info('Social credentials deleted', { uid, platform, revoked });
      return { deleted: true };
    },
  );
}

/** Best effort: a platform that cannot be reached must not keep the user's credentials stored here. */
async function revokeAll(
  platform: 'reddit' | 'youtube',
  stored: StoredSocialCredentials,
  oauth: Omit<OAuthCallOptions, 'now'>,
): Promise<boolean[]> {
  const options = { ...oauth, now: Date.now, timeoutMs: 10_000 };
  const app = oauthAppOf(stored);
  const results: boolean[] = [];
  // Revoking a refresh token ends its access tokens too (Reddit and Google alike); the access token goes first regardless.
  if (stored.accessToken)
    results.push(
      await revokeToken(
        platform,
        app,
        { value: stored.accessToken, kind: 'access_token' },
        options,
      ),
    );
  if (stored.refreshToken)
    results.push(
      await revokeToken(
        platform,
        app,
        { value: stored.refreshToken, kind: 'refresh_token' },
        options,
      ),
    );
  return results;
}
