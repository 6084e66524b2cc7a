import type { Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type { CallablePayload } from '@core/callables';
import { socialPlatformLabels } from '@core/integrations';
import {
  oauthMessages,
  type CompleteSocialOAuthResult,
  type OAuthPlatform,
  type StartSocialOAuthResult,
} from '@core/social-oauth';
import { paths } from '@core/routes';
import { readSocialCredentials, storeSocialCredentials } from '../../integrations/secret-store';
import { reasonedError, withFallbackError } from '../../lib/callable';
import type { Clock } from '../../lib/clock';
import type { Keyring } from '../../lib/crypto';
import { log } from '../../lib/log';
import { missingCredentialsError, unreadableCredentialsError } from '../posts';
import { oauthAppOf, tokenFields } from './fresh-credentials';
import { consumeNonce, createNonce } from './nonces';
import {
  authorizeUrl,
  codeChallengeOf,
  exchangeCode,
  randomToken,
  usesPkce,
  type OAuthHosts,
} from './platform-oauth';

// startSocialOAuth and completeSocialOAuth: Connect for Reddit and YouTube. The client id and secret are
// read from the user's sealed credentials here and never returned; the browser gets only the authorize URL
// (with a random state and, for Google, a PKCE challenge) and hands back the code and state.

export interface SocialOAuthDeps {
  db: Firestore;
  keyring: Keyring;
  clock: Clock;
  fetch: typeof fetch;
  hosts: OAuthHosts;
  /** Plain http loopback origins (the local dashboard) are accepted only in the emulator. */
  emulated: boolean;
  /** The dashboard's own https origins (functions/src/config.ts, dashboardOrigins). */
  dashboardOrigins: readonly string[];
}

const callbackPaths: Record<OAuthPlatform, string> = {
  reddit: paths.socialRedditCallback,
  youtube: paths.socialYoutubeCallback,
};

/**
 * The dashboard origin the platform sends the user back to: the caller's Origin header, which must be one
 * of the dashboard's own origins (or loopback http in the emulator). Any other site calling with a user's
 * token gets no authorize URL that returns to it, whatever the platform app has registered.
 */
export function redirectUriFor(
  platform: OAuthPlatform,
  origin: string | undefined,
  allowed: Pick<SocialOAuthDeps, 'emulated' | 'dashboardOrigins'>,
): string | undefined {
  if (!origin) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  const loopback =
    url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
  if (!allowed.dashboardOrigins.includes(url.origin) && !(allowed.emulated && loopback))
    return undefined;
  return `${url.origin}${callbackPaths[platform]}`;
}

async function appCredentials(
  deps: Pick<SocialOAuthDeps, 'db' | 'keyring'>,
  uid: string,
  platform: OAuthPlatform,
) {
  const stored = await readSocialCredentials(deps, uid, platform);
  if (!stored.found) throw missingCredentialsError(platform);
  if (!stored.readable) throw unreadableCredentialsError(platform);
  if (!stored.value.clientId || !stored.value.clientSecret) throw missingCredentialsError(platform);
  return stored.value;
}

export async function startSocialOAuth(
  uid: string,
  input: CallablePayload<'startSocialOAuth'>,
  origin: string | undefined,
  deps: SocialOAuthDeps,
): Promise<StartSocialOAuthResult> {
  const { platform } = input;
  return withFallbackError(oauthMessages.startFailed(platform), { uid, platform }, async () => {
    const stored = await appCredentials(deps, uid, platform);
    const redirectUri = redirectUriFor(platform, origin, deps);
    if (!redirectUri)
      throw new HttpsError(
        'invalid-argument',
        `${oauthMessages.startFailed(platform)} Open Muse Studio from its own address and try again.`,
      );
    const codeVerifier = usesPkce(platform) ? randomToken() : null;
    const state = await createNonce(deps.db, {
      uid,
      platform,
      redirectUri,
      codeVerifier,
      now: deps.clock.now(),
    });
    log.info('OAuth started', { uid, platform });
    return {
      authorizeUrl: authorizeUrl(platform, {
        clientId: stored.clientId!,
        redirectUri,
        state,
        ...(codeVerifier ? { codeChallenge: codeChallengeOf(codeVerifier) } : {}),
        hosts: deps.hosts,
      }),
    };
  });
}

export async function completeSocialOAuth(
  uid: string,
  input: CallablePayload<'completeSocialOAuth'>,
  deps: SocialOAuthDeps,
): Promise<CompleteSocialOAuthResult> {
  const { platform, code, state } = input;
  const label = socialPlatformLabels[platform];
  return withFallbackError(oauthMessages.completeFailed(platform), { uid, platform }, async () => {
    const check = await consumeNonce(deps.db, state, { uid, platform, now: deps.clock.now() });
    if (!check.ok) {
      log.warn('OAuth state refused', { uid, platform, refusal: check.refusal });
      throw reasonedError(
        'failed-precondition',
        oauthMessages.stateRefused(platform, check.refusal),
        { reason: 'oauth-state', provider: platform },
      );
    }
    const stored = await appCredentials(deps, uid, platform);
    const exchanged = await exchangeCode(
      platform,
      oauthAppOf(stored),
      { code, redirectUri: check.nonce.redirectUri, codeVerifier: check.nonce.codeVerifier },
      { hosts: deps.hosts, fetch: deps.fetch, now: () => deps.clock.now().getTime() },
    );
    if (!exchanged.ok) {
      log.warn('OAuth code exchange failed', {
        uid,
        platform,
        kind: exchanged.kind,
        error: exchanged.error,
      });
      const why =
        exchanged.kind === 'invalid_client'
          ? `${label} refused the saved Client ID or Client Secret. Check them in Integrations.`
          : exchanged.kind === 'unavailable'
            ? `${label} could not be reached. Please try again.`
            : `${label} did not accept the authorization. Please connect again.`;
      throw new HttpsError(
        exchanged.kind === 'unavailable' ? 'unavailable' : 'failed-precondition',
        `${oauthMessages.completeFailed(platform)}: ${why}`,
      );
    }
    // A new Connect without a refresh token (Google may omit it) keeps the stored one.
    const saved = await storeSocialCredentials(deps, uid, platform, tokenFields(exchanged.tokens));
    if (!saved.ok)
      throw new HttpsError('failed-precondition', oauthMessages.completeFailed(platform));
    log.info('OAuth connected', {
      uid,
      platform,
      refreshToken: Boolean(exchanged.tokens.refreshToken),
    });
    return { connected: true };
  });
}
