import {
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth/web-extension';
import { useCallback, useEffect, useState } from 'react';
import { APP_ERROR_CODES, AuthFlowError, authErrorMessage } from '@core/auth-errors';
import { followSignedInAccount } from '@core/react/query-client';

export type AuthSession =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: User };

/**
 * Loading until Auth has read its persisted session, then signed in or out; follows every change. An account
 * whose email is not confirmed counts as signed out: the functions and rules refuse its writes and jobs.
 */
export function useAuthSession(auth: Auth): AuthSession {
  const [session, setSession] = useState<AuthSession>({ status: 'loading' });
  useEffect(() => {
    // Answers kept from the callables are the account's: a different account starts with none.
    const follow = followSignedInAccount();
    return onAuthStateChanged(auth, (user) => {
      follow(user?.uid ?? null);
      setSession(user?.emailVerified ? { status: 'signedIn', user } : { status: 'signedOut' });
    });
  }, [auth]);
  return session;
}

/** What the side panel tells an account whose email is not confirmed yet. */
export const UNVERIFIED_EMAIL_MESSAGE = authErrorMessage(
  new AuthFlowError(APP_ERROR_CODES.emailNotConfirmedResendFailed),
);

export interface SignInState {
  pending: boolean;
  error: string | null;
  signIn(email: string, password: string): Promise<void>;
}

export function useSignIn(auth: Auth): SignInState {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signIn = useCallback(
    async (email: string, password: string) => {
      setPending(true);
      setError(null);
      try {
        const { user } = await signInWithEmailAndPassword(auth, email.trim(), password);
        if (!user.emailVerified) {
          // No session for an unconfirmed account: the confirmation link is the way in.
          await signOut(auth);
          setError(UNVERIFIED_EMAIL_MESSAGE);
        }
      } catch (err) {
        setError(authErrorMessage(err));
      } finally {
        setPending(false);
      }
    },
    [auth],
  );
  return { pending, error, signIn };
}

export interface SignOutState {
  pending: boolean;
  error: string | null;
  signOut(): Promise<void>;
}

export function useSignOut(auth: Auth): SignOutState {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async () => {
    setPending(true);
    setError(null);
    try {
      await signOut(auth);
    } catch {
      setError('There was a problem logging out. Please try again.');
      setPending(false);
    }
  }, [auth]);
  return { pending, error, signOut: run };
}
