import { createHash } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { Timestamp } from 'firebase-admin/firestore';
import { serverOnlyCollections } from '../../../core/firestore-paths';
import { OAUTH_NONCE_TTL_MS, type OAuthPlatform } from '../../../core/social-oauth';
import { adminDb } from './admin';
import { e2eEnv, waits } from './env';

// Connect's consent page in the sandbox, held so a test decides what the browser brings back to
// /social/{platform}/callback (a replay, an aged state, a missing code), and the state nonces behind it.

const consentPages: Record<OAuthPlatform, { provider: 'reddit' | 'google'; path: string }> = {
  reddit: { provider: 'reddit', path: '/api/v1/authorize' },
  youtube: { provider: 'google', path: '/o/oauth2/v2/auth' },
};

/** Whether a URL is the platform's consent page in the sandbox. */
export function isConsentPage(platform: OAuthPlatform, url: URL): boolean {
  const page = consentPages[platform];
  return (
    url.origin === new URL(e2eEnv.sandboxUrl(page.provider)).origin && url.pathname === page.path
  );
}

export interface HeldConsent {
  /** The state the functions made for this Connect. */
  state: string;
  /** Where the consent sends the browser back: /social/{platform}/callback?code=…&state=… (not visited). */
  callbackUrl: string;
}

/**
 * Runs `start` (a click on Connect), stops the browser at the sandbox's consent page and approves it from
 * here instead: the return URL is the test's to visit, alter or replay. The first call of a function in the
 * emulator starts its worker, hence the long wait for the consent page.
 */
export async function holdConsent(
  page: Page,
  platform: OAuthPlatform,
  start: () => Promise<unknown>,
): Promise<HeldConsent> {
  const matches = (url: URL) => isConsentPage(platform, url);
  await page.route(matches, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<h1>Consent held by the test</h1>',
    }),
  );
  try {
    const [request] = await Promise.all([
      page.waitForRequest((r: Request) => matches(new URL(r.url())), { timeout: waits.long }),
      start(),
    ]);
    const consent = await fetch(request.url(), { redirect: 'manual' });
    const back = consent.headers.get('location');
    if (consent.status !== 302 || !back)
      throw new Error(`The ${platform} consent did not send the browser back: ${consent.status}`);
    const state = new URL(back).searchParams.get('state');
    if (!state) throw new Error(`The ${platform} consent came back without a state: ${back}`);
    return { state, callbackUrl: back };
  } finally {
    await page.unroute(matches);
  }
}

/** Makes a started Connect older than the nonce's 10 minutes (oauthNonces/{sha256(state)}, functions/src/social/oauth/nonces.ts). */
export async function ageOAuthState(
  state: string,
  byMs = OAUTH_NONCE_TTL_MS + 60_000,
): Promise<void> {
  const id = createHash('sha256').update(state).digest('hex');
  const ref = adminDb().doc(`${serverOnlyCollections.oauthNonces}/${id}`);
  const nonce = (await ref.get()).data();
  if (!nonce) throw new Error('No nonce stored for this state');
  await ref.update({
    createdAt: Timestamp.fromMillis((nonce.createdAt as Timestamp).toMillis() - byMs),
    expiresAt: Timestamp.fromMillis((nonce.expiresAt as Timestamp).toMillis() - byMs),
  });
}
