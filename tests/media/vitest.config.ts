import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// Render correctness in headless Chromium, checked with native ffprobe/ffmpeg (npm test runs it as the
// `media` suite; alone: npx vitest run --project media). Needs /usr/bin/chromium and ffmpeg, no stack.
export default defineConfig({
  test: {
    name: 'media',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    environment: 'node',
    include: ['tests/media/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
