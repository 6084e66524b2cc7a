import { createHash, randomBytes } from 'node:crypto';
import type { ProviderHostId } from '@core/providers';
import { REDDIT_SCOPES, YOUTUBE_SCOPES, type OAuthPlatform } from '@core/social-oauth';

// The OAuth 2.0 authorization-code flow of each platform, server side only:
// - Reddit (github.com/reddit-archive/reddit/wiki/OAuth2): authorize on www.reddit.com with duration=permanent
//   (a refresh token); token and revoke calls with HTTP Basic (client id : secret) and the user's User-Agent.
// - Google (developers.google.com/identity/protocols/oauth2/web-server): authorize on accounts.google.com with
//   access_type=offline, prompt=consent (a refresh token every time) and PKCE S256; token and revoke on
//   oauth2.googleapis.com with the client id and secret in the form body.
// Every call takes its fetch, clock and hosts as parameters, so it runs against tests/sandbox as against the
// real services.

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  /** Reddit requires its User-Agent format on every call, token calls included. */
  userAgent?: string;
}

export type OAuthHosts = Pick<
  Record<ProviderHostId, string>,
  'redditAccounts' | 'googleAccounts' | 'googleOAuth'
>;

export interface OAuthCallOptions {
  hosts: OAuthHosts;
  fetch: typeof fetch;
  now: () => number;
  timeoutMs?: number;
}

export interface OAuthTokens {
  accessToken: string;
  /** Absent when the platform gave none (Google only gives one with prompt=consent; a refresh may omit it). */
  refreshToken?: string;
  /** Epoch ms. */
  expiresAt: number;
  scope: string;
}

/**
 * invalid_grant: the code or refresh token is dead (used, expired, revoked): the user must connect again.
 * invalid_client: the saved client id or secret is refused. unavailable: the platform could not be asked.
 */
export type OAuthFailureKind = 'invalid_grant' | 'invalid_client' | 'unavailable' | 'rejected';
export type TokenOutcome =
  { ok: true; tokens: OAuthTokens } | { ok: false; kind: OAuthFailureKind; error: string };

const DEFAULT_TIMEOUT_MS = 20_000;

/** 32 random bytes, base64url: the state nonce, and the PKCE verifier (43 characters, RFC 7636). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** RFC 7636 S256 challenge of a verifier. */
export function codeChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** One platform's authorization-code flow: its hosts, how the client proves itself, and how revoke answers. */
export interface OAuthFlow {
  /** Whether the flow uses PKCE (Google supports it; Reddit's does not). */
  pkce: boolean;
  authorizeUrl: (params: {
    clientId: string;
    redirectUri: string;
    state: string;
    codeChallenge?: string;
    hosts: OAuthHosts;
  }) => string;
  tokenEndpoint: (hosts: OAuthHosts) => string;
  /** Where the client id and secret go: an HTTP Basic header (with the user's User-Agent), or the form body. */
  clientAuth: 'basic' | 'form';
  revokeEndpoint: (hosts: OAuthHosts) => string;
  revokeFields: (token: {
    value: string;
    kind: 'access_token' | 'refresh_token';
  }) => Record<string, string>;
  /** A revoke answer that means the platform no longer knows the token (nothing is left to revoke). */
  revokeGoneStatus?: number;
}

export const oauthFlows: Record<OAuthPlatform, OAuthFlow> = {
  reddit: {
    pkce: false,
    authorizeUrl: (params) => {
      const url = new URL(`${params.hosts.redditAccounts}/api/v1/authorize`);
      url.search = new URLSearchParams({
        client_id: params.clientId,
        response_type: 'code',
        state: params.state,
        redirect_uri: params.redirectUri,
        duration: 'permanent',
        scope: REDDIT_SCOPES.join(' '),
      }).toString();
      return url.toString();
    },
    tokenEndpoint: (hosts) => `${hosts.redditAccounts}/api/v1/access_token`,
    clientAuth: 'basic',
    revokeEndpoint: (hosts) => `${hosts.redditAccounts}/api/v1/revoke_token`,
    revokeFields: (token) => ({ token: token.value, token_type_hint: token.kind }),
  },
  youtube: {
    pkce: true,
    authorizeUrl: (params) => {
      if (!params.codeChallenge) throw new Error('Google authorization needs a PKCE challenge');
      const url = new URL(`${params.hosts.googleAccounts}/o/oauth2/v2/auth`);
      url.search = new URLSearchParams({
        client_id: params.clientId,
        redirect_uri: params.redirectUri,
        response_type: 'code',
        scope: YOUTUBE_SCOPES.join(' '),
        state: params.state,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        code_challenge: params.codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    tokenEndpoint: (hosts) => `${hosts.googleOAuth}/token`,
    clientAuth: 'form',
    revokeEndpoint: (hosts) => `${hosts.googleOAuth}/revoke`,
    // Google's revoke takes only the token; the client credentials are not part of it.
    revokeFields: (token) => ({ token: token.value }),
    // Google answers 400 invalid_token for a token it no longer knows.
    revokeGoneStatus: 400,
  },
};

/** Whether the platform's flow uses PKCE (Google supports it; Reddit's does not). */
export function usesPkce(platform: OAuthPlatform): boolean {
  return oauthFlows[platform].pkce;
}

export function authorizeUrl(
  platform: OAuthPlatform,
  params: {
    clientId: string;
    redirectUri: string;
    state: string;
    codeChallenge?: string;
    hosts: OAuthHosts;
  },
): string {
  return oauthFlows[platform].authorizeUrl(params);
}

function headersFor(platform: OAuthPlatform, app: OAuthApp): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (oauthFlows[platform].clientAuth === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`;
    if (app.userAgent) headers['user-agent'] = app.userAgent;
  }
  return headers;
}

function formFor(platform: OAuthPlatform, app: OAuthApp, fields: Record<string, string>): string {
  const form = new URLSearchParams(fields);
  if (oauthFlows[platform].clientAuth === 'form') {
    form.set('client_id', app.clientId);
    form.set('client_secret', app.clientSecret);
  }
  return form.toString();
}

async function tokenCall(
  platform: OAuthPlatform,
  app: OAuthApp,
  fields: Record<string, string>,
  options: OAuthCallOptions,
): Promise<TokenOutcome> {
  let response: Response;
  let body: Record<string, unknown> | undefined;
  try {
    response = await options.fetch(oauthFlows[platform].tokenEndpoint(options.hosts), {
      method: 'POST',
      headers: headersFor(platform, app),
      body: formFor(platform, app, fields),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    const text = await response.text();
    try {
      const parsed: unknown = text ? JSON.parse(text) : undefined;
      body =
        typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : undefined;
    } catch {
      body = undefined;
    }
  } catch {
    return { ok: false, kind: 'unavailable', error: 'unreachable' };
  }
  // Reddit may answer an error with 200 and {error}; Google with 400/401 and {error, error_description}.
  const error =
    typeof body?.error === 'string'
      ? body.error
      : typeof body?.error === 'number'
        ? String(body.error)
        : undefined;
  if (
    response.status === 401 ||
    error === 'invalid_client' ||
    error === 'unauthorized_client' ||
    error === '401'
  )
    return { ok: false, kind: 'invalid_client', error: error ?? 'unauthorized' };
  if (error === 'invalid_grant') return { ok: false, kind: 'invalid_grant', error };
  if (response.status === 429 || response.status >= 500)
    return { ok: false, kind: 'unavailable', error: `http_${response.status}` };
  if (!response.ok || error)
    return {
      ok: false,
      kind: 'rejected',
      error: (error ?? `http_${response.status}`).slice(0, 60),
    };
  const accessToken = body?.access_token;
  const expiresIn = Number(body?.expires_in);
  if (
    typeof accessToken !== 'string' ||
    !accessToken ||
    !Number.isFinite(expiresIn) ||
    expiresIn <= 0
  )
    return { ok: false, kind: 'unavailable', error: 'malformed' };
  const refreshToken =
    typeof body?.refresh_token === 'string' && body.refresh_token ? body.refresh_token : undefined;
  const scope = typeof body?.scope === 'string' ? body.scope : '';
  return {
    ok: true,
    tokens: {
      accessToken,
      ...(refreshToken ? { refreshToken } : {}),
      expiresAt: options.now() + expiresIn * 1000,
      scope,
    },
  };
}

/** Trades the code from the callback for tokens; the redirect URI must be the one the authorize URL named. */
export function exchangeCode(
  platform: OAuthPlatform,
  app: OAuthApp,
  grant: { code: string; redirectUri: string; codeVerifier?: string | null },
  options: OAuthCallOptions,
): Promise<TokenOutcome> {
  const fields: Record<string, string> = {
    grant_type: 'authorization_code',
    code: grant.code,
    redirect_uri: grant.redirectUri,
  };
  if (grant.codeVerifier) fields.code_verifier = grant.codeVerifier;
  return tokenCall(platform, app, fields, options);
}

export function refreshTokens(
  platform: OAuthPlatform,
  app: OAuthApp,
  refreshToken: string,
  options: OAuthCallOptions,
): Promise<TokenOutcome> {
  return tokenCall(
    platform,
    app,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    options,
  );
}

/** Revokes a token where the platform offers it; true when the platform confirmed (or no longer knows it). */
export async function revokeToken(
  platform: OAuthPlatform,
  app: OAuthApp,
  token: { value: string; kind: 'access_token' | 'refresh_token' },
  options: OAuthCallOptions,
): Promise<boolean> {
  const flow = oauthFlows[platform];
  const url = flow.revokeEndpoint(options.hosts);
  const fields = flow.revokeFields(token);
  try {
    const response = await options.fetch(url, {
      method: 'POST',
      headers: headersFor(platform, app),
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    return response.ok || response.status === flow.revokeGoneStatus;
  } catch {
    return false;
  }
}
