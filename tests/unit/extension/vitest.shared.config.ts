import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { sharedExtensionFiles } from './shared-files';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

// The node extension unit files that mock nothing, in one module graph per worker (./shared-files.ts).
export default defineConfig({
  plugins: [WxtVitest({ root: repoRoot })],
  test: {
    name: 'extension-unit-shared',
    root: repoRoot,
    include: sharedExtensionFiles,
    environment: 'node',
    isolate: false,
    restoreMocks: true,
    // Waits sized for a busy machine, as the other unit projects (tests/unit/support/busy-machine.ts).
    setupFiles: ['tests/unit/support/busy-machine.ts', 'tests/unit/support/real-timers.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
