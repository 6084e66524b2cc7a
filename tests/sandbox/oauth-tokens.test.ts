import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORT_LIVED_ACCESS_SECONDS } from './providers/oauth-tokens';
import { startSandbox, type Sandbox } from './server';

// The sandbox's OAuth token controls (README.md, Reddit and Google OAuth): short-lived apps, and ending one
// app's tokens while the apps of other tests sharing the sandbox keep theirs.

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

const redirectUri = 'http://127.0.0.1:5999/social/reddit/callback';
const basic = (clientId: string) => `Basic ${Buffer.from(`${clientId}:secret`).toString('base64')}`;

/** Consent and code exchange at the Reddit sandbox, as the functions do them. */
async function redditTokens(
  clientId: string,
): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const authorize = new URL(`${sandbox.urls.reddit}/api/v1/authorize`);
  for (const [k, v] of Object.entries({
    client_id: clientId,
    response_type: 'code',
    state: 's',
    redirect_uri: redirectUri,
    duration: 'permanent',
    scope: 'identity submit',
  }))
    authorize.searchParams.set(k, v);
  const back = await fetch(authorize, { redirect: 'manual' });
  const code = new URL(back.headers.get('location')!).searchParams.get('code')!;
  return (
    await tokenCall(clientId, { grant_type: 'authorization_code', code, redirect_uri: redirectUri })
  ).json();
}

function tokenCall(clientId: string, form: Record<string, string>) {
  return fetch(`${sandbox.urls.reddit}/api/v1/access_token`, {
    method: 'POST',
    headers: {
      authorization: basic(clientId),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form),
  });
}

const me = (token: string) =>
  fetch(`${sandbox.urls.reddit}/api/v1/me`, { headers: { authorization: `bearer ${token}` } });
const expire = (body: unknown) =>
  fetch(`${sandbox.urls.reddit}/__sandbox/reddit/expire-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('Reddit sandbox tokens', () => {
  it('gives a client id ending in -short-lived access tokens that live a minute, and others a day', async () => {
    expect((await redditTokens('app-short-lived')).expires_in).toBe(SHORT_LIVED_ACCESS_SECONDS);
    expect((await redditTokens('app-long')).expires_in).toBe(86_400);
  });

  it("expires one app's tokens and revokes its refresh tokens, leaving other apps' tokens live", async () => {
    const mine = await redditTokens('app-ending');
    const theirs = await redditTokens('app-staying');
    expect((await expire({ clientId: 'app-ending', refresh: true })).status).toBe(204);

    expect((await me(mine.access_token)).status).toBe(401);
    expect(
      await (
        await tokenCall('app-ending', {
          grant_type: 'refresh_token',
          refresh_token: mine.refresh_token,
        })
      ).json(),
    ).toEqual({ error: 'invalid_grant' });
    expect((await me(theirs.access_token)).status).toBe(200);
    expect(
      (
        await tokenCall('app-staying', {
          grant_type: 'refresh_token',
          refresh_token: theirs.refresh_token,
        })
      ).status,
    ).toBe(200);

    // A new Connect of the same app works again.
    const again = await redditTokens('app-ending');
    expect((await me(again.access_token)).status).toBe(200);
  });

  it('expires only access tokens without refresh, so a refresh renews them', async () => {
    const tokens = await redditTokens('app-renewing');
    await expire({ clientId: 'app-renewing' });
    expect((await me(tokens.access_token)).status).toBe(401);
    const renewed = (await (
      await tokenCall('app-renewing', {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      })
    ).json()) as { access_token: string };
    expect((await me(renewed.access_token)).status).toBe(200);
  });

  it('refuses a refresh token presented by another app', async () => {
    const tokens = await redditTokens('app-owner');
    const res = await tokenCall('app-thief', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_grant' }]);
  });

  it('refuses a clientId that is not a non-empty string (400)', async () => {
    expect((await expire({ clientId: '' })).status).toBe(400);
  });
});
