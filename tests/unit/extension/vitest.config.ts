import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { sharedExtensionFiles } from './shared-files';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

// Loads wxt.config.ts (aliases, '#imports') and replaces the extension APIs with WXT's fakeBrowser.
export default defineConfig({
  plugins: [WxtVitest({ root: repoRoot })],
  test: {
    name: 'extension-unit',
    root: repoRoot,
    include: ['tests/unit/extension/**/*.test.{ts,tsx}'],
    // Those that mock nothing run in extension-unit-shared (./vitest.shared.config.ts).
    exclude: sharedExtensionFiles,
    environment: 'node',
    // One worker (and one jsdom) for these files, a module graph each, as the unit files that mock
    // (tests/unit/support/fresh-modules.ts).
    isolate: false,
    restoreMocks: true,
    // Waits sized for a busy machine, as the other unit projects (tests/unit/support/busy-machine.ts).
    setupFiles: [
      'tests/unit/support/busy-machine.ts',
      'tests/unit/support/real-timers.ts',
      'tests/unit/support/fresh-modules.ts',
      'tests/unit/support/fresh-dom.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
