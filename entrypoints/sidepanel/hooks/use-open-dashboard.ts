import { browser } from '#imports';
import { handoffFragment } from '@core/extension-bridge';
import { callFunction } from '@core/firebase/call';
import { paths } from '@core/routes';
import type { Functions } from 'firebase/functions';
import { useCallback, useState } from 'react';

// One sign-in across the dashboard and the extension (docs/architecture.md, "One sign-in").

/**
 * Signed in: opens a dashboard path signed in as the panel's user. Makes a one-time code and opens the
 * dashboard's hand-off page with it in the fragment; if no code can be made, opens the path as it is
 * (the dashboard then asks to sign in).
 */
export function useOpenDashboard(
  functions: Functions,
  dashboardUrl: string,
): { pending: boolean; open(next?: string): void } {
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
