import { defineConfig } from '@playwright/test';
import { chromiumArgs, e2eEnv, waits } from './support/env';

export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  // Tests, not files, are shared out: a long file (accessibility.spec.ts) does not set the tail alone.
  fullyParallel: true,
  forbidOnly: true,
  // Three workers on two cores: a test spends about a quarter of its time waiting on a trigger, a job or a
  // publish, which a third worker fills (the suite took 462 s with two workers and 343 s with three in a
  // fresh-clone npm test on a quiet machine; every wait is on a condition, so a busy machine only slows it).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // Both derive from E2E_WAIT_MS (support/env.ts): a loaded machine raises every wait at once.
  timeout: waits.test,
  expect: { timeout: waits.step },
  reporter: process.env.E2E_JSON
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]]
    : [['list']],
  use: {
    baseURL: e2eEnv.dashboardUrl,
    // Traces are recorded only when asked for (E2E_TRACE=1: a failed test keeps its actions, network and
    // DOM snapshots): recording them costs every passing test too, about 8% of the suite's time. Without the
    // screencast (screenshots), which would add encoding frames; the failure's own screenshot is kept below.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
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
