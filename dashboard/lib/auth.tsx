import {
  onAuthStateChanged,
  onIdTokenChanged,
  signOut as firebaseSignOut,
  type User,
} from 'firebase/auth';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { followSignedInAccount } from '@core/react/query-client';
import { getFirebaseApp } from './firebase-app';

export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY';

export interface AuthState {
  /** The signed-in user, or null. Undefined never leaks out: `loading` covers the unknown state. */
  user: User | null;
  /** True until the first auth-state answer arrives. */
  loading: boolean;
  lastEvent: AuthEvent | null;
}

interface AuthContextValue extends AuthState {
  signOut: () => Promise<void>;
  /** Lets the auth screens announce events Firebase has no listener for (password recovery, user updated). */
  announce: (event: Extract<AuthEvent, 'USER_UPDATED' | 'PASSWORD_RECOVERY'>) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ user: null, loading: true, lastEvent: null });

  useEffect(() => {
    const { auth } = getFirebaseApp();
    let first = true;
    const follow = followSignedInAccount();
    const offState = onAuthStateChanged(auth, (user) => {
      follow(user?.uid ?? null);
      const event: AuthEvent = first ? 'INITIAL_SESSION' : user ? 'SIGNED_IN' : 'SIGNED_OUT';
      first = false;
      setState({ user, loading: false, lastEvent: event });
    });
    let sawToken = false;
    const offToken = onIdTokenChanged(auth, (user) => {
      // The first callback mirrors the initial state; later ones for the same user are refreshes.
      if (sawToken && user)
        setState((s) =>
          s.user?.uid === user.uid ? { ...s, user, lastEvent: 'TOKEN_REFRESHED' } : s,
        );
      sawToken = true;
    });
    return () => {
      offState();
      offToken();
    };
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signOut: () => firebaseSignOut(getFirebaseApp().auth),
      announce: (event) => setState((s) => ({ ...s, lastEvent: event })),
    }),
    [state],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
