import { browser } from '#imports';
import { handoffFragment } from '@core/extension-bridge';
import { pendingSignInStorage, type PendingSignIn } from '@core/extension-storage';
import { callFunction, readCallableError } from '@core/firebase/call';
import { paths } from '@core/routes';
import { SIGN_IN_CODE_TTL_MS } from '@core/sign-in-codes';
import { signInWithCustomToken, type Auth } from 'firebase/auth/web-extension';
import type { Functions } from 'firebase/functions';
import { useCallback, useEffect, useRef, useState } from 'react';

// One sign-in across the dashboard and the extension (docs/architecture.md, "One sign-in").

export type DashboardSignIn = { status: 'idle' } | { status: 'waiting' } | { status: 'signingIn' } | { status: 'error'; message: string };

/** Whether a code the dashboard handed over can still be redeemed (the server refuses it after a minute anyway). */
export function isFresh(pending: PendingSignIn | null, now: number): pending is PendingSignIn {
  return pending != null && now - pending.receivedAt < SIGN_IN_CODE_TTL_MS;
}

/**
 * Signed out: start() opens the dashboard's hand-off page; the signed-in dashboard gives the extension a
 * one-time code (through the content script and the background, into session storage), which this hook
 * redeems once for a custom token and signs in with.
 */
export function useSignInFromDashboard(auth: Auth, functions: Functions, dashboardUrl: string, now: () => number = Date.now): DashboardSignIn & { start(): void } {
  const [state, setState] = useState<DashboardSignIn>({ status: 'idle' });
  const redeeming = useRef(false);

  useEffect(() => {
    const redeem = async (pending: PendingSignIn | null) => {
      if (!pending || redeeming.current) return;
      redeeming.current = true;
      // Cleared before use: a code is spent once, whatever happens next.
      await pendingSignInStorage.removeValue();
      if (!isFresh(pending, now())) {
        redeeming.current = false;
        return;
      }
      setState({ status: 'signingIn' });
      try {
        const { token } = await callFunction(functions, 'redeemSignInCode', { code: pending.code });
        await signInWithCustomToken(auth, token);
      } catch (error) {
        setState({ status: 'error', message: readCallableError(error, "We couldn't sign you in with your dashboard account. Please try again.").message });
      } finally {
        redeeming.current = false;
      }
    };
    void pendingSignInStorage.getValue().then(redeem);
    return pendingSignInStorage.watch((value) => void redeem(value));
  }, [auth, functions, now]);

  const start = useCallback(() => {
    setState({ status: 'waiting' });
    void browser.tabs.create({ url: `${dashboardUrl}${paths.extensionSignIn}` });
  }, [dashboardUrl]);

  return { ...state, start };
}

/**
 * Signed in: opens a dashboard path signed in as the panel's user. Makes a one-time code and opens the
 * dashboard's hand-off page with it in the fragment; if no code can be made, opens the path as it is
 * (the dashboard then asks to sign in).
 */
export function useOpenDashboard(functions: Functions, dashboardUrl: string): { pending: boolean; open(next?: string): void } {
  const [pending, setPending] = useState(false);
  const open = useCallback(
    (next: string = paths.home) => {
      setPending(true);
      callFunction(functions, 'createSignInCode', {})
        .then(
          ({ code }) => `${dashboardUrl}${paths.extensionSignIn}${handoffFragment({ code, next })}`,
          () => `${dashboardUrl}${next}`,
        )
        .then((url) => browser.tabs.create({ url }))
        .finally(() => setPending(false));
    },
    [functions, dashboardUrl],
  );
  return { pending, open };
}
