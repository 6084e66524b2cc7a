import type { Auth } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signUp } from './sign-up';

const firebase = vi.hoisted(() => ({
  createUserWithEmailAndPassword: vi.fn(),
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
});

describe('signUp', () => {
  it('sends the confirmation email back to /auth and leaves nobody signed in', async () => {
    const user = { emailVerified: false };
    firebase.createUserWithEmailAndPassword.mockResolvedValue({ user });
    firebase.sendEmailVerification.mockResolvedValue(undefined);
    await signUp(auth, input);
    expect(firebase.createUserWithEmailAndPassword).toHaveBeenCalledWith(
      auth,
      'ada@example.com',
      'pw-123456',
    );
    expect(firebase.sendEmailVerification).toHaveBeenCalledWith(user, {
      url: 'http://app.test/auth',
    });
    expect(firebase.signOut).toHaveBeenCalledWith(auth);
  });

  it('signs out even when the email fails to send', async () => {
    firebase.createUserWithEmailAndPassword.mockResolvedValue({ user: {} });
    firebase.sendEmailVerification.mockRejectedValue(new Error('quota'));
    await expect(signUp(auth, input)).rejects.toThrow('quota');
    expect(firebase.signOut).toHaveBeenCalledWith(auth);
  });
});
