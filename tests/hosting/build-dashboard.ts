import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { SAMPLE_PRODUCTION_ENV } from '../../scripts/deploy-check/sample-env';

// One production build of the dashboard (no emulators) for every file of the suite.

const root = fileURLToPath(new URL('../..', import.meta.url));
const outDir = join(root, '.local/hosting-build');

declare module 'vitest' {
  export interface ProvidedContext {
    hostingDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // A production build for a real project (the sample's): whatever the calling shell has, no emulator
  // endpoints, and every value a production build requires (core/firebase/config.ts parseBuildEnv).
  Object.assign(process.env, SAMPLE_PRODUCTION_ENV);
  await build({
    configFile: join(root, 'dashboard/vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, sourcemap: false },
  });
  project.provide('hostingDir', outDir);
  return () => rm(outDir, { recursive: true, force: true });
}
