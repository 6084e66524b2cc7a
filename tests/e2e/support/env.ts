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
  authLinksLog:
    process.env.AUTH_LINKS_LOG ??
    fileURLToPath(new URL('../../../.local/logs/test-auth-links.log', import.meta.url)),
  /** A provider's sandbox server (the stack passes each base URL; the test stack's ports otherwise). */
  sandboxUrl: (id: ProviderId): string =>
    process.env[providers[id].env] ??
    `http://127.0.0.1:${18900 + testPortShift + providerIds.indexOf(id)}`,
};

const step = Number(process.env.E2E_WAIT_MS ?? 20_000);
/**
 * The one knob for every wait of the e2e suite: E2E_WAIT_MS (20 s unless set) is how long a plain step
 * may take (expect's default timeout); the longer waits and the tests' own budgets are multiples of it, so
 * a busier machine raises them all at once. Every wait is on a condition, never a sleep: a quiet machine
 * goes as fast as the app does.
 */
export const waits = {
  /** A page, a dialog, a stored write: expect's default. */
  step,
  /** A callable that calls a provider, a publish through the sandbox, a function's first (cold) call. */
  call: step * 2,
  /** A generation or upload job run to its end. */
  job: step * 4,
  /** An OAuth round trip through a consent page, a long video job. */
  long: step * 6,
  /** A render in the browser followed to its end. */
  render: step * 8,
  /** A test's own budget (the config's timeout); tests that run several jobs take a multiple. */
  test: step * 6,
} as const;

/**
 * Chromium's flags for every suite that runs it (e2e, hosting, media). Its pages load only 127.0.0.1: any
 * other origin goes to a proxy on loopback that forwards nothing (npm test's records the attempt and fails
 * the run, scripts/stack/offline.ts; without npm test, the closed port 9 refuses it). Chromium bypasses a
 * proxy for localhost, 127.0.0.1 and [::1] itself, and resolves no names when it has one.
 */
export const chromiumArgs = [
  `--proxy-server=http://${process.env.MUSE_EGRESS_PROXY ?? '127.0.0.1:9'}`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
