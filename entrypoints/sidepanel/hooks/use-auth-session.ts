import { onAuthStateChanged, signInWithEmailAndPassword, signOut, type Auth, type User } from 'firebase/auth/web-extension';
import { useCallback, useEffect, useState } from 'react';
import { authErrorMessage } from '@core/auth-errors';

export type AuthSession = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: User };

/** Loading until Auth has read its persisted session, then signed in or out; follows every change. */
export function useAuthSession(auth: Auth): AuthSession {
  const [session, setSession] = useState<AuthSession>({ status: 'loading' });
  useEffect(() => onAuthStateChanged(auth, (user) => setSession(user ? { status: 'signedIn', user } : { status: 'signedOut' })), [auth]);
  return session;
}

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
        await signInWithEmailAndPassword(auth, email.trim(), password);
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
