import { createHash, randomBytes } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  SIGN_IN_CODE_TTL_MS,
  SIGN_IN_CODES_COLLECTION,
  type CreateSignInCodeResult,
  type DescribeSignInCodeResult,
  type RedeemSignInCodeResult,
} from '@core/sign-in-codes';
import { signInCodeSchema } from '@core/data/server-docs';
import type { Clock } from '../lib/clock';
import { adminConverter } from '../lib/converter';
import { reasonedError } from '../lib/callable';
import { runTransaction } from '../lib/transaction';

export interface SignInCodeDeps {
  db: Firestore;
  clock: Clock;
  /** Mints a Firebase custom token for a uid (admin.auth().createCustomToken). */
  createCustomToken(uid: string): Promise<string>;
  /** The account's email address (admin.auth().getUser(uid).email), or null if it has none. */
  emailOf(uid: string): Promise<string | null>;
  /** Random bytes for a new code; crypto's by default. */
  random?: (size: number) => Buffer;
}

/** Codes are stored under their hash: a reader of the database cannot redeem what it finds there. */
export function codeKey(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** A one-time code for the caller, redeemable once within SIGN_IN_CODE_TTL_MS. */
export async function createSignInCode(
  uid: string,
  deps: SignInCodeDeps,
): Promise<CreateSignInCodeResult> {
  const code = (deps.random ?? randomBytes)(32).toString('base64url');
  const now = deps.clock.now().getTime();
  const expiresAt = now + SIGN_IN_CODE_TTL_MS;
  await deps.db
    .collection(SIGN_IN_CODES_COLLECTION)
    .doc(codeKey(code))
    .create({
      uid,
      createdAt: Timestamp.fromMillis(now),
      expiresAt: Timestamp.fromMillis(expiresAt),
    });
  return { code, expiresAt };
}

const signInCodeConverter = adminConverter(signInCodeSchema);
type SignInCodeData = ReturnType<typeof signInCodeSchema.parse>;

const invalidCode = () =>
  reasonedError('not-found', 'This sign-in link has expired or was already used. Sign in again.', {
    reason: 'invalid-code',
  });

/**
 * Says whose code it is without spending it, so a signed-out browser can ask "Sign in as ...?" before
 * redeeming: a page that opens /extension-sign-in with its own code cannot sign a visitor in to the
 * page's account unasked. An expired or unknown code is refused as redeem refuses it.
 */
export async function describeSignInCode(
  code: string,
  deps: SignInCodeDeps,
): Promise<DescribeSignInCodeResult> {
  const data = (
    await deps.db
      .collection(SIGN_IN_CODES_COLLECTION)
      .doc(codeKey(code))
      .withConverter(signInCodeConverter)
      .get()
  ).data();
  const fresh = !!data?.expiresAt && data.expiresAt.getTime() > deps.clock.now().getTime();
  if (!fresh || !data.uid) throw invalidCode();
  const email = await deps.emailOf(data.uid);
  if (!email) throw invalidCode();
  return { email };
}

/**
 * Spends a code: the token is minted first, then the code is deleted in a transaction that finds it still
 * there, so a mint that fails (e.g. the runtime's service account may not sign blobs) leaves the code
 * usable, and two redeems of one code racing both mint but only the one whose transaction deleted it
 * answers with its token (minting stores nothing). An expired code is deleted too, and refused. The token
 * is for the code's owner, whoever calls.
 */
export async function redeemSignInCode(
  code: string,
  deps: SignInCodeDeps,
): Promise<RedeemSignInCodeResult> {
  const ref = deps.db.collection(SIGN_IN_CODES_COLLECTION).doc(codeKey(code));
  const ownerOf = (data: SignInCodeData | undefined) =>
    data?.uid && data.expiresAt && data.expiresAt.getTime() > deps.clock.now().getTime()
      ? data.uid
      : null;
  const spend = (expected: string | null) =>
    runTransaction(deps.db, async (tx) => {
      const data = (await tx.get(ref.withConverter(signInCodeConverter))).data();
      if (!data) return false;
      tx.delete(ref);
      return expected !== null && ownerOf(data) === expected;
    });

  const stored = (await ref.withConverter(signInCodeConverter).get()).data();
  const owner = ownerOf(stored);
  if (!owner) {
    if (stored) await spend(null);
    throw invalidCode();
  }
  const token = await deps.createCustomToken(owner);
  if (!(await spend(owner))) throw invalidCode();
  return { token };
}
