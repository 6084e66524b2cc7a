import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { CONTROL_PREFIX } from '../app';
import { createTokenBook, isRedirectUri, s256, withParams, type TokenBook } from './oauth-tokens';
import { bearer, jsonBody, SANDBOX_KEYS } from './shared';

// Google OAuth 2.0 for web server apps (developers.google.com/identity/protocols/oauth2/web-server), served on
// the google sandbox beside the YouTube API: GET /o/oauth2/v2/auth (accounts.google.com) approves at once and
// redirects back with a code; POST /token and POST /revoke (oauth2.googleapis.com). PKCE is required here and
// checked (S256 only); a refresh token is given only for access_type=offline with prompt=consent.
// PUT /__sandbox/google-oauth/defaults {authorize: 'deny'} makes the consent answer error=access_denied.
// Access tokens look like Google's (`ya29.`...): googleAccessVerdict tells the YouTube routes whether one is live.

export const GOOGLE_SCOPES_KNOWN = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.force-ssl',
  'openid',
  'email',
  'profile',
] as const;
export const GOOGLE_ACCESS_TTL_SECONDS = 3599;

const DEFAULTS = { authorize: 'allow' as 'allow' | 'deny' };

interface Grant {
  clientId: string;
  redirectUri: string;
  scope: string;
  challenge: string;
  offline: boolean;
  used: boolean;
}

const oauthError = (error: string, description: string) => ({
  error,
  error_description: description,
});

/** The token book of one sandbox, shared with the YouTube routes on the same server. */
const books = new WeakMap<Hono, TokenBook>();

/** Whether a bearer token on a YouTube call is live: 'foreign' tokens follow the sandbox key conventions. */
export function googleAccessVerdict(
  app: Hono,
  authorization: string | undefined,
): 'ok' | 'expired' | 'revoked' | 'invalid' | 'foreign' {
  const token = bearer(authorization)?.trim();
  if (!token || token === SANDBOX_KEYS.bad) return 'invalid';
  if (token === 'expired-token') return 'expired';
  return books.get(app)?.access(token, Date.now()) ?? 'foreign';
}

export function googleOAuthRoutes(app: Hono): void {
  const tokens = createTokenBook('ya29.sbx', GOOGLE_ACCESS_TTL_SECONDS);
  books.set(app, tokens);
  const grants = new Map<string, Grant>();
  let defaults = { ...DEFAULTS };

  app.put(`${CONTROL_PREFIX}/google-oauth/defaults`, async (c) => {
    const body = (await jsonBody(c.req)) ?? {};
    if (body.authorize !== undefined && body.authorize !== 'allow' && body.authorize !== 'deny')
      return c.json({ error: "authorize must be 'allow' or 'deny'" }, 400);
    defaults = {
      authorize: (body.authorize as 'allow' | 'deny' | undefined) ?? defaults.authorize,
    };
    return c.json(defaults);
  });
  app.delete(`${CONTROL_PREFIX}/google-oauth/defaults`, (c) => {
    defaults = { ...DEFAULTS };
    return c.body(null, 204);
  });
  /** {refresh?: boolean, clientId?: string}: as Reddit's (providers/reddit.ts): with clientId, that app's tokens only. */
  app.post(`${CONTROL_PREFIX}/google-oauth/expire-tokens`, async (c) => {
    const body = (await jsonBody(c.req)) ?? {};
    if (body.clientId !== undefined && (typeof body.clientId !== 'string' || !body.clientId))
      return c.json({ error: 'clientId must be a client id' }, 400);
    if (typeof body.clientId === 'string')
      tokens.expireClient(body.clientId, body.refresh === true);
    else tokens.expireAll(Date.now(), body.refresh === true);
    return c.body(null, 204);
  });

  app.get('/o/oauth2/v2/auth', (c) => {
    const q = c.req.query();
    // Google shows its own error page (400 invalid_request / redirect_uri_mismatch) instead of redirecting.
    if (!q.client_id)
      return c.html(
        '<h1>Error 401: invalid_client</h1><p>The OAuth client was not found.</p>',
        401,
      );
    if (!isRedirectUri(q.redirect_uri))
      return c.html('<h1>Error 400: redirect_uri_mismatch</h1>', 400);
    const back = (params: Record<string, string>) =>
      c.redirect(
        withParams(q.redirect_uri!, { ...(q.state ? { state: q.state } : {}), ...params }),
        302,
      );
    if (q.response_type !== 'code') return back({ error: 'unsupported_response_type' });
    const scopes = (q.scope ?? '').split(' ').filter(Boolean);
    if (
      scopes.length === 0 ||
      scopes.some((s) => !(GOOGLE_SCOPES_KNOWN as readonly string[]).includes(s))
    )
      return back({ error: 'invalid_scope' });
    if (
      !q.code_challenge ||
      q.code_challenge_method !== 'S256' ||
      !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)
    ) {
      return c.html(
        '<h1>Error 400: invalid_request</h1><p>Missing or invalid code_challenge (S256).</p>',
        400,
      );
    }
    if (defaults.authorize === 'deny') return back({ error: 'access_denied' });
    const code = `4/0sbx${randomBytes(18).toString('base64url')}`;
    grants.set(code, {
      clientId: q.client_id,
      redirectUri: q.redirect_uri,
      scope: scopes.join(' '),
      challenge: q.code_challenge,
      offline: q.access_type === 'offline' && q.prompt === 'consent',
      used: false,
    });
    return back({ code, scope: scopes.join(' ') });
  });

  app.post('/token', async (c) => {
    const form = await c.req.parseBody().catch(() => undefined);
    const field = (name: string) =>
      typeof form?.[name] === 'string' ? (form[name] as string) : '';
    if (
      !field('client_id') ||
      !field('client_secret') ||
      field('client_secret') === SANDBOX_KEYS.bad
    )
      return c.json(oauthError('invalid_client', 'Unauthorized'), 401);
    const now = Date.now();
    if (field('grant_type') === 'authorization_code') {
      const grant = grants.get(field('code'));
      if (!grant || grant.used || grant.clientId !== field('client_id'))
        return c.json(oauthError('invalid_grant', 'Malformed auth code.'), 400);
      grant.used = true;
      if (grant.redirectUri !== field('redirect_uri'))
        return c.json(oauthError('redirect_uri_mismatch', 'Bad Request'), 400);
      if (!field('code_verifier'))
        return c.json(
          oauthError('invalid_request', 'code_verifier or verifier is not needed.'),
          400,
        );
      if (s256(field('code_verifier')) !== grant.challenge)
        return c.json(oauthError('invalid_grant', 'Invalid code verifier.'), 400);
      const access = tokens.mintAccess(now, grant.clientId);
      return c.json({
        access_token: access.token,
        expires_in: access.expiresIn,
        scope: grant.scope,
        token_type: 'Bearer',
        ...(grant.offline
          ? { refresh_token: `1//0sbx${tokens.mintRefresh(now, grant.clientId)}` }
          : {}),
      });
    }
    if (field('grant_type') === 'refresh_token') {
      const refresh = field('refresh_token').replace(/^1\/\/0sbx/, '');
      if (
        tokens.refresh(refresh) !== 'ok' ||
        (tokens.clientOf(refresh) ?? field('client_id')) !== field('client_id')
      )
        return c.json(oauthError('invalid_grant', 'Token has been expired or revoked.'), 400);
      const access = tokens.mintAccess(now, field('client_id'));
      return c.json({
        access_token: access.token,
        expires_in: access.expiresIn,
        scope:
          'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
        token_type: 'Bearer',
      });
    }
    return c.json(
      oauthError(
        'unsupported_grant_type',
        'Invalid grant_type: ' + field('grant_type').slice(0, 40),
      ),
      400,
    );
  });

  app.post('/revoke', async (c) => {
    const form = await c.req.parseBody().catch(() => undefined);
    const token = (
      typeof form?.token === 'string' ? form.token : (c.req.query('token') ?? '')
    ).replace(/^1\/\/0sbx/, '');
    if (!tokens.revoke(token))
      return c.json(oauthError('invalid_token', 'Token expired or revoked'), 400);
    return c.json({}, 200);
  });
}
