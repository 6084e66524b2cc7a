import { defineConfig } from '@playwright/test';
import { chromiumArgs, e2eEnv } from './support/env';

export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e',
  fullyParallel: false,
  forbidOnly: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  use: {
    baseURL: e2eEnv.dashboardUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: e2eEnv.chromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: 'dashboard', testDir: './dashboard' },
    { name: 'extension', testDir: './extension' },
  ],
});
