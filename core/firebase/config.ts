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

/** What each production build needs from its env: the dashboard the web config, the extension also the dashboard's address. */
export const PRODUCTION_ENV_KEYS = {
  dashboard: [
    'VITE_FIREBASE_PROJECT_ID',
    'VITE_FIREBASE_API_KEY',
    'VITE_FIREBASE_AUTH_DOMAIN',
    'VITE_FIREBASE_STORAGE_BUCKET',
    'VITE_FIREBASE_APP_ID',
  ],
  extension: [
    'VITE_FIREBASE_PROJECT_ID',
    'VITE_FIREBASE_API_KEY',
    'VITE_FIREBASE_AUTH_DOMAIN',
    'VITE_FIREBASE_STORAGE_BUCKET',
    'VITE_FIREBASE_APP_ID',
    'VITE_DASHBOARD_URL',
  ],
} as const;
export type BuildTarget = keyof typeof PRODUCTION_ENV_KEYS;

/**
 * Why a production build for a real project cannot use this env: a missing value (the schema's fallbacks,
 * demo-muse-studio and its .appspot.com bucket, or the extension's 127.0.0.1 dashboard, would be built in),
 * a demo- project id (which only the emulators serve), or a dashboard address that is not https.
 */
export function productionEnvProblems(
  env: Readonly<Record<string, unknown>>,
  target: BuildTarget,
): string[] {
  const value = (key: string) => {
    const raw = env[key];
    return typeof raw === 'string' ? raw.trim() : '';
  };
  const problems = PRODUCTION_ENV_KEYS[target]
    .filter((key) => !value(key))
    .map((key) => `${key} is not set`);
  const projectId = value('VITE_FIREBASE_PROJECT_ID');
  if (projectId.startsWith('demo-'))
    problems.push(
      `VITE_FIREBASE_PROJECT_ID is ${projectId}: a demo- project exists only in the emulators`,
    );
  if (value('VITE_FIREBASE_API_KEY').startsWith('demo-'))
    problems.push('VITE_FIREBASE_API_KEY is a demo key');
  const dashboardUrl = value('VITE_DASHBOARD_URL');
  if (target === 'extension' && dashboardUrl && !/^https:\/\/[^/]/.test(dashboardUrl))
    problems.push('VITE_DASHBOARD_URL must be the https address of the deployed dashboard');
  return problems;
}

/**
 * The config a build inlines (dashboard/vite.config.ts, wxt.config.ts). A production build with no
 * VITE_FIREBASE_EMULATORS is a build for a real project: it refuses an incomplete env or a demo- id. An
 * emulator build (the test stack's, a demo- project by the schema's rule) and development mode (`npm start`,
 * .env.development) keep the local defaults.
 */
export function parseBuildEnv(
  env: Record<string, unknown>,
  { mode, target }: { mode: string; target: BuildTarget },
): FirebaseClientConfig {
  const config = parseFirebaseEnv(env);
  if (mode !== 'production' || config.emulators) return config;
  const problems = productionEnvProblems(env, target);
  if (problems.length)
    throw new Error(
      `A production build of the ${target} needs the real project's values (README, "Deploying to a real Firebase project"):\n- ${problems.join('\n- ')}`,
    );
  return config;
}
