import { z } from 'zod';

/**
 * MUSE_TEST_PORT_SHIFT (Node only, a multiple of 1000 up to 7000) moves every port of the test stack, so
 * several checkouts of the repository (git worktrees) can run `npm test` side by side.
 */
export const testPortShift: number = (() => {
  const raw = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env?.MUSE_TEST_PORT_SHIFT;
  const shift = raw ? Number(raw) : 0;
  return Number.isInteger(shift / 1000) && shift >= 0 && shift <= 7000 ? shift : 0;
})();

const shifted = <T extends Record<string, number>>(ports: T): T =>
  Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, v + testPortShift])) as T;

/** Local emulator ports. Dev (`npm start`) and test stacks use different sets so both can run at once. */
export const emulatorPortSets = {
  dev: { auth: 9099, firestore: 8080, functions: 5001, storage: 9199, hub: 4400, logging: 4500 },
  test: shifted({
    auth: 19099,
    firestore: 18080,
    functions: 15001,
    storage: 19199,
    hub: 14400,
    logging: 14500,
  }),
} as const;
export type EmulatorPorts = { auth: number; firestore: number; functions: number; storage: number };

export const DEMO_PROJECT_IDS = { dev: 'demo-muse-studio', test: 'demo-muse-test' } as const;
export const FUNCTIONS_REGION = 'us-central1';

const emulatorsSchema = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'must be JSON like {"host":"127.0.0.1","auth":9099,...}',
      });
      return z.NEVER;
    }
  })
  .pipe(
    z.object({
      host: z.string().default('127.0.0.1'),
      auth: z.number().int(),
      firestore: z.number().int(),
      functions: z.number().int(),
      storage: z.number().int(),
    }),
  );

/**
 * The public web config, read once from build-time env (VITE_* in the dashboard, same names in the
 * extension). With VITE_FIREBASE_EMULATORS set, clients talk to the local emulators and a demo-*
 * project, so nothing can reach a real project.
 */
export const firebaseEnvSchema = z
  .object({
    VITE_FIREBASE_PROJECT_ID: z.string().min(1).default(DEMO_PROJECT_IDS.dev),
    VITE_FIREBASE_API_KEY: z.string().min(1).default('demo-api-key'),
    VITE_FIREBASE_AUTH_DOMAIN: z.string().optional(),
    VITE_FIREBASE_STORAGE_BUCKET: z.string().optional(),
    VITE_FIREBASE_APP_ID: z.string().optional(),
    VITE_FIREBASE_EMULATORS: z.preprocess(
      (v) => (v === '' ? undefined : v),
      emulatorsSchema.optional(),
    ),
    VITE_DASHBOARD_URL: z.string().url().optional(),
  })
  .transform((env) => ({
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    apiKey: env.VITE_FIREBASE_API_KEY,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? `${env.VITE_FIREBASE_PROJECT_ID}.firebaseapp.com`,
    storageBucket:
      env.VITE_FIREBASE_STORAGE_BUCKET ?? `${env.VITE_FIREBASE_PROJECT_ID}.appspot.com`,
    appId: env.VITE_FIREBASE_APP_ID,
    emulators: env.VITE_FIREBASE_EMULATORS,
    dashboardUrl: env.VITE_DASHBOARD_URL,
  }))
  .refine((c) => !c.emulators || c.projectId.startsWith('demo-'), {
    message: 'Emulators must be used with a demo- project id',
  });
export type FirebaseClientConfig = z.output<typeof firebaseEnvSchema>;

export function parseFirebaseEnv(env: Record<string, unknown>): FirebaseClientConfig {
  const result = firebaseEnvSchema.safeParse(env);
  if (!result.success) {
    throw new Error(`Invalid Firebase configuration: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}
