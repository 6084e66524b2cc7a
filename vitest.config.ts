import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@core': fileURLToPath(new URL('./core', import.meta.url)),
  '@': fileURLToPath(new URL('./dashboard', import.meta.url)),
};

const unitRoots = ['core', 'dashboard', 'functions/src', 'tests/unit', 'tests/sandbox'];
const unitExclude = ['tests/unit/extension/**'];

/**
 * Unit test files that change the module graph or the globals for themselves: they replace modules
 * (`vi.mock`), stub globals or the environment, or ask for an environment other than node or jsdom.
 * Each of these runs in a fresh module graph, as vitest runs every file by default. Every other file
 * shares: vitest restores spies (`vi.spyOn`) after each file, isolated or not, and
 * tests/unit/support/real-timers.ts gives the next file the real clock back.
 */
const ownsItsWorld = /vi\.(mock|doMock|stubGlobal|stubEnv)\(|@vitest-environment (?!jsdom)/;
const unitFiles = unitRoots.flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .map((file) => `${dir}/${file}`)
    .filter((file) => !file.startsWith('tests/unit/extension/'))
    .map((file) => ({ file, text: readFileSync(file, 'utf8') })),
);
const isolatedUnitFiles = unitFiles.filter(({ text }) => ownsItsWorld.test(text)).map(({ file }) => file);
const sharedDomFiles = unitFiles.filter(({ text }) => !ownsItsWorld.test(text) && /@vitest-environment jsdom/.test(text)).map(({ file }) => file);
const sharedSetup = ['tests/unit/support/busy-machine.ts', 'tests/unit/support/real-timers.ts'];
// Waits sized for a busy machine (tests/unit/support/busy-machine.ts): only a failing test waits this long.
const busyMachine = { testTimeout: 60_000, hookTimeout: 60_000 };

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
          include: isolatedUnitFiles,
          setupFiles: ['tests/unit/support/busy-machine.ts'],
          ...busyMachine,
        },
      },
      // Every other unit file (pure functions over plain data, most of them) shares one module graph per
      // worker: importing zod, the schemas and the sandbox once per worker instead of once per file takes
      // these 2,300 tests from about 95 to 30 CPU seconds.
      {
        resolve: { alias },
        test: {
          name: 'unit-shared',
          environment: 'node',
          isolate: false,
          include: unitRoots.map((dir) => `${dir}/**/*.test.{ts,tsx}`),
          exclude: [...unitExclude, ...isolatedUnitFiles, ...sharedDomFiles],
          setupFiles: sharedSetup,
          ...busyMachine,
        },
      },
      // The same for files marked `@vitest-environment jsdom`: one DOM per worker, jsdom, React and
      // testing-library loaded once.
      {
        resolve: { alias },
        test: {
          name: 'unit-dom',
          environment: 'jsdom',
          isolate: false,
          include: sharedDomFiles,
          setupFiles: sharedSetup,
          ...busyMachine,
        },
      },
      // rules, functions (need the emulators) and others as each suite folder defines them
      'tests/*/vitest.config.ts',
      'tests/unit/extension/vitest.config.ts',
      'tests/unit/extension/vitest.shared.config.ts',
    ],
  },
});
