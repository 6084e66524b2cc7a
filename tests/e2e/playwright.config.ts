import { defineConfig } from '@playwright/test';
import { chromiumArgs, e2eEnv, waits } from './support/env';

export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  // Tests, not files, are shared out: a long file (accessibility.spec.ts) does not set the tail alone.
  fullyParallel: true,
  forbidOnly: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Both derive from E2E_WAIT_MS (support/env.ts): a loaded machine raises every wait at once.
  timeout: waits.test,
  expect: { timeout: waits.step },
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  use: {
    baseURL: e2eEnv.dashboardUrl,
    // A failed test keeps its trace: actions, network and DOM snapshots. Without the screencast
    // (screenshots), which every test would pay for in encoding frames while it runs; the failure's own
    // screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The browser asks for reduced motion, as a user may (dashboard/styles/index.css): menus, drawers and
    // page fades open at once, so no click lands on a panel that is still moving into place.
    reducedMotion: 'reduce',
    launchOptions: { executablePath: e2eEnv.chromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: 'dashboard', testDir: './dashboard' },
    { name: 'extension', testDir: './extension' },
  ],
});
