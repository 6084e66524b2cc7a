import { test as base } from '@playwright/test';
import { museFor, type Muse } from './driver';

/** Playwright's test with `muse`: the e2e driver (driver.ts) on the test's page. */
export const test = base.extend<{ muse: Muse }>({
  muse: async ({ page }, use) => {
    await use(museFor(page));
  },
});

export { expect } from '@playwright/test';
export { eventually } from './admin';
export { waits } from './env';
export { days, PNG_1X1, type GenerationSeed } from './seed';
export type { Muse } from './driver';
export { oobCodesFor, uniqueEmail, waitForOobCode, waitForPrintedLink } from './auth-emulator';
