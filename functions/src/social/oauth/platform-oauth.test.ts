import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDDIT_SCOPES, YOUTUBE_SCOPES, type OAuthPlatform } from '@core/social-oauth';
import { startSandbox, type Sandbox } from '../../../../tests/sandbox/server';
import {
  authorizeUrl,
  codeChallengeOf,
  exchangeCode,
  randomToken,
  refreshTokens,
  revokeToken,
  usesPkce,
  type OAuthApp,
  type OAuthCallOptions,
  type OAuthHosts,
} from './platform-oauth';

// Reddit's and Google's OAuth endpoints as the functions call them, against the in-process sandbox.

let sandbox: Sandbox;
let hosts: OAuthHosts;
beforeAll(async () => {
  sandbox = await startSandbox();
  hosts = {
    redditAccounts: sandbox.urls.reddit,
    googleAccounts: sandbox.urls.google,
    googleOAuth: sandbox.urls.google,
  };
});
afterAll(() => sandbox.close());

const NOW = 1_800_000_000_000;
const options = (): OAuthCallOptions => ({ hosts, fetch: globalThis.fetch, now: () => NOW });
const app: Record<OAuthPlatform, OAuthApp> = {
  reddit: {
    clientId: 'reddit-client',
    clientSecret: 'reddit-secret',
    userAgent: 'web:muse-test:1.0 (by /u/tester)',
  },
  youtube: { clientId: 'yt-client.apps.googleusercontent.com', clientSecret: 'yt-secret' },
};
const redirectUri = (p: OAuthPlatform) => `http://127.0.0.1:5999/social/${p}/callback`;

/** Follows the authorize URL as a browser would, up to the redirect back: the query it carries. */
async function approve(url: string): Promise<URLSearchParams> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams;
}

async function connect(platform: OAuthPlatform, verifier = randomToken()) {
  const state = randomToken();
  const url = authorizeUrl(platform, {
    clientId: app[platform].clientId,
    redirectUri: redirectUri(platform),
    state,
    codeChallenge: codeChallengeOf(verifier),
    hosts,
  });
  const back = await approve(url);
  return { url: new URL(url), back, state, verifier };
}

describe('authorize URLs', () => {
  it('asks Reddit for a permanent grant with the scopes the features need', async () => {
    const { url, back, state } = await connect('reddit');
    expect(url.origin + url.pathname).toBe(`${sandbox.urls.reddit}/api/v1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'reddit-client',
      response_type: 'code',
      state,
      redirect_uri: redirectUri('reddit'),
      duration: 'permanent',
      scope: REDDIT_SCOPES.join(' '),
    });
    expect(back.get('state')).toBe(state);
    expect(back.get('code')).toBeTruthy();
  });

  it('asks Google for offline access with consent, PKCE S256 and the YouTube scopes (uploads, reading, comments)', async () => {
    const { url, verifier } = await connect('youtube');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBe(codeChallengeOf(verifier));
    expect(url.searchParams.get('scope')!.split(' ')).toEqual([...YOUTUBE_SCOPES]);
    expect(YOUTUBE_SCOPES).toContain('https://www.googleapis.com/auth/youtube.force-ssl');
    expect(url.searchParams.has('client_secret')).toBe(false);
  });

  it('uses PKCE for Google only, and never builds a Google URL without a challenge', () => {
    expect(usesPkce('youtube')).toBe(true);
    expect(usesPkce('reddit')).toBe(false);
    expect(() =>
      authorizeUrl('youtube', {
        clientId: 'c',
        redirectUri: redirectUri('youtube'),
        state: randomToken(),
        hosts,
      }),
    ).toThrow(/PKCE/);
  });

  it('makes a fresh 43-character verifier and its 43-character challenge every time', () => {
    const [a, b] = [randomToken(), randomToken()];
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(codeChallengeOf(a)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(codeChallengeOf(a)).not.toBe(codeChallengeOf(b));
  });
});

describe.each(['reddit', 'youtube'] as const)('%s tokens', (platform) => {
  it('exchanges the code once for an access token with its expiry and a refresh token', async () => {
    const { back, verifier } = await connect(platform);
    const grant = {
      code: back.get('code')!,
      redirectUri: redirectUri(platform),
      codeVerifier: usesPkce(platform) ? verifier : null,
    };
    const first = await exchangeCode(platform, app[platform], grant, options());
    expect(first).toMatchObject({
      ok: true,
      tokens: { accessToken: expect.any(String), refreshToken: expect.any(String) },
    });
    if (!first.ok) return;
    expect(first.tokens.expiresAt).toBeGreaterThan(NOW + 50 * 60_000);
    expect(await exchangeCode(platform, app[platform], grant, options())).toMatchObject({
      ok: false,
      kind: 'invalid_grant',
    });
  });

  it('refreshes the access token, and reports a revoked refresh token as invalid_grant', async () => {
    const { back, verifier } = await connect(platform);
    const first = await exchangeCode(
      platform,
      app[platform],
      { code: back.get('code')!, redirectUri: redirectUri(platform), codeVerifier: verifier },
      options(),
    );
    if (!first.ok) throw new Error('no tokens');
    const refreshToken = first.tokens.refreshToken!;
    const renewed = await refreshTokens(platform, app[platform], refreshToken, options());
    expect(renewed).toMatchObject({ ok: true });
    if (renewed.ok) expect(renewed.tokens.accessToken).not.toBe(first.tokens.accessToken);

    expect(
      await revokeToken(
        platform,
        app[platform],
        { value: refreshToken, kind: 'refresh_token' },
        options(),
      ),
    ).toBe(true);
    expect(await refreshTokens(platform, app[platform], refreshToken, options())).toMatchObject({
      ok: false,
      kind: 'invalid_grant',
    });
  });

  it('reports a refused client secret as invalid_client', async () => {
    const { back, verifier } = await connect(platform);
    const result = await exchangeCode(
      platform,
      { ...app[platform], clientSecret: 'bad-key' },
      { code: back.get('code')!, redirectUri: redirectUri(platform), codeVerifier: verifier },
      options(),
    );
    expect(result).toMatchObject({ ok: false, kind: 'invalid_client' });
  });

  it('reports an unreachable platform as unavailable', async () => {
    const down = {
      ...options(),
      hosts: {
        redditAccounts: 'http://127.0.0.1:9',
        googleAccounts: 'http://127.0.0.1:9',
        googleOAuth: 'http://127.0.0.1:9',
      },
    };
    expect(await refreshTokens(platform, app[platform], 'anything', down)).toMatchObject({
      ok: false,
      kind: 'unavailable',
    });
  });
});

describe('PKCE at Google', () => {
  it('refuses the code with another verifier', async () => {
    const { back } = await connect('youtube');
    const result = await exchangeCode(
      'youtube',
      app.youtube,
      { code: back.get('code')!, redirectUri: redirectUri('youtube'), codeVerifier: randomToken() },
      options(),
    );
    expect(result).toMatchObject({ ok: false, kind: 'invalid_grant' });
  });

  it('refuses the code without a verifier', async () => {
    const { back } = await connect('youtube');
    const result = await exchangeCode(
      'youtube',
      app.youtube,
      { code: back.get('code')!, redirectUri: redirectUri('youtube'), codeVerifier: null },
      options(),
    );
    expect(result).toMatchObject({ ok: false });
  });

  it('refuses a redirect URI other than the one authorized', async () => {
    const { back, verifier } = await connect('youtube');
    const result = await exchangeCode(
      'youtube',
      app.youtube,
      {
        code: back.get('code')!,
        redirectUri: 'http://127.0.0.1:5999/elsewhere',
        codeVerifier: verifier,
      },
      options(),
    );
    expect(result).toMatchObject({ ok: false });
  });
});

describe('the sandbox consent', () => {
  it.each(['reddit', 'youtube'] as const)(
    '%s sends error=access_denied back when the user declines',
    async (platform) => {
      const control =
        platform === 'reddit'
          ? `${sandbox.urls.reddit}/__sandbox/reddit/defaults`
          : `${sandbox.urls.google}/__sandbox/google-oauth/defaults`;
      await fetch(control, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ authorize: 'deny' }),
      });
      try {
        const { back, state } = await connect(platform);
        expect(back.get('error')).toBe('access_denied');
        expect(back.get('state')).toBe(state);
        expect(back.has('code')).toBe(false);
      } finally {
        await fetch(control, { method: 'DELETE' });
      }
    },
  );
});
