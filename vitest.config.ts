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
 * (`vi.mock`), stub globals or the environment. Each of these gets a module graph of its own
 * (tests/unit/support/fresh-modules.ts) in a worker it shares with the others of its project: files that
 * mock the same modules no longer pay a worker, jsdom, React and testing-library each. Every other file
 * shares its module graph too: vitest restores spies (`vi.spyOn`) after each file, isolated or not, and
 * tests/unit/support/real-timers.ts gives the next file the real clock back.
 */
const ownsItsWorld = /vi\.(mock|doMock|stubGlobal|stubEnv)\(/;
const jsdom = /@vitest-environment jsdom/;
const unitFiles = unitRoots.flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .map((file) => `${dir}/${file}`)
    .filter((file) => !file.startsWith('tests/unit/extension/'))
    .map((file) => ({ file, text: readFileSync(file, 'utf8') })),
);
const ownWorldFiles = unitFiles.filter(({ text }) => ownsItsWorld.test(text));
const ownWorldNodeFiles = ownWorldFiles
  .filter(({ text }) => !jsdom.test(text))
  .map(({ file }) => file);
const ownWorldDomFiles = ownWorldFiles
  .filter(({ text }) => jsdom.test(text))
  .map(({ file }) => file);
const sharedDomFiles = unitFiles
  .filter(({ text }) => !ownsItsWorld.test(text) && jsdom.test(text))
  .map(({ file }) => file);
const sharedSetup = ['tests/unit/support/busy-machine.ts', 'tests/unit/support/real-timers.ts'];
// Waits sized for a busy machine (tests/unit/support/busy-machine.ts): only a failing test waits this long.
const busyMachine = { testTimeout: 60_000, hookTimeout: 60_000 };

// Suites: `unit` needs nothing running; `rules` and `functions` need the emulators (npm test starts them).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      // The files that mock modules or stub globals: one worker (and one jsdom) for many files, a module
      // graph each (tests/unit/support/fresh-modules.ts). Node and jsdom apart, as a worker serves one
      // environment.
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          isolate: false,
          include: ownWorldNodeFiles,
          setupFiles: [...sharedSetup, 'tests/unit/support/fresh-modules.ts'],
          ...busyMachine,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-dom-mocks',
          environment: 'jsdom',
          isolate: false,
          include: ownWorldDomFiles,
          setupFiles: [
            ...sharedSetup,
            'tests/unit/support/fresh-modules.ts',
            'tests/unit/support/fresh-dom.ts',
          ],
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
          exclude: [...unitExclude, ...ownWorldNodeFiles, ...ownWorldDomFiles, ...sharedDomFiles],
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
