import { createFirebaseClients, type FirebaseClients } from '@core/firebase/data-clients';
import { parseFirebaseEnv } from '@core/firebase/config';
import { DEFAULT_DASHBOARD_URL } from '@core/routes';
import { getAuth } from 'firebase/auth/web-extension';

export interface SidePanelServices {
  clients: FirebaseClients;
  dashboardUrl: string;
}

/**
 * Firebase for the side panel: the same project and emulators as the dashboard (VITE_* env read at
 * build time), with the web-extension build of Auth, which loads no remote scripts (MV3 forbids them).
 */
export function createSidePanelServices(env: Record<string, unknown>): SidePanelServices {
  const config = parseFirebaseEnv(env);
  return {
    clients: createFirebaseClients(config, getAuth),
    dashboardUrl: (config.dashboardUrl ?? DEFAULT_DASHBOARD_URL).replace(/\/+$/, ''),
  };
}
