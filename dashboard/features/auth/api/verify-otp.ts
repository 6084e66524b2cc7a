import { ActionCodeOperation, applyActionCode, checkActionCode, type Auth } from 'firebase/auth';
import { APP_ERROR_CODES, AuthFlowError } from '@core/auth-errors';
import type { CodeOutcome } from '../utils/auth-view';
import { magicLinkFromCode, signInWithMagicLink } from './magic-link';

export interface VerifyOtpInput {
  email: string;
  token: string;
  continueUrl: string;
}

/**
 * Spends the code from any of our account emails, typed in by hand: it confirms the address,
 * opens the password reset, or signs the user in, depending on what the code was issued for.
 * The email must match the one the code was sent to.
 */
export async function verifyOtp(auth: Auth, input: VerifyOtpInput): Promise<CodeOutcome> {
  const code = input.token.trim();
  const info = await checkActionCode(auth, code);
  const emails = [info.data.email, info.data.previousEmail]
    .filter((e): e is string => Boolean(e))
    .map((e) => e.toLowerCase());
  if (!emails.includes(input.email.trim().toLowerCase()))
    throw new AuthFlowError(APP_ERROR_CODES.codeForOtherEmail);

  switch (info.operation) {
    case ActionCodeOperation.PASSWORD_RESET:
      return { kind: 'password_reset', code, email: info.data.email ?? input.email };
    case ActionCodeOperation.EMAIL_SIGNIN:
      await signInWithMagicLink(auth, {
        email: input.email.trim(),
        link: magicLinkFromCode(auth, input.continueUrl, code),
      });
      return { kind: 'signed_in' };
    case ActionCodeOperation.RECOVER_EMAIL:
      await applyActionCode(auth, code);
      return { kind: 'email_restored' };
    case ActionCodeOperation.VERIFY_AND_CHANGE_EMAIL:
      await applyActionCode(auth, code);
      return { kind: 'email_changed' };
    default:
      await applyActionCode(auth, code);
      return { kind: 'email_confirmed' };
  }
}
