import {
  verifyPasswordResetCode as firebaseVerifyPasswordResetCode,
  type Auth,
} from 'firebase/auth';

/** Checks a reset code from a `mode=resetPassword` link without spending it; returns the account's email. */
export async function verifyPasswordResetCode(auth: Auth, code: string): Promise<string> {
  return firebaseVerifyPasswordResetCode(auth, code);
}
