import { describe, expect, it } from 'vitest';
import { APP_ERROR_CODES, AuthFlowError, authErrorMessage, backendText } from './auth-errors';

// Shaped like FirebaseError: a code plus "Firebase: <text> (<code>)." as the message.
const firebaseError = (code: string, text = 'Error') =>
  Object.assign(new Error(`Firebase: ${text} (${code}).`), { code, name: 'FirebaseError' });

describe('authErrorMessage', () => {
  it.each([
    ['auth/invalid-credential', 'The email or password is incorrect.'],
    ['auth/invalid-login-credentials', 'The email or password is incorrect.'],
    ['auth/wrong-password', 'The email or password is incorrect.'],
    ['auth/user-not-found', 'No account uses this email address. Check it, or sign up.'],
    [
      'auth/email-already-in-use',
      'An account with this email address already exists. Sign in, or reset your password.',
    ],
    ['auth/invalid-email', 'That email address is not valid.'],
    ['auth/missing-password', 'Enter your password.'],
    [
      'auth/user-disabled',
      'This account has been disabled. Contact support if you think this is a mistake.',
    ],
    [
      'auth/too-many-requests',
      'Too many attempts. Wait a few minutes and try again, or reset your password.',
    ],
    [
      'auth/network-request-failed',
      'We could not reach the sign-in service. Check your connection and try again.',
    ],
    ['auth/expired-action-code', 'This link has expired. Request a new one.'],
    [
      'auth/invalid-action-code',
      'This link or code is invalid or has already been used. Request a new one.',
    ],
    ['auth/weak-password', 'That password is too weak. Use at least 6 characters.'],
  ])('explains %s', (code, text) => {
    expect(authErrorMessage(firebaseError(code))).toBe(text);
  });

  it('gives the reason for a weak password', () => {
    expect(
      authErrorMessage(
        firebaseError('auth/weak-password', 'Password should be at least 6 characters'),
      ),
    ).toBe('That password is too weak: password should be at least 6 characters.');
  });

  it('lists unmet password-policy requirements', () => {
    const error = firebaseError(
      'auth/password-does-not-meet-requirements',
      'Missing password requirements: [Password must contain a numeric character]',
    );
    expect(authErrorMessage(error)).toBe(
      'That password does not meet the requirements: password must contain a numeric character.',
    );
  });

  it.each([
    [
      APP_ERROR_CODES.emailNotConfirmed,
      'Please confirm your email address before signing in. We have sent you a new confirmation link.',
    ],
    [
      APP_ERROR_CODES.emailNotConfirmedResendFailed,
      'Please confirm your email address before signing in. Use the link in the confirmation email we sent you.',
    ],
    [APP_ERROR_CODES.codeForOtherEmail, 'This code was sent to a different email address.'],
  ])('explains our own %s', (code, text) => {
    expect(authErrorMessage(new AuthFlowError(code))).toBe(text);
  });

  it.each([
    [
      firebaseError('auth/captcha-check-failed', 'The reCAPTCHA response is invalid'),
      'The reCAPTCHA response is invalid.',
    ],
    [firebaseError('auth/internal-error'), 'Something went wrong. Please try again.'],
    [new Error('Socket closed!'), 'Socket closed!'],
    ['plain text', 'plain text.'],
    [null, 'Something went wrong. Please try again.'],
    [{ code: 'auth/unknown' }, 'Something went wrong. Please try again.'],
  ])('falls back to the backend message for %o', (error, text) => {
    expect(authErrorMessage(error)).toBe(text);
  });
});

describe('backendText', () => {
  it.each([
    [
      'Firebase: Password should be at least 6 characters (auth/weak-password).',
      'Password should be at least 6 characters',
    ],
    ['Firebase: Error (auth/internal-error).', null],
    ['auth/some-code', null],
    ['Plain message.', 'Plain message'],
  ])('reads %j', (message, text) => {
    expect(backendText(message)).toBe(text);
  });
});
