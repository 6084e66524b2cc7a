import {
  isSignInWithEmailLink,
  sendSignInLinkToEmail,
  signInWithEmailLink,
  type Auth,
} from 'firebase/auth';
import { localTextItem } from '@/lib/local-store';

// Blocked storage only means the user types the address again.
const rememberedEmail = localTextItem('muse-magic-link-email', (v: unknown) =>
  typeof v === 'string' && v.length >= 1 && v.length <= 320 ? v : null,
);

export interface SendMagicLinkInput {
  email: string;
  continueUrl: string;
}

/**
 * Emails a one-time sign-in link. The address is remembered in this browser because Firebase needs
 * it again to finish the sign-in; a link opened elsewhere asks for it (verify_otp).
 */
export async function sendMagicLink(auth: Auth, input: SendMagicLinkInput): Promise<void> {
  await sendSignInLinkToEmail(auth, input.email, { url: input.continueUrl, handleCodeInApp: true });
  rememberedEmail.write(input.email);
}

export function rememberedMagicLinkEmail(): string | null {
  return rememberedEmail.read();
}

/** Builds the sign-in link Firebase expects from a bare code, for codes typed into verify_otp. */
export function magicLinkFromCode(auth: Auth, continueUrl: string, code: string): string {
  const url = new URL(continueUrl);
  url.search = new URLSearchParams({
    mode: 'signIn',
    oobCode: code,
    apiKey: auth.app.options.apiKey ?? '',
  }).toString();
  return url.toString();
}

export function isMagicLink(auth: Auth, link: string): boolean {
  return isSignInWithEmailLink(auth, link);
}

export async function signInWithMagicLink(
  auth: Auth,
  input: { email: string; link: string },
): Promise<void> {
  await signInWithEmailLink(auth, input.email, input.link);
  rememberedEmail.remove();
}
