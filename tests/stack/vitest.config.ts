import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm start` itself, crashed and started again (npm test runs it as the `stack` suite; alone:
// npx vitest run --project stack). It starts a dev stack of its own on shifted ports
// (MUSE_DEV_PORT_SHIFT, 20000 + MUSE_TEST_PORT_SHIFT), so it runs beside `npm start` and the test stack.
export default defineConfig({
  test: {
    name: 'stack',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    environment: 'node',
    include: ['tests/stack/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
