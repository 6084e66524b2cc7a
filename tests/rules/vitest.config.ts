import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// Needs the Firestore and Storage emulators running (see tests/rules/emulators.ts for the hosts).
export default defineConfig({
  test: {
    name: 'rules',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    environment: 'node',
    include: ['tests/rules/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
