import { FUNCTIONS_REGION } from '../../core/firebase/config';
import { integrationTypes, socialPlatforms, type SocialPlatform } from '../../core/integrations';
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
): Promise<void> {
  const res = await fetch(
    `http://127.0.0.1:${stackPorts.dev.functions}/${projectId}/${FUNCTIONS_REGION}/${name}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ data }),
    },
  );
  if (!res.ok) throw new Error(`${name} failed for the demo account: ${await res.text()}`);
}

/** Gives a new demo account sandbox keys for every provider, so every flow runs offline at once. */
async function seedSandboxKeys(projectId: string, idToken: string): Promise<void> {
  for (const type of integrationTypes)
    await call(projectId, idToken, 'saveIntegrationKey', { type, apiKey: `sandbox-${type}-key` });
  for (const platform of socialPlatforms)
    await call(projectId, idToken, 'saveSocialCredentials', {
      platform,
      credentials: sandboxCredentials[platform],
    });
}

/**
 * Creates the verified demo account in the dev Auth emulator, or leaves the existing one alone.
 * With sandbox providers, a new account also gets sandbox keys and credentials for every provider.
 */
export async function seedDemoAccount(
  projectId: string,
  opts: { sandboxKeys: boolean },
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
  if (opts.sandboxKeys) await seedSandboxKeys(projectId, idToken);
  return 'created';
}
