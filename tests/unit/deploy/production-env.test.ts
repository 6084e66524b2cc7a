import { describe, expect, it } from 'vitest';
import { parseBuildEnv, productionEnvProblems } from '../../../core/firebase/config';
import { SAMPLE_PRODUCTION_ENV } from '../../../scripts/deploy-check/sample-env';

// A production build for a real project refuses an env that would build in the local defaults
// (demo-muse-studio, its .appspot.com bucket, the 127.0.0.1 dashboard) or a demo- project id; development
// mode and the test stack's emulator builds keep working (core/firebase/config.ts parseBuildEnv, used by
// dashboard/vite.config.ts and wxt.config.ts).

const emulators = JSON.stringify({
  host: '127.0.0.1',
  auth: 1,
  firestore: 2,
  functions: 3,
  storage: 4,
});
const without = (key: string) =>
  Object.fromEntries(Object.entries(SAMPLE_PRODUCTION_ENV).filter(([k]) => k !== key));

describe.each(['dashboard', 'extension'] as const)('a production build of the %s', (target) => {
  it('builds with every value of a real project', () => {
    expect(
      parseBuildEnv({ ...SAMPLE_PRODUCTION_ENV }, { mode: 'production', target }),
    ).toMatchObject({
      projectId: SAMPLE_PRODUCTION_ENV.VITE_FIREBASE_PROJECT_ID,
      storageBucket: SAMPLE_PRODUCTION_ENV.VITE_FIREBASE_STORAGE_BUCKET,
    });
  });

  it.each([
    'VITE_FIREBASE_PROJECT_ID',
    'VITE_FIREBASE_API_KEY',
    'VITE_FIREBASE_AUTH_DOMAIN',
    'VITE_FIREBASE_STORAGE_BUCKET',
    'VITE_FIREBASE_APP_ID',
  ])('refuses to build without %s', (key) => {
    expect(() => parseBuildEnv(without(key), { mode: 'production', target })).toThrow(
      `${key} is not set`,
    );
  });

  it('refuses a demo- project id', () => {
    const env = { ...SAMPLE_PRODUCTION_ENV, VITE_FIREBASE_PROJECT_ID: 'demo-muse-studio' };
    expect(() => parseBuildEnv(env, { mode: 'production', target })).toThrow(
      /demo-muse-studio: a demo- project exists only in the emulators/,
    );
  });

  it('refuses an empty env (the local defaults)', () => {
    expect(productionEnvProblems({}, target).length).toBeGreaterThanOrEqual(5);
    expect(() => parseBuildEnv({}, { mode: 'production', target })).toThrow(/production build/);
  });

  it('keeps development mode and emulator builds on the local defaults', () => {
    expect(parseBuildEnv({}, { mode: 'development', target }).projectId).toBe('demo-muse-studio');
    expect(
      parseBuildEnv(
        { VITE_FIREBASE_PROJECT_ID: 'demo-muse-test', VITE_FIREBASE_EMULATORS: emulators },
        { mode: 'production', target },
      ).projectId,
    ).toBe('demo-muse-test');
  });
});

describe("the extension's production build", () => {
  it('refuses to build without the dashboard address it opens', () => {
    expect(() =>
      parseBuildEnv(without('VITE_DASHBOARD_URL'), { mode: 'production', target: 'extension' }),
    ).toThrow('VITE_DASHBOARD_URL is not set');
    expect(productionEnvProblems(without('VITE_DASHBOARD_URL'), 'dashboard')).toEqual([]);
  });

  it('refuses a local dashboard address', () => {
    const env = { ...SAMPLE_PRODUCTION_ENV, VITE_DASHBOARD_URL: 'http://127.0.0.1:5173' };
    expect(productionEnvProblems(env, 'extension')).toEqual([
      'VITE_DASHBOARD_URL must be the https address of the deployed dashboard',
    ]);
  });
});
