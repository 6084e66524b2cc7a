import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadEnv } from 'vite';
import { FUNCTIONS_REGION, productionEnvProblems } from '../core/firebase/config';
import { SECRETS_KEYRING } from '../core/secrets';
import { INSTANCE_BASELINE_MIB, WORKLOADS } from '../functions/src/runtime-options';
import { buildFunctions } from './build-functions';
import { buildDashboard, buildExtension, builtOutputProblems } from './deploy-check/builds';
import type { DeployCheck } from './deploy-check/context';
import {
  deployRuntimeProblems,
  discoverManifest,
  endpointProblems,
} from './deploy-check/functions';
import { keyringReaders } from './deploy-check/keyring-readers';
import { SAMPLE_PRODUCTION_ENV } from './deploy-check/sample-env';
import {
  corsPolicy,
  corsProblems,
  dashboardOrigins,
  withFunctionsOrigins,
} from './deploy-check/storage-cors';

// `npm run deploy:check`: what `firebase deploy` and the production builds would meet, rehearsed offline
// (README, "Deploying to a real Firebase project"). With `--sample` (as `npm test` runs it) it builds with
// the made-up project of scripts/deploy-check/sample-env.ts; without, with the production env
// (.env.production, .env.production.local, the shell) when it names a project. Exit code 1 on any problem.

const root = fileURLToPath(new URL('..', import.meta.url));

function productionEnv(sample: boolean): { env: Record<string, string>; label: string } {
  if (!sample) {
    const env = withFunctionsOrigins(
      root,
      loadEnv('production', root, ['VITE_', 'DASHBOARD_ORIGINS']),
    );
    if (env.VITE_FIREBASE_PROJECT_ID)
      return { env, label: `project ${env.VITE_FIREBASE_PROJECT_ID}` };
  }
  return { env: { ...SAMPLE_PRODUCTION_ENV }, label: 'the sample production env' };
}

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

export async function deployCheck(sample: boolean): Promise<string[]> {
  const { env, label } = productionEnv(sample);
  console.log(`deploy:check with ${label}`);
  const problems: string[] = [];
  const functionsDir = join(root, 'functions');

  // (a), (b) The functions as firebase deploy loads them, and their runtime, sizing, secrets and region.
  problems.push(...deployRuntimeProblems(functionsDir, root));
  const work = await mkdtemp(join(tmpdir(), 'muse-deploy-check-'));
  try {
    await timed('functions', async () => {
      // Its own folder (a copy of functions/ with the bundle): a running emulator's folder is never touched.
      const dir = join(work, 'functions');
      await buildFunctions(join(dir, 'lib'));
      const { cpSync, symlinkSync } = await import('node:fs');
      cpSync(join(functionsDir, 'package.json'), join(dir, 'package.json'));
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
      const manifest = await discoverManifest(dir, root);
      problems.push(
        ...endpointProblems(manifest, {
          region: FUNCTIONS_REGION,
          baselineMiB: INSTANCE_BASELINE_MIB,
          workloads: WORKLOADS,
          keyringReaders: keyringReaders(join(functionsDir, 'src/index.ts'), join(root, 'core')),
          secret: SECRETS_KEYRING,
        }),
      );
    });

    // (c) The production builds, with the env's values.
    for (const target of ['dashboard', 'extension'] as const)
      problems.push(...productionEnvProblems(env, target).map((p) => `${target} env: ${p}`));
    if (!problems.some((p) => p.includes(' env: '))) {
      const saved = { ...process.env };
      Object.assign(process.env, env);
      try {
        await timed('dashboard build', async () => {
          const out = join(work, 'dashboard');
          await buildDashboard(root, out);
          problems.push(
            ...(await builtOutputProblems('dashboard', out, {
              projectId: env.VITE_FIREBASE_PROJECT_ID!,
              storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET!,
            })),
          );
        });
        for (const browser of ['chrome', 'firefox'] as const)
          await timed(`extension build (${browser})`, async () => {
            const out = await buildExtension(root, browser, join(work, `extension-${browser}`));
            problems.push(
              ...(await builtOutputProblems(`extension (${browser})`, out, {
                projectId: env.VITE_FIREBASE_PROJECT_ID!,
                dashboardUrl: env.VITE_DASHBOARD_URL!,
              })),
            );
          });
      } catch (error) {
        problems.push(`a production build failed: ${(error as Error).message}`);
      } finally {
        for (const key of Object.keys(env))
          if (saved[key] === undefined) delete process.env[key];
          else process.env[key] = saved[key];
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }

  // (d) The bucket's CORS policy: the one made for this env, and storage.cors.json if one was written.
  const origins = dashboardOrigins(env);
  problems.push(...corsProblems(corsPolicy(origins), origins).map((p) => `CORS: ${p}`));
  const written = join(root, 'storage.cors.json');
  if (!sample && existsSync(written))
    problems.push(
      ...corsProblems(JSON.parse(readFileSync(written, 'utf8')), origins).map(
        (p) => `storage.cors.json: ${p} (npm run storage:cors writes it anew)`,
      ),
    );

  // Further checks: every module of scripts/deploy-check/checks/ (its README says how to add one).
  const checks = join(root, 'scripts/deploy-check/checks');
  for (const file of readdirSync(checks)
    .filter((f) => /\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .sort()) {
    const { check } = (await import(pathToFileURL(join(checks, file)).href)) as {
      check: DeployCheck;
    };
    problems.push(...(await timed(file, () => check({ root, env }))).map((p) => `${file}: ${p}`));
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const problems = await deployCheck(process.argv.includes('--sample'));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (problems.length) {
    console.error(`deploy:check found ${problems.length} problem(s) in ${seconds} s:`);
    for (const problem of problems) console.error(`- ${problem}`);
    process.exit(1);
  }
  console.log(`deploy:check passed in ${seconds} s`);
}
