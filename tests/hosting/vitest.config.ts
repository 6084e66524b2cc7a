import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// The production build of the dashboard, served with its hosting headers and opened in headless
// Chromium (npm test runs it as the `hosting` suite; alone: npx vitest run --project hosting).
// Needs /usr/bin/chromium, no stack.
export default defineConfig({
  test: {
    name: 'hosting',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    environment: 'node',
    include: ['tests/hosting/**/*.test.ts'],
    globalSetup: ['tests/hosting/build-dashboard.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
