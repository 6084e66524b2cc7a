import { deleteApp, getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import {
  DEMO_PROJECT_IDS,
  emulatorPortSets,
  FUNCTIONS_REGION,
  testPortShift,
} from '@core/firebase/config';
import { freshConnectionsForNodeHttp, stackFetch } from '../support/transport-retry';

freshConnectionsForNodeHttp();
const t = emulatorPortSets.test;
export const projectId = process.env.GCLOUD_PROJECT ?? DEMO_PROJECT_IDS.test;
process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${t.firestore}`;
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${t.auth}`;
const functionsOrigin = process.env.FUNCTIONS_EMULATOR_ORIGIN ?? `http://127.0.0.1:${t.functions}`;
/** The test stack's schedule driver (scripts/stack/schedule-control.ts). */
const schedulerOrigin =
  process.env.MUSE_SCHEDULER_ORIGIN ?? `http://127.0.0.1:${14600 + testPortShift}`;

export function adminDb() {
  const app = getApps()[0] ?? initializeApp({ projectId });
  return getFirestore(app);
}

export async function closeAdmin(): Promise<void> {
  await Promise.all(getApps().map((a) => deleteApp(a)));
}

const PASSWORD = 'correct-horse-42';
const authUrl = (path: string) =>
  `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/${path}`;

async function authPost<T>(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await stackFetch(authUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A new account whose email address is not confirmed yet (callables and rules refuse its writes). */
export async function signUpUnverified(): Promise<{ uid: string; idToken: string; email: string }> {
  const email = `fn-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const body = await authPost<{ localId: string; idToken: string }>(
    'accounts:signUp?key=demo-api-key',
    { email, password: PASSWORD, returnSecureToken: true },
  );
  return { uid: body.localId, idToken: body.idToken, email };
}

/** A new account with a confirmed email address (set as an admin, as the demo account is), signed in afresh so the token says so. */
export async function signUp(): Promise<{ uid: string; idToken: string; email: string }> {
  const { uid, email } = await signUpUnverified();
  await authPost(
    `projects/${projectId}/accounts:update`,
    { localId: uid, emailVerified: true },
    { authorization: 'Bearer owner' },
  );
  const signedIn = await authPost<{ idToken: string }>(
    'accounts:signInWithPassword?key=demo-api-key',
    { email, password: PASSWORD, returnSecureToken: true },
  );
  return { uid, idToken: signedIn.idToken, email };
}

export interface CallableResult {
  status: number;
  result?: unknown;
  error?: { status: string; message: string; details?: unknown };
}

/** Calls an HTTPS callable the way the client SDK does (POST {data}, bearer ID token). */
export async function callCallable(
  name: string,
  data: unknown,
  idToken?: string,
): Promise<CallableResult> {
  const res = await stackFetch(`${functionsOrigin}/${projectId}/${FUNCTIONS_REGION}/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(idToken ? { authorization: `Bearer ${idToken}` } : {}),
    },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as {
    result?: unknown;
    error?: { status: string; message: string; details?: unknown };
  };
  return { status: res.status, ...body };
}

/** Posts a callable body exactly as given (for payloads JSON.stringify cannot make, like a __proto__ key). */
export async function callCallableRaw(
  name: string,
  body: string,
  idToken: string,
): Promise<CallableResult> {
  const res = await stackFetch(`${functionsOrigin}/${projectId}/${FUNCTIONS_REGION}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body,
  });
  const text = await res.text();
  let parsed: { result?: unknown; error?: { status: string; message: string; details?: unknown } } =
    {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // The decoder's own failures may answer with a non-JSON body.
  }
  return { status: res.status, ...parsed };
}

export interface ScheduleRun {
  name: string;
  ok: boolean;
  status: number;
  detail?: string;
}

/**
 * Has the test stack run one scheduled function now, as its timer would; resolves once the run ended. `at` is
 * the schedule time it sends, which the sweeps read as their clock in the emulator (a run "minutes later").
 */
export async function runScheduleNow(name: string, at?: Date): Promise<ScheduleRun> {
  const res = await stackFetch(
    `${schedulerOrigin}/run?name=${encodeURIComponent(name)}${at ? `&at=${encodeURIComponent(at.toISOString())}` : ''}`,
    { method: 'POST' },
  );
  if (!res.ok) throw new Error(`The stack did not run ${name}: ${res.status} ${await res.text()}`);
  const { runs } = (await res.json()) as { runs: ScheduleRun[] };
  return runs[0]!;
}

/** A new signed-in account with an X account connected (OAuth 1.0a keys the X sandbox accepts), through the callable the dashboard uses. */
export async function signUpWithX(): Promise<{ uid: string; idToken: string; email: string }> {
  const user = await signUp();
  const account = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  const saved = await callCallable(
    'saveSocialCredentials',
    {
      platform: 'x',
      credentials: {
        consumerKey: 'muse-app',
        consumerSecret: 'muse-app-secret',
        accessToken: `${account}-token`,
        accessTokenSecret: `${account}-token-secret`,
      },
    },
    user.idToken,
  );
  if (saved.error) throw new Error(saved.error.message);
  return user;
}
