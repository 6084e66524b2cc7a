import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { describe, expect, it } from 'vitest';
import { DEMO_PROJECT_IDS, emulatorPortSets, parseFirebaseEnv } from '@core/firebase/config';
import { DEFAULT_DASHBOARD_URL } from '@core/routes';

// `npm run build:extension:firefox:local` (and the Chrome one) builds the extension for the stack `npm start`
// runs: the same VITE_* values, read from .env.development by the build's mode. A plain build is a
// production build that does not.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const scripts = (
  JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }
).scripts;

describe('the local extension builds', () => {
  it.each([
    ['build:extension:firefox:local', '-b firefox'],
    ['build:extension:local', ''],
  ])('%s builds in development mode', (name, browser) => {
    expect(scripts[name]).toBe(`wxt build ${browser ? `${browser} ` : ''}--mode development`);
  });

  it("reads the dev stack's project, emulators and dashboard in development mode", () => {
    const p = emulatorPortSets.dev;
    const config = parseFirebaseEnv({ ...loadEnv('development', root, 'VITE_') });
    expect(config).toMatchObject({
      projectId: DEMO_PROJECT_IDS.dev,
      emulators: {
        host: '127.0.0.1',
        auth: p.auth,
        firestore: p.firestore,
        functions: p.functions,
        storage: p.storage,
      },
    });
    expect(config.dashboardUrl ?? DEFAULT_DASHBOARD_URL).toBe('http://127.0.0.1:5173');
  });
});
