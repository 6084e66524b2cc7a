// npm start: installs what is missing, starts the whole local stack offline and says where to open it.
import { ensureJava, ensureWxtPrepared } from './stack/ensure';

ensureWxtPrepared();
ensureJava();

const { say } = await import('./stack/log');
const { startStack } = await import('./stack/stack');
const { seedDemoAccount, DEMO_ACCOUNT } = await import('./stack/demo-account');
const { describeSchedule } = await import('./stack/schedules');
const { stackIds } = await import('./stack/instance');
const { exportIntervalFromEnv, realProvidersCrashWarning } = await import('./stack/data-export');
const id = stackIds.dev;

const started = Date.now();
const realProviders = process.env.MUSE_REAL_PROVIDERS === '1';
// MUSE_BUILD_EXTENSION=0 skips the extension build (the stack test: it would overwrite .output).
const buildExtension = process.env.MUSE_BUILD_EXTENSION !== '0';
const stack = await startStack('dev', { realProviders, buildExtension }).catch((error: unknown) => {
  say.fail(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
await seedDemoAccount(stack.projectId, {
  sandboxKeys: !realProviders,
  dashboardUrl: stack.dashboardUrl,
});

say.plain('');
say.ok(`Muse Studio is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
say.plain(`  Dashboard   ${say.bold(stack.dashboardUrl)}`);
say.plain(
  `  Sign in     ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}  (or sign up: verification and password-reset links are printed here and in .local/logs/${id}-auth-links.log)`,
);
if (buildExtension)
  say.plain(
    `  Extension   load unpacked from ${stack.extensionDir} (chrome://extensions, Developer mode)`,
  );
say.plain(
  `  Emulators   project ${stack.projectId}; logs in .local/logs/; data saved to .local/emulator-data/${id} as it runs`,
);
say.plain(
  `  Schedules   ${stack.schedules.functions.map((f) => describeSchedule(f, stack.schedules.tickMs)).join(', ')}, run by the stack; each run in .local/logs/${id}-schedules.log`,
);
say.plain(
  realProviders
    ? '  Providers   REAL endpoints (MUSE_REAL_PROVIDERS=1): save your own keys in Integrations'
    : `  Providers   the local sandbox (${Object.values(stack.sandbox.urls)[0]} and the next ${Object.keys(stack.sandbox.urls).length - 1} ports); the demo account has sandbox keys. MUSE_REAL_PROVIDERS=1 npm start calls the real ones`,
);
if (realProviders)
  say.warn(realProvidersCrashWarning(exportIntervalFromEnv(process.env.MUSE_EXPORT_INTERVAL_MS)));
say.plain('Press Ctrl+C to stop everything.');

let stopping = false;
const shutdown = async (code: number) => {
  if (stopping) return;
  stopping = true;
  say.step(`Stopping (saving emulator data to .local/emulator-data/${id})`);
  await stack
    .stop()
    .catch((error: unknown) =>
      say.fail(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  say.ok('Stopped');
  process.exit(code);
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
// A stack without its emulators or dashboard is no use: stop the rest (every worker too) and say so.
void stack.crashed.then((what) => {
  say.fail(
    `${what}. Stopping the stack; run npm start again (your data is kept as of its last save).`,
  );
  void shutdown(1);
});
