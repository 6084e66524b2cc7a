import { expect, it, vi } from 'vitest';
import { goodbye, welcome } from './welcome';

// The other half of ./mocks-greeting.test.ts.
vi.mock('./farewell', () => ({ farewell: 'mocked goodbye' }));

it('sees its own mock and not the other file’s', () => {
  expect(goodbye()).toBe('mocked goodbye, world');
  expect(welcome()).toBe('hello, world');
});

it('sees no global or environment variable the other file stubbed, and leaves its own behind', () => {
  expect(globalThis).not.toHaveProperty('museProbeGreeting');
  expect(process.env.MUSE_PROBE_GREETING).toBeUndefined();
  vi.stubGlobal('museProbeFarewell', 'left behind');
  vi.stubEnv('MUSE_PROBE_FAREWELL', 'left behind');
});
