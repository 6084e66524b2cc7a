import { inject } from 'vitest';
import { openHarness, type Harness } from './harness';

/**
 * The harness page in a browser context of this file's own, on the suite's one Vite server and Chromium
 * (tests/media/support/global-setup.ts), serving `mediaDir` at MEDIA_ORIGIN. close() closes the context.
 */
export function openSharedHarness(mediaDir: string): Promise<Harness> {
  return openHarness(inject('mediaHarness'), mediaDir);
}
