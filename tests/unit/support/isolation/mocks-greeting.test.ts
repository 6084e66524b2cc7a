import { expect, it, vi } from 'vitest';
import { goodbye, welcome } from './welcome';

// With ./mocks-farewell.test.ts: two files of project `unit` that share a worker (vitest.config.ts) and
// must still not see each other's module mocks, global stubs or environment stubs
// (tests/unit/support/fresh-modules.ts). Whichever runs second fails if anything leaks.
vi.mock('./greeting', () => ({ greeting: 'mocked hello' }));

it('sees its own mock and not the other file’s', () => {
  expect(welcome()).toBe('mocked hello, world');
  expect(goodbye()).toBe('goodbye, world');
});

it('sees no global or environment variable the other file stubbed, and leaves its own behind', () => {
  expect(globalThis).not.toHaveProperty('museProbeFarewell');
  expect(process.env.MUSE_PROBE_FAREWELL).toBeUndefined();
  vi.stubGlobal('museProbeGreeting', 'left behind');
  vi.stubEnv('MUSE_PROBE_GREETING', 'left behind');
});
