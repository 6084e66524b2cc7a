import { browser } from '#imports';
import { pendingSignInStorage, type PendingSignIn } from '@core/extension-storage';
import { paths } from '@core/routes';
import { SIGN_IN_CODE_TTL_MS } from '@core/extension-bridge';
import { signInWithCustomToken, type Auth } from 'firebase/auth/web-extension';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SidePanelServices } from '../firebase';

// One sign-in across the dashboard and the extension (docs/architecture.md, "One sign-in").

export type DashboardSignIn =
  | { status: 'idle' }
  | { status: 'waiting' }
  | { status: 'signingIn' }
  | { status: 'error'; message: string };

/** Whether a code the dashboard handed over can still be redeemed (the server refuses it after a minute anyway). */
export function isFresh(pending: PendingSignIn | null, now: number): pending is PendingSignIn {
  return pending != null && now - pending.receivedAt < SIGN_IN_CODE_TTL_MS;
}

/**
 * Signed out: start() opens the dashboard's hand-off page; the signed-in dashboard gives the extension a
 * one-time code (through the content script and the background, into session storage), which this hook
 * redeems once for a custom token and signs in with. Functions load only when there is a code to redeem.
 */
export function useSignInFromDashboard(
  auth: Auth,
  loadServices: () => Promise<SidePanelServices>,
  dashboardUrl: string,
  now: () => number = Date.now,
): DashboardSignIn & { start(): void } {
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
      const failed = "We couldn't sign you in with your dashboard account. Please try again.";
      try {
        const [{ callFunction, readCallableError }, { clients }] = await Promise.all([
          import('@core/firebase/call'),
          loadServices(),
        ]);
        try {
          const { token } = await callFunction(clients.functions, 'redeemSignInCode', {
            code: pending.code,
          });
          await signInWithCustomToken(auth, token);
        } catch (error) {
          setState({ status: 'error', message: readCallableError(error, failed).message });
        }
      } catch {
        setState({ status: 'error', message: failed });
      } finally {
        redeeming.current = false;
      }
    };
    void pendingSignInStorage.getValue().then(redeem);
    return pendingSignInStorage.watch((value) => void redeem(value));
  }, [auth, loadServices, now]);

  const start = useCallback(() => {
    setState({ status: 'waiting' });
    void browser.tabs.create({ url: `${dashboardUrl}${paths.extensionSignIn}` });
  }, [dashboardUrl]);

  return { ...state, start };
}
