import { applyActionCode as firebaseApplyActionCode, type Auth } from 'firebase/auth';

/** Applies an email confirmation (or email recovery/change) code from an action link. */
export async function applyActionCode(auth: Auth, code: string): Promise<void> {
  await firebaseApplyActionCode(auth, code);
}
