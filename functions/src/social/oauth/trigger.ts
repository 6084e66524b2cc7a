import { keyringSecret, loadConfig, loadKeyring } from '../../config';
import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { systemClock } from '../../lib/clock';
import { completeSocialOAuth, startSocialOAuth, type SocialOAuthDeps } from './social-oauth';

function oauthDeps(): SocialOAuthDeps {
  const { hostUrls, emulated, dashboardOrigins } = loadConfig();
  return {
    db: getDb(),
    keyring: loadKeyring(),
    clock: systemClock,
    fetch: globalThis.fetch,
    hosts: hostUrls,
    emulated,
    dashboardOrigins,
  };
}

const options = { maxInstances: 10, timeoutSeconds: 60, secrets: [keyringSecret] };

export const startSocialOAuthCallable = onContractCall(
  'startSocialOAuth',
  options,
  ({ uid, input, request }) => {
    const origin = request.rawRequest?.headers?.origin;
    return startSocialOAuth(
      uid,
      input,
      typeof origin === 'string' ? origin : undefined,
      oauthDeps(),
    );
  },
);

export const completeSocialOAuthCallable = onContractCall(
  'completeSocialOAuth',
  options,
  ({ uid, input }) => completeSocialOAuth(uid, input, oauthDeps()),
);
