// npm test: installs what is missing, runs every suite, ends with "N passed, N failed".
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ensureChromium, ensureFfmpeg, ensureJava, ensureWxtPrepared } from './stack/ensure';

ensureWxtPrepared();
ensureJava();
const chromium = ensureChromium();
ensureFfmpeg();

// From here on nothing of the run may reach beyond 127.0.0.1 (scripts/stack/offline.ts): every Node process
// it starts inherits the switches and the no-egress preload, Chromium the recording proxy; the summary's
// no-egress line fails when any of them tried.
const offline = await import('./stack/offline');
const { say } = await import('./stack/log');
const { localDir, root } = await import('./stack/paths');
const { runAsync } = await import('./stack/processes');
const { startStack } = await import('./stack/stack');
const { playwrightCounts, vitestCounts } = await import('./stack/test-reports');

interface SuiteResult {
  name: string;
  passed: number;
  failed: number;
  seconds: number;
  /** What failed, one line each, printed just above the summary so the tail of a CI log names it. */
  failures?: string[];
}
const results: SuiteResult[] = [];
/** The rules suites' own demo project (the emulators accept any; firestore.rules and storage.rules are loaded for it). */
const RULES_PROJECT_ID = 'demo-muse-rules';
const reports = `${localDir}/reports`;
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const egressLog = `${reports}/egress.jsonl`;
offline.applyOfflineSwitches();
process.env.MUSE_EGRESS_LOG = egressLog;
process.env.NODE_OPTIONS = offline.withPreload(process.env.NODE_OPTIONS);
createRequire(import.meta.url)(offline.noEgressPreload);
const egressProxy = await offline.startEgressProxy(egressLog);
process.env.MUSE_EGRESS_PROXY = egressProxy.address;
// `tsx scripts/test.ts e2e -- tests/e2e/dashboard/x.spec.ts`: suites before `--`, Playwright's arguments after.
// With one vitest suite named (`functions -- tests/functions/x.test.ts`), the arguments after `--` filter its files.
const args = process.argv.slice(2);
const dashDash = args.indexOf('--');
const only = dashDash === -1 ? args : args.slice(0, dashDash);
const playwrightArgs = dashDash === -1 ? [] : args.slice(dashDash + 1);
const wanted = (name: string) => only.length === 0 || only.includes(name);

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = Date.now();
  const r = await fn();
  return [r, (Date.now() - t) / 1000];
}

/** A check with no test count of its own (typecheck, lint, format) counts as one test. */
async function check(name: string, command: string, args: string[]): Promise<void> {
  if (!wanted(name)) return;
  say.step(name);
  const [r, seconds] = await timed(() => runAsync(command, args, { quiet: true }));
  if (r.status !== 0) say.fail(`${name} failed:\n${r.output.slice(-6000)}`);
  results.push({
    name,
    passed: r.status === 0 ? 1 : 0,
    failed: r.status === 0 ? 0 : 1,
    seconds,
    failures: r.status === 0 ? [] : ['its output is printed above'],
  });
}

interface VitestOptions {
  /** The suite runs next to another one, so its output is printed in one piece when it ends. */
  buffered?: boolean;
  workers?: number;
  /** Runs the suite as these lanes side by side, one vitest each with `env` (the lane's files), in one result. */
  lanes?: Record<string, Record<string, string>>;
}

async function vitest(
  name: string,
  projects: string[],
  env: Record<string, string> = {},
  { buffered = false, workers, lanes }: VitestOptions = {},
): Promise<void> {
  if (!wanted(name)) return;
  say.step(`${name} tests`);
  const files = only.length === 1 ? playwrightArgs : [];
  // Files named on the command line run in one vitest, whatever their lane.
  const runs =
    lanes && files.length === 0
      ? Object.entries(lanes).map(([lane, laneEnv]) => ({
          label: `${name} (${lane})`,
          out: `${reports}/${name}-${lane}.json`,
          env: { ...env, ...laneEnv },
        }))
      : [{ label: name, out: `${reports}/${name}.json`, env }];
  const quiet = buffered || runs.length > 1;
  const [counts, seconds] = await timed(() =>
    Promise.all(
      runs.map(async (run) => {
        // The json report keeps no diffs: failure-diffs-reporter.ts writes them beside it for the summary.
        const diffs = run.out.replace(/\.json$/, '.diffs.json');
        const reporters = [
          '--reporter=default',
          '--reporter=json',
          `--reporter=${root}scripts/stack/failure-diffs-reporter.ts`,
        ];
        const args = [
          'run',
          ...projects.flatMap((p) => ['--project', p]),
          ...(workers ? [`--maxWorkers=${workers}`] : []),
          ...reporters,
          `--outputFile.json=${run.out}`,
          ...files,
        ];
        const r = await runAsync(
          process.execPath,
          [`${root}node_modules/vitest/vitest.mjs`, ...args],
          { env: { ...run.env, MUSE_FAILURE_DIFFS: diffs }, quiet },
        );
        if (quiet) say.plain(`${say.bold(`── ${run.label} tests ──`)}\n${r.output.trimEnd()}`);
        return vitestCounts(run.out, r.status, root, diffs);
      }),
    ),
  );
  results.push({
    name,
    passed: counts.reduce((n, c) => n + c.passed, 0),
    failed: counts.reduce((n, c) => n + c.failed, 0),
    failures: counts.flatMap((c) => c.failures),
    seconds,
  });
}

async function playwright(name: string, env: Record<string, string>): Promise<void> {
  if (!wanted(name)) return;
  say.step(`${name} tests`);
  const out = `${reports}/${name}.json`;
  const [r, seconds] = await timed(() =>
    runAsync(
      process.execPath,
      [
        `${root}node_modules/@playwright/test/cli.js`,
        'test',
        '-c',
        'tests/e2e/playwright.config.ts',
        ...playwrightArgs,
      ],
      { env: { ...env, E2E_JSON: out, CHROMIUM_PATH: chromium } },
    ),
  );
  results.push({ name, ...playwrightCounts(out, r.status), seconds });
}

const started = Date.now();
const needsStack = ['rules', 'functions', 'e2e'].some(wanted);
// Two lanes, one per core. The stack (three builds, then the emulators) starts next to the checks that
// need none (tsc, eslint, prettier and vitest each keep one core busy). Once it is up, the functions suite
// and the rules suites run side by side on it (the rules suites in a project of their own): the functions
// suite mostly waits on triggers, provider polls and publishing's windows, so the rules suites take the
// core it leaves. The media suite follows them in that lane; the checks' lane goes on with the hosting and
// stack suites. e2e starts once both lanes are done, with the cores to itself.
const stackStarting = needsStack ? startTestStack() : undefined;
// Render engine in headless Chromium, files checked with native ffprobe (tests/media; no stack needed).
// After the stack's builds, so the renders do not share the cores with them.
const media = () =>
  vitest('media', ['media'], { CHROMIUM_PATH: chromium }, { buffered: needsStack });
const checksLane = (async () => {
  await check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  await check('lint', 'npm', ['run', '--silent', 'lint']);
  await check('format', process.execPath, [
    `${root}node_modules/prettier/bin/prettier.cjs`,
    '--check',
    '.',
  ]);
  // The offline deploy rehearsal (scripts/deploy-check.ts) with the sample production env.
  await check('deploy', 'npm', ['run', '--silent', 'deploy:check', '--', '--sample']);
  // Vitest keeps one core for itself by default (one worker on two cores), but its main process mostly
  // waits: two workers take the unit suite from about 238 s to 169 s on an idle two-core machine.
  await vitest(
    'unit',
    [
      'unit',
      'unit-shared',
      'unit-dom',
      'unit-dom-mocks',
      'extension-unit',
      'extension-unit-shared',
    ],
    {},
    { buffered: needsStack, workers: 2 },
  );
  // With a stack, the media suite runs in the other lane, after the functions and rules suites.
  if (!needsStack) await media();
  // The production build under its hosting headers (CSP) in headless Chromium (tests/hosting; no stack needed).
  await vitest('hosting', ['hosting'], { CHROMIUM_PATH: chromium }, { buffered: needsStack });
  // npm start itself, crashed and started again (tests/stack): a dev stack of its own on shifted ports.
  await vitest('stack', ['stack'], {}, { buffered: needsStack });
})();

const stack = await stackStarting;
if (stack) {
  try {
    // Two lanes of functions files side by side (tests/functions/vitest.config.ts): most of a file's time
    // is spent waiting on triggers, provider polls and publishing's windows, not on a core.
    await Promise.all([
      vitest('functions', ['functions'], stack.env, {
        lanes: { social: { MUSE_FUNCTIONS_LANE: 'social' }, jobs: { MUSE_FUNCTIONS_LANE: 'jobs' } },
      }),
      // The rules suites clear their project's Firestore and bucket: a project of their own on the same
      // emulators, so the functions and e2e users are never wiped.
      vitest(
        'rules',
        ['rules'],
        { ...stack.env, GCLOUD_PROJECT: RULES_PROJECT_ID },
        { buffered: true },
      ),
    ]);
    await media();
    await checksLane;
    await playwright('e2e', stack.env);
  } finally {
    await stack.stop();
  }
} else if (needsStack) await media();
await checksLane;
await egressProxy.stop();
const egress = offline.egressResult(egressLog);
if (egress.held > 0)
  say.plain(
    `no-egress: ${egress.held} attempt(s) by Chromium's own services or to special-use names were refused on loopback (heldAttempt, scripts/stack/offline.ts); all in ${egressLog}`,
  );
results.push({
  name: 'no-egress',
  seconds: 0,
  passed: egress.passed,
  failed: egress.failed,
  failures: egress.failures,
});

async function startTestStack() {
  // Only the extension's specs need its build.
  const buildExtension =
    playwrightArgs.length === 0 || playwrightArgs.some((a) => a.includes('extension'));
  const [stack, seconds] = await timed(() =>
    startStack('test', { buildExtension }).catch((error: unknown) => {
      say.fail(error instanceof Error ? error.message : String(error));
      results.push({ name: 'test stack', passed: 0, failed: 1, seconds: 0 });
      return undefined;
    }),
  );
  if (stack) say.step(`Test stack ready after ${seconds.toFixed(1)} s`);
  return stack;
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
say.plain('');
const order = [
  'test stack',
  'typecheck',
  'lint',
  'format',
  'deploy',
  'unit',
  'media',
  'hosting',
  'stack',
  'rules',
  'functions',
  'e2e',
  'no-egress',
];
results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `  ✖ ${r.name}: ${f}`));
if (failures.length > 0) say.plain(`What failed:\n${failures.join('\n')}\n`);
for (const r of results)
  say.plain(
    `  ${r.failed ? '✖' : '✔'} ${r.name.padEnd(10)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1)} s`,
  );
say.plain(`  total time ${((Date.now() - started) / 1000).toFixed(1)} s`);
say.plain(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
