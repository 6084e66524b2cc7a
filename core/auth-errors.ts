// Turns Firebase Auth failures into sentences a person understands, for the dashboard's sign-in screen
// and the side panel alike (one catalogue). Unknown codes fall back to the backend's own message.

/** Our own failure codes, for outcomes Firebase reports as success. */
export const APP_ERROR_CODES = {
  emailNotConfirmed: 'app/email-not-confirmed',
  emailNotConfirmedResendFailed: 'app/email-not-confirmed-resend-failed',
  codeForOtherEmail: 'app/code-for-other-email',
  missingResetCode: 'app/missing-reset-code',
} as const;

export class AuthFlowError extends Error {
  constructor(
    readonly code: (typeof APP_ERROR_CODES)[keyof typeof APP_ERROR_CODES],
    message = code,
  ) {
    super(message);
    this.name = 'AuthFlowError';
  }
}

const FALLBACK = 'Something went wrong. Please try again.';

const messages: Record<string, string | ((reason: string | null) => string)> = {
  'auth/invalid-credential': 'The email or password is incorrect.',
  'auth/invalid-login-credentials': 'The email or password is incorrect.',
  'auth/wrong-password': 'The email or password is incorrect.',
  'auth/user-not-found': 'No account uses this email address. Check it, or sign up.',
  'auth/email-already-in-use':
    'An account with this email address already exists. Sign in, or reset your password.',
  'auth/weak-password': (reason) =>
    reason
      ? `That password is too weak: ${lowerFirst(reason)}.`
      : 'That password is too weak. Use at least 6 characters.',
  'auth/password-does-not-meet-requirements': (reason) =>
    reason
      ? `That password does not meet the requirements: ${lowerFirst(reason)}.`
      : 'That password does not meet the requirements.',
  'auth/invalid-email': 'That email address is not valid.',
  'auth/missing-email': 'Enter your email address.',
  'auth/missing-password': 'Enter your password.',
  'auth/user-disabled':
    'This account has been disabled. Contact support if you think this is a mistake.',
  'auth/too-many-requests':
    'Too many attempts. Wait a few minutes and try again, or reset your password.',
  'auth/quota-exceeded': 'Too many emails have been sent. Wait a few minutes and try again.',
  'auth/network-request-failed':
    'We could not reach the sign-in service. Check your connection and try again.',
  'auth/expired-action-code': 'This link has expired. Request a new one.',
  'auth/invalid-action-code':
    'This link or code is invalid or has already been used. Request a new one.',
  'auth/operation-not-allowed': 'This way of signing in is not enabled.',
  'auth/unauthorized-continue-uri':
    'This site is not allowed to send account emails. Contact support.',
  'auth/invalid-continue-uri': 'This site is not allowed to send account emails. Contact support.',
  'auth/missing-continue-uri': 'This site is not allowed to send account emails. Contact support.',
  'auth/user-token-expired': 'Your session has expired. Sign in again.',
  [APP_ERROR_CODES.emailNotConfirmed]:
    'Please confirm your email address before signing in. We have sent you a new confirmation link.',
  [APP_ERROR_CODES.emailNotConfirmedResendFailed]:
    'Please confirm your email address before signing in. Use the link in the confirmation email we sent you.',
  [APP_ERROR_CODES.codeForOtherEmail]: 'This code was sent to a different email address.',
  [APP_ERROR_CODES.missingResetCode]:
    'Open the link from your password reset email again, or request a new one.',
};

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** "Firebase: Password should be at least 6 characters (auth/weak-password)." -> "Password should be at least 6 characters" */
export function backendText(message: string): string | null {
  const text = message
    .replace(/^Firebase:\s*/i, '')
    .replace(/\s*\((auth|app)\/[\w-]+\)\.?\s*$/, '')
    .replace(/^Error\s*$/i, '')
    .trim()
    .replace(/\.$/, '');
  if (!text || /^(auth|app)\/[\w-]+$/.test(text)) return null;
  // Firebase's "Missing password requirements: [a, b]" lists reasons in brackets.
  return text.replace(/^Missing password requirements:\s*\[(.*)\]$/, '$1');
}

function codeOf(error: unknown): string | null {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string')
    return error.code;
  return null;
}

function messageOf(error: unknown): string | null {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message;
  return null;
}

export function authErrorMessage(error: unknown): string {
  const code = codeOf(error);
  const raw = messageOf(error);
  const reason = raw ? backendText(raw) : null;
  const known = code ? messages[code] : undefined;
  if (typeof known === 'function') return known(reason);
  if (known) return known;
  if (!reason) return FALLBACK;
  return /[.!?]$/.test(reason) ? reason : `${reason}.`;
}
