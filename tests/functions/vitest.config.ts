import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * npm test runs this suite in two lanes side by side (scripts/test.ts), each lane file after file. Files
 * in one lane never run at the same time, so a lane may hold files that share a sandbox's state: its
 * request log and unscoped faults (social-publishing adds and clears X and LinkedIn's, youtube-publishing
 * interrupts every YouTube upload), or its request counts (generate-text, list-models and integration-keys
 * count the AI providers'). The social lane (this list) holds every file that posts to, reads the posts
 * of, or plays faults on a social platform's sandbox (x, linkedin, reddit, google); the jobs lane (every
 * other file) the generation providers' sandboxes, and files that store social accounts and posts without
 * a platform's answer (token-refresh only exchanges tokens of its own client ids). A new file that posts to
 * or reads from a social platform's sandbox goes in this list. Both lanes use the emulated project, as the
 * stack's own schedules do: publish-restart's sweep runs a minute ahead, which ends only jobs that went
 * minutes without a sign of life (functions/src/jobs/job-state.ts), never one that a test is running.
 */
export const socialLane = [
  'channel-checks',
  'linkedin-documents',
  'platform-errors',
  'post-metrics',
  'publish-outcomes',
  'publish-queue-wait',
  'publish-restart',
  'publish-takeover',
  'publish-threads',
  'social-callables',
  'social-oauth',
  'social-publishing',
  'stuck-posts',
  'youtube-publishing',
].map((name) => `tests/functions/${name}.test.ts`);

// MUSE_FUNCTIONS_LANE=social|jobs runs one lane; unset, every file runs, one at a time.
const lane = process.env.MUSE_FUNCTIONS_LANE;

// functions/src and these tests import shared code as @core/... (functions/tsconfig.json).
export default defineConfig({
  resolve: { alias: { '@core': fileURLToPath(new URL('../../core', import.meta.url)) } },
  test: {
    name: 'functions',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    environment: 'node',
    include: lane === 'social' ? socialLane : ['tests/functions/**/*.test.ts'],
    exclude: lane === 'jobs' ? [...configDefaults.exclude, ...socialLane] : configDefaults.exclude,
    fileParallelism: false,
    // The files of a lane share one module graph (firebase-admin, the functions' code, the sandbox
    // clients): importing them afresh for each file took about 27 s of each lane's time. No file mocks a
    // module or stubs a global, and closeAdmin() (support.ts) deletes the Admin apps, which the next
    // file's adminDb() starts again.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
