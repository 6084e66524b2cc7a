import { FUNCTIONS_REGION } from '../../core/firebase/config';
import { integrationTypes, socialPlatforms, type SocialPlatform } from '../../core/integrations';
import { oauthPlatforms, type OAuthPlatform } from '../../core/social-oauth';
import { stackPorts } from './instance';

export const DEMO_ACCOUNT = {
  email: 'demo@muse.studio',
  password: 'muse-demo-2026',
  displayName: 'Demo Creator',
} as const;

/**
 * Sandbox credentials: the sandbox accepts any value except 'bad-key' and 'no-credit-key'. X verifies
 * OAuth 1.0a signatures, so its secrets follow the sandbox convention `<key>-secret` (tests/sandbox/README.md).
 */
const sandboxCredentials: Record<SocialPlatform, Record<string, string>> = {
  x: {
    consumerKey: 'sandbox-consumer-key',
    consumerSecret: 'sandbox-consumer-key-secret',
    accessToken: 'sandbox-access-token',
    accessTokenSecret: 'sandbox-access-token-secret',
  },
  linkedin: {
    clientId: 'sandbox-linkedin-client',
    clientSecret: 'sandbox-linkedin-secret',
    accessToken: 'sandbox-linkedin-token',
    refreshToken: 'sandbox-linkedin-refresh',
  },
  youtube: {
    clientId: 'sandbox-youtube-client',
    clientSecret: 'sandbox-youtube-secret',
    channelId: 'UCsandbox',
  },
  reddit: {
    clientId: 'sandbox-reddit-client',
    clientSecret: 'sandbox-reddit-secret',
    userAgent: 'web:muse-studio:1.0 (by /u/sandbox_creator)',
  },
};

async function call(
  projectId: string,
  idToken: string,
  name: string,
  data: unknown,
  dashboardUrl: string,
): Promise<unknown> {
  const res = await fetch(
    `http://127.0.0.1:${stackPorts.dev.functions}/${projectId}/${FUNCTIONS_REGION}/${name}`,
    {
      method: 'POST',
      // The dashboard's origin, as its page sends it: startSocialOAuth sends the user back there.
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${idToken}`,
        origin: new URL(dashboardUrl).origin,
      },
      body: JSON.stringify({ data }),
    },
  );
  if (!res.ok) throw new Error(`${name} failed for the demo account: ${await res.text()}`);
  return ((await res.json()) as { result?: unknown }).result;
}

/**
 * Connects an OAuth platform (Reddit, YouTube) as a user's Connect click does: startSocialOAuth gives the
 * sandbox's consent URL, the sandbox approves at once and redirects to the dashboard's callback with a
 * code and the state (tests/sandbox/README.md), and completeSocialOAuth exchanges the code and stores
 * the tokens, exactly as the callback page would. The redirect is read, never followed.
 */
export async function connectOAuthPlatform(
  platform: OAuthPlatform,
  deps: {
    call: (name: 'startSocialOAuth' | 'completeSocialOAuth', data: unknown) => Promise<unknown>;
    fetch: typeof fetch;
  },
): Promise<void> {
  const started = (await deps.call('startSocialOAuth', { platform })) as { authorizeUrl?: unknown };
  if (typeof started?.authorizeUrl !== 'string')
    throw new Error(`startSocialOAuth gave the demo account no ${platform} consent URL`);
  const consent = await deps.fetch(started.authorizeUrl, { redirect: 'manual' });
  const location = consent.headers.get('location');
  const back = location ? new URL(location, started.authorizeUrl) : null;
  const code = back?.searchParams.get('code');
  const state = back?.searchParams.get('state');
  if (!code || !state)
    throw new Error(
      `The ${platform} sandbox did not approve the demo account's Connect (HTTP ${consent.status})`,
    );
  await deps.call('completeSocialOAuth', { platform, code, state });
}

/**
 * Gives a new demo account sandbox keys for every provider and connects Reddit and YouTube, so every flow
 * runs offline at once.
 */
async function seedSandboxKeys(
  projectId: string,
  idToken: string,
  dashboardUrl: string,
): Promise<void> {
  for (const type of integrationTypes)
    await call(
      projectId,
      idToken,
      'saveIntegrationKey',
      { type, apiKey: `sandbox-${type}-key` },
      dashboardUrl,
    );
  for (const platform of socialPlatforms)
    await call(
      projectId,
      idToken,
      'saveSocialCredentials',
      { platform, credentials: sandboxCredentials[platform] },
      dashboardUrl,
    );
  // Every provider ready at once: the OAuth platforms connected as their Connect button would.
  for (const platform of oauthPlatforms)
    await connectOAuthPlatform(platform, {
      call: (name, data) => call(projectId, idToken, name, data, dashboardUrl),
      fetch,
    });
}

/**
 * Creates the verified demo account in the dev Auth emulator, or leaves the existing one alone.
 * With sandbox providers, a new account also gets sandbox keys and credentials for every provider.
 */
export async function seedDemoAccount(
  projectId: string,
  opts: { sandboxKeys: boolean; dashboardUrl: string },
): Promise<'created' | 'existing'> {
  const base = `http://127.0.0.1:${stackPorts.dev.auth}/identitytoolkit.googleapis.com/v1`;
  const json = { 'content-type': 'application/json' };
  const signIn = await fetch(`${base}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      returnSecureToken: true,
    }),
  });
  if (signIn.ok) return 'existing';
  const signUp = await fetch(`${base}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      returnSecureToken: true,
    }),
  });
  if (!signUp.ok) throw new Error(`Could not create the demo account: ${await signUp.text()}`);
  const { localId } = (await signUp.json()) as { localId: string };
  // "Bearer owner" is the emulator's admin credential.
  const update = await fetch(`${base}/projects/${projectId}/accounts:update`, {
    method: 'POST',
    headers: { ...json, authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, emailVerified: true, displayName: DEMO_ACCOUNT.displayName }),
  });
  if (!update.ok) throw new Error(`Could not verify the demo account: ${await update.text()}`);
  // A token from after the verification: the functions refuse calls from an unconfirmed address.
  const verified = await fetch(`${base}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      returnSecureToken: true,
    }),
  });
  if (!verified.ok)
    throw new Error(`Could not sign in to the demo account: ${await verified.text()}`);
  const { idToken } = (await verified.json()) as { idToken: string };
  if (opts.sandboxKeys) await seedSandboxKeys(projectId, idToken, opts.dashboardUrl);
  return 'created';
}
