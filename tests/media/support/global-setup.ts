import type { TestProject } from 'vitest/node';
import { startHarnessServer, type HarnessServer } from './harness';

// One harness server (Vite over tests/media/harness) and one Chromium for the whole media suite: each
// file opens its own browser context on them (tests/media/support/shared-harness.ts). Starting both per
// file took about 5 s of each file, most of it Vite transforming the render code again for a fresh server.

declare module 'vitest' {
  export interface ProvidedContext {
    mediaHarness: HarnessServer;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startHarnessServer();
  project.provide('mediaHarness', {
    url: server.url,
    wsEndpoint: server.wsEndpoint,
    browserPid: server.browserPid,
  });
  return () => server.close();
}
