import type { Auth } from 'firebase/auth';
import type { ActionLink, LinkOutcome } from '../utils/auth-view';
import { applyActionCode } from './apply-action-code';
import { isMagicLink, rememberedMagicLinkEmail, signInWithMagicLink } from './magic-link';
import { verifyPasswordResetCode } from './verify-password-reset-code';

/**
 * Handles a Firebase email action opened on /auth (`?mode=...&oobCode=...`). A reset code is only
 * checked here; it is spent when the user sets the new password.
 */
export async function resolveActionLink(
  auth: Auth,
  link: ActionLink,
  href: string,
): Promise<LinkOutcome> {
  switch (link.mode) {
    case 'resetPassword':
      return {
        kind: 'password_reset',
        code: link.oobCode,
        email: await verifyPasswordResetCode(auth, link.oobCode),
      };
    case 'verifyEmail':
      await applyActionCode(auth, link.oobCode);
      return { kind: 'email_confirmed' };
    case 'recoverEmail':
      await applyActionCode(auth, link.oobCode);
      return { kind: 'email_restored' };
    case 'verifyAndChangeEmail':
      await applyActionCode(auth, link.oobCode);
      return { kind: 'email_changed' };
    case 'signIn': {
      const email = rememberedMagicLinkEmail();
      if (!email || !isMagicLink(auth, href)) return { kind: 'needs_email', code: link.oobCode };
      await signInWithMagicLink(auth, { email, link: href });
      return { kind: 'signed_in' };
    }
  }
}
