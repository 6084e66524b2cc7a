import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { e2eEnv, waits } from './env';

const base = () => `http://${e2eEnv.authHost}`;
const API_KEY = 'demo-api-key';

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
  /** The session's refresh token: with idToken, what Firebase Auth keeps for a signed-in user (see driver.ts signIn). */
  refreshToken: string;
}

async function post<T>(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${base()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} -> ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface CreateUserOptions {
  email?: string;
  password?: string;
  displayName?: string;
  verified?: boolean;
}

/** The e2e suites' one user factory: an account in the Auth emulator, verified unless asked otherwise. */
export async function createUser(opts: CreateUserOptions = {}): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'correct-horse-42';
  const r = await post<{ localId: string; idToken: string; refreshToken: string }>(
    `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`,
    { email, password, returnSecureToken: true },
  );
  const update: Record<string, unknown> = { localId: r.localId };
  if (opts.verified !== false) update.emailVerified = true;
  if (opts.displayName) update.displayName = opts.displayName;
  // Emulator admin endpoint: the fake bearer "owner" acts as an admin in the emulator.
  await post(
    `/identitytoolkit.googleapis.com/v1/projects/${e2eEnv.projectId}/accounts:update`,
    update,
    { authorization: 'Bearer owner' },
  );
  if (opts.verified === false)
    return { uid: r.localId, email, password, idToken: r.idToken, refreshToken: r.refreshToken };
  // The sign-up token predates the verification: a fresh one carries email_verified, which functions and rules require.
  const signedIn = await post<{ idToken: string; refreshToken: string }>(
    `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
    { email, password, returnSecureToken: true },
  );
  return {
    uid: r.localId,
    email,
    password,
    idToken: signedIn.idToken,
    refreshToken: signedIn.refreshToken,
  };
}

/** Where Firebase Auth (the web SDK's default IndexedDB persistence) keeps the signed-in user of the app. */
export const AUTH_SESSION_STORE = {
  db: 'firebaseLocalStorageDb',
  store: 'firebaseLocalStorage',
  keyPath: 'fbase_key',
  key: `firebase:authUser:${API_KEY}:[DEFAULT]`,
} as const;

/**
 * The record Firebase Auth persists for `user` once signed in with email and password: written into the
 * dashboard's IndexedDB, the app starts signed in as that user (it checks the tokens with the emulator).
 */
export function authSessionRecord(user: TestUser): { key: string; value: Record<string, unknown> } {
  return {
    key: AUTH_SESSION_STORE.key,
    value: {
      uid: user.uid,
      email: user.email,
      emailVerified: true,
      isAnonymous: false,
      providerData: [
        {
          providerId: 'password',
          uid: user.email,
          email: user.email,
          displayName: null,
          phoneNumber: null,
          photoURL: null,
        },
      ],
      stsTokenManager: {
        refreshToken: user.refreshToken,
        accessToken: user.idToken,
        expirationTime: Date.now() + 55 * 60_000,
      },
      apiKey: API_KEY,
      appName: '[DEFAULT]',
    },
  };
}

export interface OobCode {
  email: string;
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'EMAIL_SIGNIN' | string;
  oobCode: string;
  oobLink: string;
}

/** The out-of-band codes (verification, reset, sign-in links) the emulator "sent" to an address, newest last. */
export async function oobCodesFor(email: string): Promise<OobCode[]> {
  const res = await fetch(`${base()}/emulator/v1/projects/${e2eEnv.projectId}/oobCodes`);
  const body = (await res.json()) as { oobCodes: OobCode[] };
  return body.oobCodes.filter((c) => c.email.toLowerCase() === email.toLowerCase());
}

export async function waitForOobCode(
  email: string,
  requestType: OobCode['requestType'],
  timeoutMs = waits.step,
): Promise<OobCode> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await oobCodesFor(email)).filter((c) => c.requestType === requestType).at(-1);
    if (found) return found;
    if (Date.now() > until) throw new Error(`No ${requestType} email for ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The link the stack printed for the latest email of `mode` (resetPassword, verifyEmail, ...) to `email`. */
export async function waitForPrintedLink(
  email: string,
  mode: string,
  timeoutMs = waits.step,
): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const lines = existsSync(e2eEnv.authLinksLog)
      ? readFileSync(e2eEnv.authLinksLog, 'utf8').split('\n')
      : [];
    const link = lines
      .filter((l) => l.includes(` ${email}: `))
      .map((l) => l.slice(l.lastIndexOf(' ') + 1))
      .filter((url) => new URL(url).searchParams.get('mode') === mode)
      .at(-1);
    if (link) return link;
    if (Date.now() > until)
      throw new Error(`The stack printed no ${mode} link for ${email} in ${e2eEnv.authLinksLog}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
