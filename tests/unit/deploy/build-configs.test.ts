import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigEnv, UserConfig } from 'vite';
import dashboardConfig from '../../../dashboard/vite.config';
import wxtConfig from '../../../wxt.config';
import { SAMPLE_PRODUCTION_ENV } from '../../../scripts/deploy-check/sample-env';

// The build configs themselves refuse: what `npm run build:dashboard` and `wxt build [-b firefox]`
// evaluate, in production mode, with the env Vite reads (the shell's VITE_* values and the .env files).

const keys = Object.keys(SAMPLE_PRODUCTION_ENV);
const shell = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
afterEach(() => {
  for (const key of keys)
    if (shell[key] === undefined) delete process.env[key];
    else process.env[key] = shell[key];
});
const setEnv = (env: Record<string, string>) => {
  for (const key of keys) delete process.env[key];
  Object.assign(process.env, env);
};

const dashboard = (mode: string) =>
  (dashboardConfig as (env: ConfigEnv) => UserConfig)({ mode, command: 'build' });
const extension = (mode: string, browser: string) => {
  const config = wxtConfig as unknown as {
    vite: (env: ConfigEnv) => UserConfig;
    manifest: (env: { browser: string; manifestVersion: number; mode: string }) => unknown;
    hooks: { 'build:before': (wxt: { config: { mode: string; browser: string } }) => void };
  };
  config.vite({ mode, command: 'build' });
  config.manifest({ browser, manifestVersion: browser === 'firefox' ? 2 : 3, mode });
  // What `wxt build` and `wxt zip` run before writing anything (`wxt prepare` runs only the two above).
  config.hooks['build:before']({ config: { mode, browser } });
};
/** What `wxt prepare` evaluates: types only, always in production mode, with whatever env the machine has. */
const prepare = (browser: string) => {
  const config = wxtConfig as unknown as {
    vite: (env: ConfigEnv) => UserConfig;
    manifest: (env: { browser: string; manifestVersion: number; mode: string }) => unknown;
  };
  config.vite({ mode: 'production', command: 'build' });
  return config.manifest({
    browser,
    manifestVersion: browser === 'firefox' ? 2 : 3,
    mode: 'production',
  });
};

describe('the production build configs', () => {
  it('refuse the dashboard with a demo- project id', () => {
    setEnv({ ...SAMPLE_PRODUCTION_ENV, VITE_FIREBASE_PROJECT_ID: 'demo-muse-studio' });
    expect(() => dashboard('production')).toThrow(/demo- project/);
  });

  it('refuse the dashboard without its env', () => {
    setEnv({});
    expect(() => dashboard('production')).toThrow(/VITE_FIREBASE_API_KEY is not set/);
  });

  it.each(['chrome', 'firefox'])(
    'refuse the %s extension without its env or with a demo- id',
    (browser) => {
      setEnv({});
      expect(() => extension('production', browser)).toThrow(/VITE_DASHBOARD_URL is not set/);
      setEnv({ ...SAMPLE_PRODUCTION_ENV, VITE_FIREBASE_PROJECT_ID: 'demo-x' });
      expect(() => extension('production', browser)).toThrow(/demo- project/);
    },
  );

  it.each(['chrome', 'firefox'])(
    'let `wxt prepare` make the %s types on a fresh clone with no env',
    (browser) => {
      setEnv({});
      expect(() => prepare(browser)).not.toThrow();
    },
  );

  it('build with a real project env, and in development mode with none', () => {
    setEnv({ ...SAMPLE_PRODUCTION_ENV });
    expect(dashboard('production').define).toBeDefined();
    expect(() => extension('production', 'chrome')).not.toThrow();
    setEnv({});
    expect(dashboard('development').define).toBeDefined();
    expect(() => extension('development', 'firefox')).not.toThrow();
  });
});
