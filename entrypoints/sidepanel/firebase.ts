import { createFirebaseApp, type FirebaseAppClients } from '@core/firebase/clients';
import type { FirebaseClients } from '@core/firebase/data-clients';
import type { FirebaseClientConfig } from '@core/firebase/config';
import { DEFAULT_DASHBOARD_URL } from '@core/routes';
import { getAuth } from 'firebase/auth/web-extension';

/** Everything a signed-in panel uses: every Firebase client and the dashboard's address. */
export interface SidePanelServices {
  clients: FirebaseClients;
  dashboardUrl: string;
}

/**
 * What the panel starts with: the app and Auth, enough for the signed-out first screen. Firestore,
 * Storage and Functions are most of the panel's JavaScript, so they load on first use (signed in, or a
 * dashboard sign-in code to redeem): `npx tsx scripts/bench.ts sidepanel` measures what the panel loads at open.
 */
export interface SidePanelStart {
  base: FirebaseAppClients;
  dashboardUrl: string;
  /** Loads the data clients once; later calls return the same services. */
  loadServices(): Promise<SidePanelServices>;
}

// Checked by parseFirebaseEnv when WXT loads wxt.config.ts (the same VITE_* env as import.meta.env) and inlined.
declare const __MUSE_FIREBASE_CONFIG__: FirebaseClientConfig;

/** The panel's build-time Firebase configuration. */
export function panelFirebaseConfig(): FirebaseClientConfig {
  return __MUSE_FIREBASE_CONFIG__;
}

/**
 * Firebase for the side panel: the same project and emulators as the dashboard, with the web-extension
 * build of Auth, which loads no remote scripts (MV3 forbids them).
 */
export function createSidePanelStart(config: FirebaseClientConfig): SidePanelStart {
  const base = createFirebaseApp(config, getAuth);
  const dashboardUrl = (config.dashboardUrl ?? DEFAULT_DASHBOARD_URL).replace(/\/+$/, '');
  let loading: Promise<SidePanelServices> | null = null;
  const loadServices = () => {
    loading ??= import('@core/firebase/data-clients').then(({ addDataClients }) => ({
      clients: addDataClients(base),
      dashboardUrl,
    }));
    // A failed load (e.g. the extension was updated under an open panel) may be retried.
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  return { base, dashboardUrl, loadServices };
}
