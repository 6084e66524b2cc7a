import type { Auth } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ERROR_CODES } from '@core/auth-errors';
import { signInWithPassword } from './sign-in-with-password';

const firebase = vi.hoisted(() => ({
  signInWithEmailAndPassword: vi.fn(),
  sendEmailVerification: vi.fn(),
  signOut: vi.fn(),
}));
vi.mock('firebase/auth', () => firebase);

const auth = {} as Auth;
const input = {
  email: 'ada@example.com',
  password: 'pw-123456',
  continueUrl: 'http://app.test/auth',
};

beforeEach(() => {
  vi.resetAllMocks();
  firebase.signOut.mockResolvedValue(undefined);
  firebase.sendEmailVerification.mockResolvedValue(undefined);
});

describe('signInWithPassword', () => {
  it('keeps the session of a confirmed account', async () => {
    const user = { emailVerified: true };
    firebase.signInWithEmailAndPassword.mockResolvedValue({ user });
    await expect(signInWithPassword(auth, input)).resolves.toBe(user);
    expect(firebase.signOut).not.toHaveBeenCalled();
  });

  it('signs an unconfirmed account out again and re-sends the confirmation email', async () => {
    const user = { emailVerified: false };
    firebase.signInWithEmailAndPassword.mockResolvedValue({ user });
    await expect(signInWithPassword(auth, input)).rejects.toMatchObject({
      code: APP_ERROR_CODES.emailNotConfirmed,
    });
    expect(firebase.sendEmailVerification).toHaveBeenCalledWith(user, {
      url: 'http://app.test/auth',
    });
    expect(firebase.signOut).toHaveBeenCalledWith(auth);
  });

  it('still signs out and says so when the confirmation email cannot be re-sent', async () => {
    firebase.signInWithEmailAndPassword.mockResolvedValue({ user: { emailVerified: false } });
    firebase.sendEmailVerification.mockRejectedValue(
      Object.assign(new Error('x'), { code: 'auth/too-many-requests' }),
    );
    await expect(signInWithPassword(auth, input)).rejects.toMatchObject({
      code: APP_ERROR_CODES.emailNotConfirmedResendFailed,
    });
    expect(firebase.signOut).toHaveBeenCalledWith(auth);
  });

  it('passes backend failures through untouched', async () => {
    const error = Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), {
      code: 'auth/invalid-credential',
    });
    firebase.signInWithEmailAndPassword.mockRejectedValue(error);
    await expect(signInWithPassword(auth, input)).rejects.toBe(error);
  });
});
