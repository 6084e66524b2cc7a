import { afterAll, vi } from 'vitest';

// The unit files that replace modules (`vi.mock`) or stub globals share a worker and its environment
// (vitest.config.ts: projects `unit` and `unit-dom-mocks`), but each still gets a module graph of its own:
// setup files run before every test file, so this empties the worker's module cache before the file's own
// imports, which therefore see only that file's `vi.mock`s. Packages from node_modules (React, jsdom,
// testing-library, zod) stay loaded: Node itself loads them, not vitest's module runner, and that is the
// time saved over a fresh worker per file. A mock a file registers is keyed to that file, and registering
// one drops the mocked module an earlier file built.
vi.resetModules();

// Each file gets the globals and environment variables it started with, whatever it stubbed and whether
// or not it restored them itself.
afterAll(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
