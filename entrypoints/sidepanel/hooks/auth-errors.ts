/** Firebase Auth error codes in words a person understands. */
const AUTH_ERROR_MESSAGES: Record<string, string> = {
  'auth/invalid-credential': 'Incorrect email or password. Please check them and try again.',
  'auth/invalid-login-credentials': 'Incorrect email or password. Please check them and try again.',
  'auth/wrong-password': 'Incorrect email or password. Please check them and try again.',
  'auth/user-not-found': 'Incorrect email or password. Please check them and try again.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/missing-email': 'Please enter your email address.',
  'auth/missing-password': 'Please enter your password.',
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
  'auth/too-many-requests': 'Too many sign-in attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': "We couldn't reach Muse Studio. Check your connection and try again.",
};

export const SIGN_IN_FALLBACK_MESSAGE = 'Sign in failed. Please try again.';

export function describeAuthError(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return AUTH_ERROR_MESSAGES[code] ?? SIGN_IN_FALLBACK_MESSAGE;
}
