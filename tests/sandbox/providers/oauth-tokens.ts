import { createHash, randomBytes } from 'node:crypto';

// Tokens the sandbox's OAuth servers (Reddit, Google) hand out. They carry their own issue and expiry
// times, so a token survives a sandbox restart (the local stack keeps the emulators' data); what must be
// remembered (revocations, "every token before now is dead") lives in the book.
//
// Access tokens: `<prefix>.<issuedAtMs>.<expiresAtMs>.<random>`. Refresh tokens: `<prefix>r.<issuedAtMs>.<random>`.
// Any access token not of this form is judged by the sandbox key conventions (tests/sandbox/README.md).
// The book also remembers which client app each token went to (in memory), so a test can end one app's
// tokens without touching those of tests sharing the sandbox.

export type TokenVerdict = 'ok' | 'expired' | 'revoked' | 'invalid';

/** A client id ending in this gets access tokens that live SHORT_LIVED_ACCESS_SECONDS (README.md, key conventions). */
export const SHORT_LIVED_CLIENT_SUFFIX = '-short-lived';
/** Inside the functions' refresh margin (ACCESS_TOKEN_REFRESH_MARGIN_MS), so every use refreshes first. */
export const SHORT_LIVED_ACCESS_SECONDS = 60;

export interface TokenBook {
  mintAccess(now: number, clientId: string): { token: string; expiresIn: number };
  mintRefresh(now: number, clientId: string): string;
  access(token: string, now: number): TokenVerdict | 'foreign';
  refresh(token: string): TokenVerdict;
  /** The client app a token was issued to, if this book issued it since it started. */
  clientOf(token: string): string | undefined;
  revoke(token: string): boolean;
  /** Every access token issued so far expires now; with refresh, every refresh token is revoked too. */
  expireAll(now: number, refresh: boolean): void;
  /** The same for the tokens issued to one client app only. */
  expireClient(clientId: string, refresh: boolean): void;
}

export function createTokenBook(prefix: string, accessTtlSeconds: number): TokenBook {
  const revoked = new Set<string>();
  const issuedTo = new Map<string, { clientId: string; kind: 'access' | 'refresh' }>();
  let accessValidFrom = 0;
  let refreshValidFrom = 0;
  const random = () => randomBytes(12).toString('base64url');
  const access = new RegExp(
    `^${prefix.replace(/[.]/g, '[.]')}[.](\\d+)[.](\\d+)[.][A-Za-z0-9_-]+$`,
  );
  const refresh = new RegExp(`^${prefix.replace(/[.]/g, '[.]')}r[.](\\d+)[.][A-Za-z0-9_-]+$`);
  return {
    mintAccess(now, clientId) {
      const ttl = clientId.endsWith(SHORT_LIVED_CLIENT_SUFFIX)
        ? SHORT_LIVED_ACCESS_SECONDS
        : accessTtlSeconds;
      const token = `${prefix}.${now}.${now + ttl * 1000}.${random()}`;
      issuedTo.set(token, { clientId, kind: 'access' });
      return { token, expiresIn: ttl };
    },
    mintRefresh(now, clientId) {
      const token = `${prefix}r.${now}.${random()}`;
      issuedTo.set(token, { clientId, kind: 'refresh' });
      return token;
    },
    clientOf(token) {
      return issuedTo.get(token)?.clientId;
    },
    access(token, now) {
      const m = access.exec(token);
      if (!m) return 'foreign';
      if (revoked.has(token)) return 'revoked';
      if (Number(m[1]) < accessValidFrom || Number(m[2]) <= now) return 'expired';
      return 'ok';
    },
    refresh(token) {
      const m = refresh.exec(token);
      if (!m) return 'invalid';
      if (revoked.has(token) || Number(m[1]) < refreshValidFrom) return 'revoked';
      return 'ok';
    },
    revoke(token) {
      if (!access.test(token) && !refresh.test(token)) return false;
      revoked.add(token);
      return true;
    },
    expireAll(now, alsoRefresh) {
      accessValidFrom = now + 1;
      if (alsoRefresh) refreshValidFrom = now + 1;
    },
    expireClient(clientId, alsoRefresh) {
      for (const [token, issued] of issuedTo)
        if (issued.clientId === clientId && (issued.kind === 'access' || alsoRefresh))
          revoked.add(token);
    },
  };
}

/** RFC 7636 S256: BASE64URL(SHA256(verifier)). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** HTTP Basic credentials, or undefined. */
export function basicAuth(header: string | undefined): { id: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return {
    id: decodeURIComponent(decoded.slice(0, colon)),
    secret: decodeURIComponent(decoded.slice(colon + 1)),
  };
}

/** Adds query parameters to a redirect URI, keeping its own. */
export function withParams(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export function isRedirectUri(uri: string | undefined): uri is string {
  if (!uri) return false;
  try {
    const url = new URL(uri);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.hash;
  } catch {
    return false;
  }
}
