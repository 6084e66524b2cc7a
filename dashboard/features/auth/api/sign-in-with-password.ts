import {
  sendEmailVerification,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth';
import { APP_ERROR_CODES, AuthFlowError } from '@core/auth-errors';

export interface SignInWithPasswordInput {
  email: string;
  password: string;
  /** Where the re-sent confirmation email leads back to. */
  continueUrl: string;
}

/**
 * Signs in with email and password. An account whose email is not confirmed yet gets no session:
 * it is signed out again, a fresh confirmation email goes out, and the call fails with a code the
 * screen explains.
 */
export async function signInWithPassword(
  auth: Auth,
  input: SignInWithPasswordInput,
): Promise<User> {
  const { user } = await signInWithEmailAndPassword(auth, input.email, input.password);
  if (user.emailVerified) return user;
  let resent = true;
  try {
    await sendEmailVerification(user, { url: input.continueUrl });
  } catch {
    // Usually rate limiting right after sign-up: the earlier email still works.
    resent = false;
  } finally {
    await signOut(auth);
  }
  throw new AuthFlowError(
    resent ? APP_ERROR_CODES.emailNotConfirmed : APP_ERROR_CODES.emailNotConfirmedResendFailed,
  );
}
