import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// functions/src and these tests import shared code as @core/... (functions/tsconfig.json).
export default defineConfig({
  resolve: { alias: { '@core': fileURLToPath(new URL('../../core', import.meta.url)) } },
  test: {
    name: 'functions',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    environment: 'node',
    include: ['tests/functions/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
