// Nothing the local stack or the suites run may send a packet beyond 127.0.0.1 (tests/sandbox stands in
// for every outside service). Two parts: the switches that tell Google's client libraries, npm and
// firebase-tools not to look for anything outside, set for every process the stack and the suites start
// (they inherit this process's environment); and, for npm test, the check that fails the run when one of
// its processes tried anyway: scripts/stack/no-egress.cjs refuses and records a Node process's attempt,
// and a loopback proxy records Chromium's (tests/e2e/support/env.ts points Chromium at it).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { root } from './paths';

/**
 * The libraries' own switches. gcp-metadata (under google-auth-library, used by firebase-admin,
 * firebase-tools and @google-cloud/*) pings 169.254.169.254 and metadata.google.internal to learn whether it
 * runs on Google Cloud unless METADATA_SERVER_DETECTION says (node_modules/gcp-metadata/build/src/index.js,
 * isAvailable: 'none' means "don't ping, don't use it"); google-auth-library asks the metadata server for
 * the project id unless GOOGLE_CLOUD_PROJECT or GCLOUD_PROJECT names one (googleauth.js,
 * getProductionProjectId). npm and firebase-tools check the registry for a newer version unless told not to
 * (npm's update-notifier config; update-notifier-cjs reads NO_UPDATE_NOTIFIER); the Functions emulator runs
 * `npm show firebase-functions` for the newest SDK (firebase-tools lib/deploy/functions/runtimes/node/
 * versioning.js), which npm's offline config answers from its cache alone.
 */
export function offlineSwitches(projectId?: string): Record<string, string> {
  return {
    METADATA_SERVER_DETECTION: 'none',
    ...(projectId ? { GCLOUD_PROJECT: projectId, GOOGLE_CLOUD_PROJECT: projectId } : {}),
    NO_UPDATE_NOTIFIER: '1',
    npm_config_update_notifier: 'false',
    npm_config_offline: 'true',
    DO_NOT_TRACK: '1',
  };
}

/** Sets the switches in this process's environment, keeping values the user set. */
export function applyOfflineSwitches(env: NodeJS.ProcessEnv = process.env): void {
  for (const [k, v] of Object.entries(offlineSwitches())) env[k] ??= v;
}

/**
 * firebase-tools fetches its message of the day from firebase-public.firebaseio.com unless its configstore
 * holds one fetched within a day (firebase-tools lib/fetchMOTD.js). The emulators get a config folder of
 * their own (XDG_CONFIG_HOME, where configstore keeps firebase-tools.json) that says it was just fetched;
 * a demo project needs none of the user's firebase-tools settings or sign-in.
 */
export function firebaseToolsOfflineEnv(dir: string): Record<string, string> {
  mkdirSync(`${dir}/configstore`, { recursive: true });
  writeFileSync(
    `${dir}/configstore/firebase-tools.json`,
    `${JSON.stringify({ motd: { fetched: Date.now() } })}\n`,
  );
  return { XDG_CONFIG_HOME: dir };
}

export const noEgressPreload = `${root}scripts/stack/no-egress.cjs`;

/** NODE_OPTIONS with the preload added (once) to what was there. */
export function withPreload(nodeOptions: string | undefined): string {
  const flag = `--require "${noEgressPreload}"`;
  const current = (nodeOptions ?? '').trim();
  return current.includes(noEgressPreload) ? current : `${current} ${flag}`.trim();
}

/** One attempt to reach beyond loopback, as no-egress.cjs and the proxy below record it (one JSON line each). */
export interface EgressAttempt {
  at: string;
  pid?: number;
  argv?: string;
  kind: string;
  target: string;
  stack?: string;
}

export function readEgressLog(file: string): EgressAttempt[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as EgressAttempt;
      } catch {
        return { at: '', kind: 'unreadable entry', target: line.slice(0, 200) };
      }
    });
}

/** The no-egress line of npm test's summary: passed when no process of the run tried to reach outside. */
/**
 * Attempts the check holds but does not fail the run on, each refused before any packet left: Chromium's
 * own Google services (updates, sign-in, autofill), which its flags do not all stop in the extension's
 * persistent contexts and which reach only the loopback proxy; and special-use names that resolve
 * nowhere (RFC 6761: .test, .example, .invalid), which tests use as stand-in hosts. They are listed
 * in the summary with their count, so they stay visible until the flags and the tests stop them.
 */
export function heldAttempt(a: { kind: string; target: string }): boolean {
  const host = a.target.replace(/^[a-z]+:\/\//, '').replace(/[:/].*$/, '');
  if (a.kind.startsWith('browser') && /(^|\.)(googleapis\.com|google\.com|gvt1\.com)$/.test(host))
    return true;
  return /\.(test|example|invalid)$/.test(host);
}

export function egressResult(file: string): {
  passed: number;
  failed: number;
  failures: string[];
  held: number;
} {
  const all = readEgressLog(file);
  const held = all.filter(heldAttempt).length;
  const attempts = all.filter((a) => !heldAttempt(a));
  // One line per distinct process and target; the first stack frame outside Node says where.
  const seen = new Map<string, string>();
  for (const a of attempts) {
    const key = `${a.kind} ${a.target} ${a.argv ?? ''}`;
    if (seen.has(key)) continue;
    const frame = (a.stack ?? '')
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.startsWith('at ') && !l.includes('node:'));
    seen.set(
      key,
      `${a.kind} to ${a.target} by ${a.argv ?? 'Chromium'}${a.pid ? ` (pid ${a.pid})` : ''}${frame ? ` ${frame}` : ''}`,
    );
  }
  const failures = [...seen.values()].map((line) => `refused ${line}; all in ${file}`);
  return { passed: failures.length ? 0 : 1, failed: failures.length ? 1 : 0, failures, held };
}

/**
 * A proxy on loopback that forwards nothing: Chromium sends every request for a non-loopback origin to it
 * (--proxy-server; Chromium itself bypasses proxies for localhost, 127.0.0.1 and [::1]), and it records
 * the host asked for and answers 403. Chromium resolves no names itself when it has a proxy.
 */
export async function startEgressProxy(
  logFile: string,
): Promise<{ address: string; stop: () => Promise<void> }> {
  writeFileSync(logFile, '', { flag: 'a' });
  const server = net.createServer((socket) => {
    socket.once('data', (chunk) => {
      // "CONNECT host:443 HTTP/1.1" for https and wss, "GET http://host/path HTTP/1.1" for http.
      const [method = '?', target = '?'] = chunk.toString('latin1').split('\r\n')[0]!.split(' ');
      const entry: EgressAttempt = {
        at: new Date().toISOString(),
        argv: 'Chromium (through the no-egress proxy)',
        kind: `browser ${method}`,
        target: target.slice(0, 300),
      };
      writeFileSync(logFile, `${JSON.stringify(entry)}\n`, { flag: 'a' });
      socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
