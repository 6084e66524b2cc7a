// npm start: installs what is missing, starts the whole local stack offline and says where to open it.
import { ensureJava, ensureWxtPrepared } from './stack/ensure';

ensureWxtPrepared();
ensureJava();

const { say } = await import('./stack/log');
const { startStack } = await import('./stack/stack');
const { seedDemoAccount, DEMO_ACCOUNT } = await import('./stack/demo-account');
const { describeSchedule } = await import('./stack/schedules');

const started = Date.now();
const realProviders = process.env.MUSE_REAL_PROVIDERS === '1';
const stack = await startStack('dev', { realProviders }).catch((error: unknown) => {
  say.fail(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
await seedDemoAccount(stack.projectId, { sandboxKeys: !realProviders });

say.plain('');
say.ok(`Muse Studio is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
say.plain(`  Dashboard   ${say.bold(stack.dashboardUrl)}`);
say.plain(`  Sign in     ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}  (or sign up: verification and password-reset links are printed here and in .local/logs/dev-auth-links.log)`);
say.plain(`  Extension   load unpacked from ${stack.extensionDir} (chrome://extensions, Developer mode)`);
say.plain(`  Emulators   project ${stack.projectId}; logs in .local/logs/`);
say.plain(`  Schedules   ${stack.schedules.functions.map((f) => describeSchedule(f, stack.schedules.tickMs)).join(', ')}, run by the stack; each run in .local/logs/dev-schedules.log`);
say.plain(
  realProviders
    ? '  Providers   REAL endpoints (MUSE_REAL_PROVIDERS=1): save your own keys in Integrations'
    : `  Providers   the local sandbox (${Object.values(stack.sandbox.urls)[0]} and the next ${Object.keys(stack.sandbox.urls).length - 1} ports); the demo account has sandbox keys. MUSE_REAL_PROVIDERS=1 npm start calls the real ones`,
);
say.plain('Press Ctrl+C to stop everything.');

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  say.step('Stopping (saving emulator data to .local/emulator-data/dev)');
  await stack.stop();
  say.ok('Stopped');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
