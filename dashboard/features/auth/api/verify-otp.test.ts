import type { Auth } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ERROR_CODES } from '@core/auth-errors';
import { verifyOtp } from './verify-otp';

const firebase = vi.hoisted(() => ({
  ActionCodeOperation: {
    EMAIL_SIGNIN: 'EMAIL_SIGNIN',
    PASSWORD_RESET: 'PASSWORD_RESET',
    RECOVER_EMAIL: 'RECOVER_EMAIL',
    REVERT_SECOND_FACTOR_ADDITION: 'REVERT_SECOND_FACTOR_ADDITION',
    VERIFY_AND_CHANGE_EMAIL: 'VERIFY_AND_CHANGE_EMAIL',
    VERIFY_EMAIL: 'VERIFY_EMAIL',
  },
  applyActionCode: vi.fn(),
  checkActionCode: vi.fn(),
  isSignInWithEmailLink: vi.fn(),
  sendSignInLinkToEmail: vi.fn(),
  signInWithEmailLink: vi.fn(),
}));
vi.mock('firebase/auth', () => firebase);

const auth = { app: { options: { apiKey: 'demo-key' } } } as unknown as Auth;
const input = {
  email: ' Ada@Example.com ',
  token: ' code-1 ',
  continueUrl: 'http://app.test/auth',
};
const codeFor = (operation: string, email = 'ada@example.com') =>
  firebase.checkActionCode.mockResolvedValue({ operation, data: { email } });

beforeEach(() => {
  vi.resetAllMocks();
  firebase.applyActionCode.mockResolvedValue(undefined);
  firebase.signInWithEmailLink.mockResolvedValue({});
});

describe('verifyOtp', () => {
  it('refuses a code sent to another address and spends nothing', async () => {
    codeFor('VERIFY_EMAIL', 'someone@else.com');
    await expect(verifyOtp(auth, input)).rejects.toMatchObject({
      code: APP_ERROR_CODES.codeForOtherEmail,
    });
    expect(firebase.applyActionCode).not.toHaveBeenCalled();
  });

  it('confirms an email address with a verification code', async () => {
    codeFor('VERIFY_EMAIL');
    await expect(verifyOtp(auth, input)).resolves.toEqual({ kind: 'email_confirmed' });
    expect(firebase.checkActionCode).toHaveBeenCalledWith(auth, 'code-1');
    expect(firebase.applyActionCode).toHaveBeenCalledWith(auth, 'code-1');
  });

  it('hands a reset code to update_password without spending it', async () => {
    codeFor('PASSWORD_RESET');
    await expect(verifyOtp(auth, input)).resolves.toEqual({
      kind: 'password_reset',
      code: 'code-1',
      email: 'ada@example.com',
    });
    expect(firebase.applyActionCode).not.toHaveBeenCalled();
  });

  it('signs in with a magic-link code', async () => {
    codeFor('EMAIL_SIGNIN');
    await expect(verifyOtp(auth, input)).resolves.toEqual({ kind: 'signed_in' });
    expect(firebase.signInWithEmailLink).toHaveBeenCalledWith(
      auth,
      'Ada@Example.com',
      'http://app.test/auth?mode=signIn&oobCode=code-1&apiKey=demo-key',
    );
  });
});
