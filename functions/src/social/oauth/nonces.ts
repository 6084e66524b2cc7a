import { createHash } from 'node:crypto';
import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { oauthNonceSchema, type OAuthNonce } from '@core/data/server-docs';
import { serverOnlyCollections } from '@core/firestore-paths';
import { OAUTH_NONCE_TTL_MS, type OAuthPlatform, type OAuthStateRefusal } from '@core/social-oauth';
import { randomToken } from './platform-oauth';
import { adminConverter } from '../../lib/converter';
import { runTransaction } from '../../lib/transaction';

// OAuth state nonces at oauthNonces/{sha256(state)}: firestore.rules closes the collection to every client.
// The browser carries only the random state; the document binds it to the user, the platform, the redirect
// URI and the PKCE verifier, for 10 minutes, once. Used documents stay (marked usedAt) so a replay is told
// apart from a forged state; the TTL policy on `expiresAt` (firestore.indexes.json) removes them after they expire.

export interface NonceDoc {
  uid: string;
  platform: OAuthPlatform;
  redirectUri: string;
  /** PKCE verifier (Google); null where the platform has no PKCE. Never leaves the functions. */
  codeVerifier: string | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

export type NonceCheck =
  { ok: true; nonce: OAuthNonce } | { ok: false; refusal: OAuthStateRefusal };

/** The state itself is never stored: a leaked database export cannot complete anyone's Connect. */
const nonceConverter = adminConverter(oauthNonceSchema);

export function nonceRef(db: Firestore, state: string): DocumentReference {
  return db.doc(
    `${serverOnlyCollections.oauthNonces}/${createHash('sha256').update(state).digest('hex')}`,
  );
}

export async function createNonce(
  db: Firestore,
  fields: {
    uid: string;
    platform: OAuthPlatform;
    redirectUri: string;
    codeVerifier: string | null;
    now: Date;
  },
): Promise<string> {
  const state = randomToken();
  const doc: NonceDoc = {
    uid: fields.uid,
    platform: fields.platform,
    redirectUri: fields.redirectUri,
    codeVerifier: fields.codeVerifier,
    createdAt: Timestamp.fromDate(fields.now),
    expiresAt: Timestamp.fromMillis(fields.now.getTime() + OAUTH_NONCE_TTL_MS),
    usedAt: null,
  };
  // create(): a colliding state (2^-256) fails rather than overwriting someone's nonce.
  await nonceRef(db, state).create(doc);
  return state;
}

/**
 * The pure decision on a returned state. Only a state that passes is spent: a refusal writes nothing, so
 * another user presenting a stolen state cannot spoil the rightful user's Connect.
 */
export function judgeNonce(
  nonce: OAuthNonce | undefined,
  expected: { uid: string; platform: OAuthPlatform; now: Date },
): NonceCheck {
  if (!nonce || nonce.platform !== expected.platform) return { ok: false, refusal: 'unknown' };
  if (nonce.uid !== expected.uid) return { ok: false, refusal: 'other-user' };
  if (nonce.usedAt) return { ok: false, refusal: 'reused' };
  if (!nonce.expiresAt || nonce.expiresAt.getTime() <= expected.now.getTime())
    return { ok: false, refusal: 'expired' };
  return { ok: true, nonce };
}

/** Checks and spends a returned state in one transaction: two callbacks with one state cannot both pass. */
export async function consumeNonce(
  db: Firestore,
  state: string,
  expected: { uid: string; platform: OAuthPlatform; now: Date },
): Promise<NonceCheck> {
  const ref = nonceRef(db, state);
  return runTransaction(db, async (tx) => {
    const check = judgeNonce((await tx.get(ref.withConverter(nonceConverter))).data(), expected);
    if (check.ok) tx.update(ref, { usedAt: Timestamp.fromDate(expected.now) });
    return check;
  });
}
