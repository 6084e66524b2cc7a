import { test as base } from '@playwright/test';
import { museFor, type Muse } from './driver';
import { jobHold, type JobHold } from './sandbox';

/**
 * Playwright's test with `muse`: the e2e driver (driver.ts) on the test's page, and `holdJob`: a hold on a
 * job's provider task (sandbox.ts `jobHold`), released when the test ends if the test did not release it.
 */
export const test = base.extend<{ muse: Muse; holdJob: (provider: 'bfl' | 'luma') => JobHold }>({
  muse: async ({ page }, use) => {
    await use(museFor(page));
  },
  // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  holdJob: async ({}, use) => {
    const holds: JobHold[] = [];
    await use((provider) => {
      const hold = jobHold(provider);
      holds.push(hold);
      return hold;
    });
    await Promise.all(holds.map((h) => h.release()));
  },
});

export { expect } from '@playwright/test';
export { eventually } from './admin';
export { waits } from './env';
export { days, PNG_1X1, type GenerationSeed } from './seed';
export type { Muse } from './driver';
export { oobCodesFor, uniqueEmail, waitForOobCode, waitForPrintedLink } from './auth-emulator';
