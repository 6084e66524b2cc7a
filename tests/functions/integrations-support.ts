import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { testPortShift } from '@core/firebase/config';
import { providerIds, providers, type ProviderId } from '@core/providers';
import { SECRETS_KEYRING } from '@core/secrets';
import { parseKeyring, type Keyring } from '../../functions/src/lib/crypto';
import { adminDb, projectId } from './support';
import { stackFetch } from '../support/transport-retry';

// Helpers for the integration and AI text suites: the provider sandbox the functions under test call,
// raw reads of stored documents, and reads as a signed-in client (rules apply).

/** The sandbox the emulated functions call: from the same *_BASE_URL env, else the test stack's (18900 + provider index). */
export function sandboxUrl(provider: ProviderId): string {
  return (
    process.env[providers[provider].env] ??
    `http://127.0.0.1:${18900 + testPortShift + providerIds.indexOf(provider)}`
  );
}

export async function clearSandbox(provider: ProviderId): Promise<void> {
  await stackFetch(`${sandboxUrl(provider)}/__sandbox/requests`, { method: 'DELETE' });
  await stackFetch(`${sandboxUrl(provider)}/__sandbox/faults`, { method: 'DELETE' });
}

export async function sandboxRequests(
  provider: ProviderId,
  path?: string,
): Promise<{ method: string; path: string }[]> {
  const { requests } = (await (
    await stackFetch(`${sandboxUrl(provider)}/__sandbox/requests`)
  ).json()) as { requests: { method: string; path: string }[] };
  return path ? requests.filter((r) => r.path === path) : requests;
}

export async function addFault(
  provider: ProviderId,
  fault: Record<string, unknown>,
): Promise<void> {
  const res = await stackFetch(`${sandboxUrl(provider)}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  if (res.status !== 201) throw new Error(`fault refused: ${await res.text()}`);
}

const firestoreHost = () => process.env.FIRESTORE_EMULATOR_HOST!;
const docUrl = (path: string) =>
  `http://${firestoreHost()}/v1/projects/${projectId}/databases/(default)/documents/${path}`;

/** A document's bytes exactly as the emulator serves them to an admin ("Bearer owner" bypasses rules). */
export async function rawDocument(path: string): Promise<string | undefined> {
  const res = await stackFetch(docUrl(path), { headers: { authorization: 'Bearer owner' } });
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`raw read of ${path} failed: ${res.status}`);
  return res.text();
}

/** Reads a document as a signed-in user through the Firestore REST API, so security rules decide. */
export async function clientRead(
  path: string,
  idToken: string,
): Promise<{ status: number; body: string }> {
  const res = await stackFetch(docUrl(path), { headers: { authorization: `Bearer ${idToken}` } });
  return { status: res.status, body: await res.text() };
}

/** Every document under a user's secrets and statuses, for "nothing was written" checks. */
export async function storedPathsOf(uid: string): Promise<string[]> {
  const db = adminDb();
  const refs = [
    ...(await db.collection(`secrets/${uid}/integrations`).listDocuments()),
    ...(await db.collection(`secrets/${uid}/social`).listDocuments()),
    ...(await db.collection(`users/${uid}/integrations`).listDocuments()),
    ...(await db.collection(`users/${uid}/socialAccounts`).listDocuments()),
  ];
  const existing = await Promise.all(
    refs.map(async (r) => ((await r.get()).exists ? r.path : undefined)),
  );
  return existing.filter((p): p is string => p !== undefined);
}

/** The local emulator keyring (functions/.secret.local), so tests can prove what a sealed value holds. */
export function localKeyring(): Keyring {
  const file = fileURLToPath(new URL('../../functions/.secret.local', import.meta.url));
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${SECRETS_KEYRING}=`));
  if (!line) throw new Error('No keyring in functions/.secret.local');
  return parseKeyring(line.slice(SECRETS_KEYRING.length + 1).replace(/^'|'$/g, ''));
}

/** The OAuth hosts of the sandbox (each served by its provider's server, tests/sandbox/README.md). */
export function sandboxHosts(): {
  redditAccounts: string;
  googleAccounts: string;
  googleOAuth: string;
} {
  return {
    redditAccounts: sandboxUrl('reddit'),
    googleAccounts: sandboxUrl('google'),
    googleOAuth: sandboxUrl('google'),
  };
}
