import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@core': fileURLToPath(new URL('./core', import.meta.url)),
  '@': fileURLToPath(new URL('./dashboard', import.meta.url)),
};

// Suites: `unit` needs nothing running; `rules` and `functions` need the emulators (npm test starts them).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['core/**/*.test.{ts,tsx}', 'dashboard/**/*.test.{ts,tsx}', 'functions/src/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}', 'tests/sandbox/**/*.test.ts'],
          exclude: ['tests/unit/extension/**'],
        },
      },
      // rules, functions (need the emulators) and others as each suite folder defines them
      'tests/*/vitest.config.ts',
      'tests/unit/extension/vitest.config.ts',
    ],
  },
});
