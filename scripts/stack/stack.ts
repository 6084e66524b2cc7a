import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SECRETS_KEYRING } from '../../core/secrets';
import { FUNCTIONS_REGION, testPortShift } from '../../core/firebase/config';
import { startSandbox, type Sandbox } from '../../tests/sandbox/server';
import { buildFunctions } from '../build-functions';
import { prepareEmulatorBinaries } from '../emulators/prepare';
import { writeEmulatorFirestoreRules } from './emulator-rules';
import { say } from './log';
import { listOobCodes, watchAuthLinks } from './auth-links';
import {
  exportData,
  exportIntervalFromEnv,
  hasExport,
  recoverExport,
  removeAbandonedExports,
  startPeriodicSaves,
  type PeriodicSaver,
} from './data-export';
import { devPortShift, stackIds, stackPorts, stackProjectIds } from './instance';
import { applyOfflineSwitches, firebaseToolsOfflineEnv, offlineSwitches } from './offline';
import { localDir, logsDir, root } from './paths';
import { groupAndDescendants } from './proc';
import {
  assertNotRunning,
  assertPortsFree,
  cleanStale,
  killGroup,
  openLog,
  pidFile,
  runAsync,
  startManaged,
  startMarker,
  stopManaged,
  waitFor,
  writePidFile,
  type Managed,
} from './processes';
import { startScheduleControl, type ScheduleControl } from './schedule-control';
import {
  createEmulatorInvoker,
  describeSchedule,
  discoverScheduledFunctions,
  scheduleTickFromEnv,
  startScheduleDriver,
  type ScheduleDriver,
} from './schedules';
import { warmFunctions, warmJobRunner } from './warm-functions';

export type StackKind = 'dev' | 'test';

/** How often the test stack's jobs poll a provider task (MUSE_JOB_POLL_MS); tests that need a job to stay running ask the sandbox for more pending answers. */
export const TEST_JOB_POLL_MS = 1000;

const layout = {
  dev: {
    sandboxBasePort: 8900 + devPortShift,
    dashboardPort: 5173 + devPortShift,
    websocketPort: 9150 + devPortShift,
    schedulerPort: 4600 + devPortShift,
    extensionOut: '.output',
    dashboardOut: 'dist/dashboard',
  },
  test: {
    sandboxBasePort: 18900 + testPortShift,
    dashboardPort: 14173 + testPortShift,
    websocketPort: 19150 + testPortShift,
    schedulerPort: 14600 + testPortShift,
    extensionOut: '.output-test',
    dashboardOut: 'dist/dashboard-test',
  },
} as const;

export interface RunningStack {
  kind: StackKind;
  projectId: string;
  dashboardUrl: string;
  extensionDir: string;
  sandbox: Sandbox;
  /** Drives the scheduled functions, which the Functions emulator does not run (scripts/stack/schedules.ts). */
  schedules: ScheduleDriver;
  /** What tests need to reach this stack (emulator hosts, project, URLs). */
  env: Record<string, string>;
  stop: () => Promise<void>;
  /** Resolves, naming it, when the emulators or the dashboard server exit without being asked to. */
  crashed: Promise<string>;
}

function firebaseConfigFor(kind: StackKind): string {
  const ports = stackPorts[kind];
  const base = JSON.parse(readFileSync(`${root}firebase.json`, 'utf8')) as Record<string, unknown>;
  const host = '127.0.0.1';
  const config = {
    ...base,
    firestore: {
      ...(base.firestore as Record<string, unknown>),
      rules: writeEmulatorFirestoreRules(`.local/firestore.local-${stackIds[kind]}.rules`),
    },
    functions: [{ source: 'functions', codebase: 'default', ignore: ['node_modules', 'src'] }],
    emulators: {
      singleProjectMode: true,
      ui: { enabled: false },
      auth: { host, port: ports.auth },
      firestore: { host, port: ports.firestore, websocketPort: layout[kind].websocketPort },
      functions: { host, port: ports.functions },
      storage: { host, port: ports.storage },
      hub: { host, port: ports.hub },
      logging: { host, port: ports.logging },
    },
  };
  delete (config as Record<string, unknown>).hosting;
  // firebase-tools takes the config's folder as the project folder, so the generated file sits at the root.
  const file = `${root}firebase.local-${stackIds[kind]}.json`;
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/**
 * The emulated Functions read secrets from functions/.secret.local. The encryption keyring for users'
 * provider keys is generated once per machine and kept, so secrets saved earlier stay readable.
 */
function ensureLocalSecrets(): void {
  const file = `${root}functions/.secret.local`;
  if (existsSync(file) && readFileSync(file, 'utf8').includes(`${SECRETS_KEYRING}=`)) return;
  const keyring = { current: 'local-1', keys: { 'local-1': randomBytes(32).toString('base64') } };
  writeFileSync(file, `${SECRETS_KEYRING}='${JSON.stringify(keyring)}'\n`, { mode: 0o600 });
}

/** The functions runtime reads .env.<projectId> from functions/: provider base URLs point at the sandbox. */
function writeFunctionsEnv(projectId: string, values: Record<string, string>): void {
  const lines = Object.entries(values).map(([k, v]) => `${k}=${v}`);
  writeFileSync(
    `${root}functions/.env.${projectId}`,
    `# Written by scripts/stack; local emulators only.\n${lines.join('\n')}\n`,
  );
}

function clientEnv(kind: StackKind, projectId: string): Record<string, string> {
  const p = stackPorts[kind];
  return {
    VITE_FIREBASE_PROJECT_ID: projectId,
    VITE_FIREBASE_EMULATORS: JSON.stringify({
      host: '127.0.0.1',
      auth: p.auth,
      firestore: p.firestore,
      functions: p.functions,
      storage: p.storage,
    }),
    VITE_DASHBOARD_URL: `http://127.0.0.1:${layout[kind].dashboardPort}`,
  };
}

async function emulatorsReady(kind: StackKind, projectId: string): Promise<boolean> {
  const p = stackPorts[kind];
  const hub = await fetch(`http://127.0.0.1:${p.hub}/emulators`).then(
    (r) => r.json() as Promise<Record<string, unknown>>,
  );
  if (!['auth', 'firestore', 'functions', 'storage'].every((k) => k in hub)) return false;
  // Functions are loaded once a callable answers (401 without a token) instead of 404.
  const probe = await fetch(
    `http://127.0.0.1:${p.functions}/${projectId}/${FUNCTIONS_REGION}/sendFeedback`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data":{}}' },
  );
  return probe.status !== 404;
}

/**
 * SIGINT to firebase-tools alone lets it stop its Java children in order; then whatever is left of its
 * group (function workers) and of its children goes too, also when firebase-tools is already gone.
 */
async function stopEmulators(m: Managed): Promise<void> {
  const pid = m.child.pid;
  if (!pid) return;
  const children = groupAndDescendants(pid);
  if (m.child.exitCode === null && m.child.signalCode === null) {
    try {
      process.kill(pid, 'SIGINT');
      await Promise.race([m.exited, new Promise((r) => setTimeout(r, 20_000))]);
    } catch {
      /* gone between the check and the signal */
    }
  }
  await killGroup(pid, 3000, children);
  rmSync(m.pidFile, { force: true });
}

/**
 * Starts driving every scheduled function the emulator loaded, logging each run to
 * .local/logs/<kind>-schedules.log (failures also to the console), with its control endpoint.
 */
async function driveSchedules(
  kind: StackKind,
  projectId: string,
  port: number,
): Promise<{ driver: ScheduleDriver; origin: string; stop: () => Promise<void> }> {
  const functionsOrigin = `http://127.0.0.1:${stackPorts[kind].functions}`;
  const tickMs = scheduleTickFromEnv(process.env.MUSE_SCHEDULE_TICK_MS);
  const functions = await discoverScheduledFunctions(functionsOrigin, fetch);
  const log = openLog(`${logsDir}/${stackIds[kind]}-schedules.log`);
  log.write(startMarker(stackIds[kind], 'schedules', process.pid, new Date()));
  const driver = startScheduleDriver({
    functions,
    tickMs,
    invoke: createEmulatorInvoker({ functionsOrigin, projectId, fetch }),
    onRun: (r) => {
      log.write(
        `${r.startedAt.toISOString()} ${r.name} ${r.ok ? 'ok' : 'FAILED'} ${r.status} ${r.ms} ms${r.detail ? ` (${r.detail})` : ''}\n`,
      );
      if (!r.ok)
        say.warn(
          `Scheduled function ${r.name} failed: ${r.detail ?? r.status}; see .local/logs/${stackIds[kind]}-emulators.log`,
        );
    },
  });
  let control: ScheduleControl;
  try {
    control = await startScheduleControl(driver, port);
  } catch (error) {
    driver.stop();
    log.end();
    throw error;
  }
  say.ok(
    `Driving ${functions.length} scheduled function(s): ${functions.map((f) => describeSchedule(f, tickMs)).join(', ') || 'none'}`,
  );
  return {
    driver,
    origin: control.origin,
    stop: async () => {
      driver.stop();
      await control.close();
      log.end();
    },
  };
}

/**
 * Prints each new verification, password-reset or sign-in email of the Auth emulator as a link to the
 * dashboard's /auth view (the emulator's own links do not work as printed): to
 * .local/logs/<kind>-auth-links.log, and on the dev stack to the console too.
 */
async function printAuthLinks(
  kind: StackKind,
  projectId: string,
  dashboardUrl: string,
): Promise<{ logFile: string; stop: () => void }> {
  const logFile = `${logsDir}/${stackIds[kind]}-auth-links.log`;
  const log = openLog(logFile);
  log.write(startMarker(stackIds[kind], 'auth-links', process.pid, new Date()));
  const watcher = await watchAuthLinks({
    list: () => listOobCodes(`http://127.0.0.1:${stackPorts[kind].auth}`, projectId, fetch),
    onLink: (line) => {
      log.write(`${new Date().toISOString()} ${line}\n`);
      if (kind === 'dev') say.plain(`✉ ${line}`);
    },
    dashboardUrl,
    everyMs: 500,
  });
  return {
    logFile,
    stop: () => {
      watcher.stop();
      log.end();
    },
  };
}

/** Saves the emulator data every `everyMs`, logging each save to .local/logs/<stack>-exports.log (a failure also to the console). */
function saveDataPeriodically(
  id: string,
  hubOrigin: string,
  dataDir: string,
  everyMs: number,
): PeriodicSaver {
  const log = openLog(`${logsDir}/${id}-exports.log`);
  log.write(startMarker(id, 'exports', process.pid, new Date()));
  let failing = false;
  return startPeriodicSaves({
    everyMs,
    save: () => exportData(hubOrigin, dataDir),
    onResult: (r) => {
      log.write(
        `${new Date().toISOString()} ${r.ok ? `saved to ${dataDir}` : `FAILED: ${r.error}`} (${r.ms} ms)\n`,
      );
      if (!r.ok && !failing)
        say.warn(
          `Saving the emulator data failed (${r.error}); the last good save stays in ${dataDir}. See .local/logs/${id}-exports.log`,
        );
      failing = !r.ok;
    },
  });
}

/**
 * realProviders (npm start with MUSE_REAL_PROVIDERS=1): the functions call the real provider endpoints
 * with the keys you save in Integrations, instead of the sandbox. Never used by tests.
 */
export async function startStack(
  kind: StackKind,
  opts: { buildExtension?: boolean; realProviders?: boolean } = {},
): Promise<RunningStack> {
  const id = stackIds[kind];
  const projectId = stackProjectIds[kind];
  const ports = stackPorts[kind];
  const l = layout[kind];
  const allPorts = {
    ...ports,
    'firestore websocket': l.websocketPort,
    dashboard: l.dashboardPort,
    sandbox: l.sandboxBasePort,
    'schedule control': l.schedulerPort,
  };
  mkdirSync(localDir, { recursive: true });
  // Every process of the stack (Vite, WXT, firebase-tools, its function workers) and the stack's own
  // Admin SDK calls inherit the switches that keep Google's libraries off the metadata server.
  applyOfflineSwitches();
  // After a crash: the groups the pid files name, and anything of this checkout still on our ports.
  assertNotRunning(id);
  writePidFile(id, 'start', process.pid);

  const managed: Managed[] = [];
  let sandbox: Sandbox | undefined;
  let emulators: Managed | undefined;
  let schedules: Awaited<ReturnType<typeof driveSchedules>> | undefined;
  let authLinks: Awaited<ReturnType<typeof printAuthLinks>> | undefined;
  let saves: PeriodicSaver | undefined;
  let stopping = false;
  const stop = async () => {
    stopping = true;
    authLinks?.stop();
    await schedules?.stop();
    await saves?.stop();
    // The last save, while the emulators still run (a failed one keeps the save before it).
    if (saves && emulators?.child.exitCode === null && emulators.child.signalCode === null)
      await saves.saveNow();
    await stopManaged(managed.filter((m) => m !== emulators));
    if (emulators) await stopEmulators(emulators);
    await sandbox?.close();
    // What may still hold our ports without a group of ours to find it by (a Java emulator whose parent was killed).
    await cleanStale(id, [], allPorts);
    rmSync(pidFile(id, 'start'), { force: true });
  };

  try {
    const cleaned = await cleanStale(id, ['emulators', 'dashboard'], allPorts);
    if (cleaned.length > 0)
      say.warn(`Stopped what an earlier run left running: ${cleaned.join(', ')}`);
    await assertPortsFree(allPorts);
    const binaries = await prepareEmulatorBinaries(root);
    say.step('Bundling Cloud Functions');
    await buildFunctions();
    sandbox = await startSandbox({ basePort: l.sandboxBasePort });
    // The test stack polls provider tasks every second instead of every 3 s (functions/src/config.ts,
    // emulator only): a job's wait is shorter, its steps and limits are the product's.
    writeFunctionsEnv(projectId, {
      ...(opts.realProviders ? {} : sandbox.env),
      ...(kind === 'test' ? { MUSE_JOB_POLL_MS: String(TEST_JOB_POLL_MS) } : {}),
    });
    ensureLocalSecrets();

    // Each Storage emulator keeps blobs in $TMPDIR/firebase and wipes that folder when it stops: give
    // each stack its own, so the dev and test stacks never delete each other's files.
    const tmpDir = `${localDir}/tmp/${id}`;
    mkdirSync(tmpDir, { recursive: true });
    // The dev stack keeps its data: imported at start, saved every MUSE_EXPORT_INTERVAL_MS and on stop (scripts/stack/data-export.ts).
    const dataDir = `${localDir}/emulator-data/${id}`;
    const exportEveryMs = exportIntervalFromEnv(process.env.MUSE_EXPORT_INTERVAL_MS);
    if (kind === 'dev') {
      mkdirSync(`${localDir}/emulator-data`, { recursive: true });
      if (recoverExport(dataDir) === 'recovered')
        say.warn(`Restored the last complete save of the emulator data into ${dataDir}`);
      removeAbandonedExports(root);
    }
    const persist = kind === 'dev' && hasExport(dataDir) ? ['--import', dataDir] : [];
    say.step(
      `Starting the Firebase emulators (${id}: auth ${ports.auth}, firestore ${ports.firestore}, functions ${ports.functions}, storage ${ports.storage})`,
    );
    emulators = startManaged(
      id,
      'emulators',
      process.execPath,
      [
        `${root}node_modules/firebase-tools/lib/bin/firebase.js`,
        'emulators:start',
        '--only',
        'auth,firestore,functions,storage',
        '--project',
        projectId,
        '--config',
        firebaseConfigFor(kind),
        ...persist,
      ],
      // A function's worker gets FUNCTIONS_DISCOVERY_TIMEOUT seconds to boot (30 s unless set), and a call
      // whose worker missed it is never answered: a busy machine needs longer.
      {
        ...binaries,
        CI: 'true',
        ...offlineSwitches(projectId),
        ...firebaseToolsOfflineEnv(`${localDir}/firebase-tools-config/${id}`),
        TMPDIR: tmpDir,
        FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '180',
        JAVA_TOOL_OPTIONS: emulatorJvmOptions(),
      },
    );
    managed.push(emulators);

    const env = clientEnv(kind, projectId);
    const dashboardUrl = `http://127.0.0.1:${l.dashboardPort}`;
    if (kind === 'dev') {
      managed.push(
        startManaged(
          id,
          'dashboard',
          process.execPath,
          [
            `${root}node_modules/vite/bin/vite.js`,
            '--config',
            'dashboard/vite.config.ts',
            '--port',
            String(l.dashboardPort),
          ],
          env,
        ),
      );
    } else {
      say.step('Building the dashboard for the test stack');
      const b = await runAsync(
        process.execPath,
        [
          `${root}node_modules/vite/bin/vite.js`,
          'build',
          '--config',
          'dashboard/vite.config.ts',
          '--outDir',
          `${root}${l.dashboardOut}`,
          '--logLevel',
          'warn',
        ],
        {
          env,
          quiet: true,
        },
      );
      if (b.status !== 0) throw new Error(`Dashboard build failed:\n${b.output.slice(-4000)}`);
      managed.push(
        startManaged(
          id,
          'dashboard',
          process.execPath,
          [
            `${root}node_modules/vite/bin/vite.js`,
            'preview',
            '--config',
            'dashboard/vite.config.ts',
            '--outDir',
            `${root}${l.dashboardOut}`,
            '--port',
            String(l.dashboardPort),
          ],
          env,
        ),
      );
    }
    if (opts.buildExtension !== false) {
      say.step('Building the browser extension');
      const b = await runAsync(process.execPath, [`${root}node_modules/wxt/bin/wxt.mjs`, 'build'], {
        env: { ...env, WXT_OUT_DIR: l.extensionOut },
        quiet: true,
      });
      if (b.status !== 0) throw new Error(`Extension build failed:\n${b.output.slice(-4000)}`);
    }

    // Four emulators in three JVM and Node processes: under a busy machine's load (20 on 2 cores, next to
    // a full test run) they took over 120 s after the builds; waiting longer beats refusing to start.
    await waitFor('Firebase emulators', () => emulatorsReady(kind, projectId), 300_000, emulators);
    // The test suites meet warm functions, not a worker process starting inside a test's wait.
    const warmStarted = Date.now();
    const warming =
      kind === 'test'
        ? Promise.all([
            warmJobRunner({
              firestoreOrigin: `http://127.0.0.1:${ports.firestore}`,
              projectId,
              fetch,
            }),
            warmFunctions({
              functionsOrigin: `http://127.0.0.1:${ports.functions}`,
              projectId,
              fetch,
            }),
          ]).then(([job, calls]) => [job, ...calls])
        : undefined;
    await waitFor(
      'Dashboard server',
      async () => (await fetch(dashboardUrl)).ok,
      60_000,
      managed.find((m) => m.name === 'dashboard'),
    );
    schedules = await driveSchedules(kind, projectId, l.schedulerPort);
    authLinks = await printAuthLinks(kind, projectId, dashboardUrl);
    if (kind === 'dev')
      saves = saveDataPeriodically(id, `http://127.0.0.1:${ports.hub}`, dataDir, exportEveryMs);
    if (warming) {
      const warmed = await warming;
      const cold = warmed.filter((w) => w.status === 'error' || w.status >= 500).map((w) => w.name);
      say.ok(
        `Warmed ${warmed.length - cold.length} function(s) in ${((Date.now() - warmStarted) / 1000).toFixed(1)} s${cold.length ? `; still cold: ${cold.join(', ')}` : ''}`,
      );
    }
    say.ok('Stack is up');
    const running = managed;
    const crashed = new Promise<string>((resolve) => {
      for (const m of running)
        void m.exited.then(
          (code) =>
            !stopping &&
            resolve(
              `${m.name === 'emulators' ? 'The Firebase emulators' : 'The dashboard server'} exited (${code ?? m.child.signalCode}); see ${m.logFile}`,
            ),
        );
    });

    return {
      kind,
      projectId,
      dashboardUrl,
      extensionDir: `${root}${l.extensionOut}/chrome-mv3`,
      sandbox,
      schedules: schedules.driver,
      env: {
        ...offlineSwitches(projectId),
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
        FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
        FIREBASE_STORAGE_EMULATOR_HOST: `127.0.0.1:${ports.storage}`,
        FUNCTIONS_EMULATOR_ORIGIN: `http://127.0.0.1:${ports.functions}`,
        DASHBOARD_URL: dashboardUrl,
        EXTENSION_DIR: `${root}${l.extensionOut}/chrome-mv3`,
        MUSE_SCHEDULER_ORIGIN: schedules.origin,
        AUTH_LINKS_LOG: authLinks.logFile,
        ...sandbox.env,
      },
      stop,
      crashed,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The JVM options of the Firestore emulator and the Storage rules runtime: the client JIT only (C1) and the
 * serial collector. A local stack lives minutes to hours and its emulators mostly start and answer small
 * requests, so the server JIT's compiling (C2) and the parallel collector's threads cost more CPU than they
 * save: on the test stack the Firestore emulator spent 44.6 CPU s for its start, the rules suite and two e2e
 * files with the defaults, 16.3 s with these (docs/architecture.md, "The test suite's time"). Options set by
 * the user come after ours, so theirs win.
 */
function emulatorJvmOptions(): string {
  return ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', process.env.JAVA_TOOL_OPTIONS ?? '']
    .join(' ')
    .trim();
}
