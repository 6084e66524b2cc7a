import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// Render correctness in headless Chromium, checked with native ffprobe/ffmpeg (npm test runs it as the
// `media` suite; alone: npx vitest run --project media). Needs /usr/bin/chromium and ffmpeg, no stack.
export default defineConfig({
  // The dashboard's own aliases, for the modules the media tests import (dashboard/lib/media-probe.ts).
  resolve: {
    alias: {
      '@core': fileURLToPath(new URL('../../core', import.meta.url)),
      '@': fileURLToPath(new URL('../../dashboard', import.meta.url)),
    },
  },
  test: {
    name: 'media',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    environment: 'node',
    include: ['tests/media/**/*.test.ts'],
    fileParallelism: false,
    // The files share one module graph (vite, playwright-core, the render code they import): importing
    // them afresh for each file took about 12 s of the suite. No media test mocks a module or stubs a global.
    isolate: false,
    // One harness server and one Chromium for every file; each file opens its own browser context.
    globalSetup: ['tests/media/support/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
