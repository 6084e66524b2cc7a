import { z } from 'zod';
import { SIGN_IN_CODE_SHAPE } from './extension-bridge';

export { SIGN_IN_CODE_TTL_MS } from './extension-bridge';

// One sign-in across the dashboard and the extension (docs/architecture.md, "One sign-in"): a signed-in
// client asks for a one-time code, the other client redeems it for a short-lived custom token.

/** The code's shape: 32 random bytes, base64url (43 characters). */
export const signInCodePattern = SIGN_IN_CODE_SHAPE;

/** Top-level collection of pending codes, keyed by the code's SHA-256; closed to every client by rules. */
export const SIGN_IN_CODES_COLLECTION = 'signInCodes';

export const createSignInCodeSchema = z.object({}).strict();

export const redeemSignInCodeSchema = z
  .object({
    code: z
      .string({ error: 'This sign-in link is not valid. Sign in again.' })
      .regex(signInCodePattern, { error: 'This sign-in link is not valid. Sign in again.' }),
  })
  .strict();

/** describeSignInCode: whose code it is, asked before a signed-out browser redeems it (login CSRF). */
export const describeSignInCodeSchema = redeemSignInCodeSchema;

export interface DescribeSignInCodeResult {
  /** The email address of the account the code signs in to. */
  email: string;
}

export interface CreateSignInCodeResult {
  code: string;
  /** Epoch milliseconds after which the code is refused. */
  expiresAt: number;
}

export interface RedeemSignInCodeResult {
  /** A Firebase custom token for the code's owner (valid one hour, to be used at once with signInWithCustomToken). */
  token: string;
}
