import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { integrationSecretPath, socialSecretPath, userCollectionPath } from '@core/firestore-paths';
import {
  credentialFieldsOf,
  missingRequiredFields,
  secretHint,
  type IntegrationType,
  type SocialPlatform,
  type StoredSocialCredentials,
} from '@core/integrations';
import { sealedSecretSchema } from '@core/data/server-docs';
import type { Clock } from '../lib/clock';
import { adminConverter } from '../lib/converter';
import { open, seal, SecretUnreadableError, type Keyring, type SealedValue } from '../lib/crypto';
import { runTransaction } from '../lib/transaction';

// Users' secrets at secrets/{uid}/... (sealed, server only) and the status clients read at
// users/{uid}/integrations/{type} and users/{uid}/socialAccounts/{platform}. Both always change together.

export interface SecretStoreDeps {
  db: Firestore;
  keyring: Keyring;
  clock: Clock;
}

export type SecretRead<T> =
  { found: false } | { found: true; readable: true; value: T } | { found: true; readable: false };

interface SealedDoc extends SealedValue {
  updatedAt: Timestamp;
}

function sealedDoc(
  keyring: Keyring,
  plaintext: string,
  path: string,
  updatedAt: Timestamp,
): SealedDoc {
  // The document path is the additional data: a value copied to another user or integration will not open.
  return { ...seal(keyring, plaintext, path), updatedAt };
}

const sealedConverter = adminConverter(sealedSecretSchema);

function openDoc(
  keyring: Keyring,
  data: Partial<SealedValue> | undefined,
  path: string,
): SecretRead<string> {
  if (!data) return { found: false };
  try {
    return { found: true, readable: true, value: open(keyring, data, path) };
  } catch (error) {
    if (error instanceof SecretUnreadableError) return { found: true, readable: false };
    throw error;
  }
}

const integrationStatusPath = (uid: string, type: IntegrationType) =>
  `${userCollectionPath(uid, 'integrations')}/${type}`;
const socialStatusPath = (uid: string, platform: SocialPlatform) =>
  `${userCollectionPath(uid, 'socialAccounts')}/${platform}`;

export async function storeIntegrationKey(
  deps: SecretStoreDeps,
  uid: string,
  type: IntegrationType,
  apiKey: string,
): Promise<{ hint: string; updatedAt: Date }> {
  const path = integrationSecretPath(uid, type);
  const updatedAt = Timestamp.fromDate(deps.clock.now());
  const hint = secretHint(apiKey);
  const batch = deps.db.batch();
  batch.set(deps.db.doc(path), sealedDoc(deps.keyring, apiKey, path, updatedAt));
  batch.set(deps.db.doc(integrationStatusPath(uid, type)), { configured: true, hint, updatedAt });
  await batch.commit();
  return { hint, updatedAt: updatedAt.toDate() };
}

/** The key, and when it was saved (ms; a cache of what the key may use is only valid for that key). */
export async function readIntegrationKey(
  deps: Pick<SecretStoreDeps, 'db' | 'keyring'>,
  uid: string,
  type: IntegrationType,
): Promise<SecretRead<string> & { savedAt?: number }> {
  const path = integrationSecretPath(uid, type);
  const data = (await deps.db.doc(path).withConverter(sealedConverter).get()).data();
  const read = openDoc(deps.keyring, data, path);
  const savedAt = data?.updatedAt?.getTime();
  return read.found && read.readable && savedAt !== undefined ? { ...read, savedAt } : read;
}

export async function deleteIntegrationKey(
  deps: Pick<SecretStoreDeps, 'db'>,
  uid: string,
  type: IntegrationType,
): Promise<void> {
  const batch = deps.db.batch();
  batch.delete(deps.db.doc(integrationSecretPath(uid, type)));
  batch.delete(deps.db.doc(integrationStatusPath(uid, type)));
  await batch.commit();
}

/** What a client may see of a platform's credentials: hints of secrets, non-secret values in full. */
export function socialStatusOf(platform: SocialPlatform, stored: StoredSocialCredentials) {
  const hints: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const [name, field] of Object.entries(credentialFieldsOf(platform))) {
    const value = stored[name];
    if (!value) continue;
    if (field.secret) hints[name] = secretHint(value);
    else values[name] = value;
  }
  return { configured: true as const, hints, values, connected: Boolean(stored.accessToken) };
}

export type SaveSocialOutcome =
  | { ok: true; status: ReturnType<typeof socialStatusOf>; updatedAt: Date }
  | { ok: false; reason: 'missing_fields'; fields: string[] }
  | { ok: false; reason: 'unreadable' };

/**
 * Merges filled fields into what is stored (blank fields keep their value) and reseals the whole set under
 * the current key, in one transaction with the status document.
 */
export async function storeSocialCredentials(
  deps: SecretStoreDeps,
  uid: string,
  platform: SocialPlatform,
  filled: Record<string, string>,
): Promise<SaveSocialOutcome> {
  const path = socialSecretPath(uid, platform);
  return runTransaction(deps.db, async (tx) => {
    const secretRef = deps.db.doc(path);
    const existing = openDoc(
      deps.keyring,
      (await tx.get(secretRef.withConverter(sealedConverter))).data(),
      path,
    );
    if (existing.found && !existing.readable) return { ok: false, reason: 'unreadable' } as const;
    const previous = existing.found ? (JSON.parse(existing.value) as StoredSocialCredentials) : {};
    // A refresh token is never replaced by an empty one (a platform's answer may omit or blank it).
    const merged: StoredSocialCredentials = { ...previous, ...filled };
    if (!merged.refreshToken && previous.refreshToken) merged.refreshToken = previous.refreshToken;
    const missing = missingRequiredFields(platform, merged);
    if (missing.length > 0)
      return { ok: false, reason: 'missing_fields', fields: missing } as const;
    const updatedAt = Timestamp.fromDate(deps.clock.now());
    const status = socialStatusOf(platform, merged);
    tx.set(secretRef, sealedDoc(deps.keyring, JSON.stringify(merged), path, updatedAt));
    tx.set(deps.db.doc(socialStatusPath(uid, platform)), { ...status, updatedAt });
    return { ok: true, status, updatedAt: updatedAt.toDate() } as const;
  });
}

export async function readSocialCredentials(
  deps: Pick<SecretStoreDeps, 'db' | 'keyring'>,
  uid: string,
  platform: SocialPlatform,
): Promise<SecretRead<StoredSocialCredentials>> {
  const path = socialSecretPath(uid, platform);
  const read = openDoc(
    deps.keyring,
    (await deps.db.doc(path).withConverter(sealedConverter).get()).data(),
    path,
  );
  return read.found && read.readable
    ? { found: true, readable: true, value: JSON.parse(read.value) as StoredSocialCredentials }
    : read;
}

export async function deleteSocialCredentials(
  deps: Pick<SecretStoreDeps, 'db'>,
  uid: string,
  platform: SocialPlatform,
): Promise<void> {
  const batch = deps.db.batch();
  batch.delete(deps.db.doc(socialSecretPath(uid, platform)));
  batch.delete(deps.db.doc(socialStatusPath(uid, platform)));
  await batch.commit();
}
