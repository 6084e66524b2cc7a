import { afterAll, vi } from 'vitest';

// Files of the shared unit projects run one after another in one module graph (vitest.config.ts): a
// file that fakes the clock hands the next one the real clock back, whatever its own tests did.
afterAll(() => {
  vi.useRealTimers();
});
