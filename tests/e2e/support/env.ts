import { fileURLToPath } from 'node:url';
import { DEMO_PROJECT_IDS, emulatorPortSets, testPortShift } from '../../../core/firebase/config';
import { providerIds, providers, type ProviderId } from '../../../core/providers';

const t = emulatorPortSets.test;

/** Where the e2e suite finds the stack. `npm test` sets these; defaults are the test stack's ports. */
export const e2eEnv = {
  dashboardUrl: process.env.DASHBOARD_URL ?? `http://127.0.0.1:${14173 + testPortShift}`,
  projectId: process.env.GCLOUD_PROJECT ?? DEMO_PROJECT_IDS.test,
  authHost: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${t.auth}`,
  firestoreHost: process.env.FIRESTORE_EMULATOR_HOST ?? `127.0.0.1:${t.firestore}`,
  storageHost: process.env.FIREBASE_STORAGE_EMULATOR_HOST ?? `127.0.0.1:${t.storage}`,
  functionsOrigin: process.env.FUNCTIONS_EMULATOR_ORIGIN ?? `http://127.0.0.1:${t.functions}`,
  /** The stack's schedule driver (scripts/stack/schedule-control.ts). */
  schedulerOrigin: process.env.MUSE_SCHEDULER_ORIGIN ?? `http://127.0.0.1:${14600 + testPortShift}`,
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  /** Where the stack prints the Auth emulator's emails as dashboard links (scripts/stack/auth-links.ts). */
  authLinksLog: process.env.AUTH_LINKS_LOG ?? fileURLToPath(new URL('../../../.local/logs/test-auth-links.log', import.meta.url)),
  /** A provider's sandbox server (the stack passes each base URL; the test stack's ports otherwise). */
  sandboxUrl: (id: ProviderId): string => process.env[providers[id].env] ?? `http://127.0.0.1:${18900 + testPortShift + providerIds.indexOf(id)}`,
};

export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
