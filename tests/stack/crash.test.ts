// npm start survives its own crash: the emulators are killed with SIGKILL under a running `npm start`,
// which then stops what is left of it; a second `npm start` starts, with the data saved before the kill.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testPortShift } from '../../core/firebase/config';
import { root } from '../../scripts/stack/paths';
import {
  groupAndDescendants,
  listenersOn,
  listProcesses,
  type ProcessInfo,
} from '../../scripts/stack/proc';
import { parsePidFile, pidFile } from '../../scripts/stack/processes';

const shift = 20_000 + testPortShift;
const id = `dev-${shift}`;
const projectId = `demo-muse-studio-${shift}`;
const port = {
  auth: 9099 + shift,
  firestore: 8080 + shift,
  storage: 9199 + shift,
  hub: 4400 + shift,
  functions: 5001 + shift,
  dashboard: 5173 + shift,
  sandbox: 8900 + shift,
};
const dataDir = `${root}.local/emulator-data/${id}`;
const exportsLog = `${root}.local/logs/${id}-exports.log`;
const SAVE_EVERY_MS = 2000;

/** Every process the test saw belong to its stacks, ended in afterAll whatever happens. */
const seen = new Map<number, ProcessInfo>();
const remember = (list: ProcessInfo[]) => list.forEach((p) => seen.set(p.pid, p));
const running = (list: ProcessInfo[]): ProcessInfo[] => {
  const all = listProcesses();
  return list.filter((t) => all.some((p) => p.pid === t.pid && p.startTime === t.startTime));
};

/**
 * What is still running of a stack that has stopped. A helper that ends on its own when its parent goes
 * (tsx's esbuild service reads its stdin to the end) may take a moment on a busy machine, so this waits up
 * to 20 s for the list to empty before it answers with what is left.
 */
async function leftOf(list: ProcessInfo[]): Promise<string[]> {
  const by = Date.now() + 20_000;
  while (running(list).length > 0 && Date.now() < by) await new Promise((r) => setTimeout(r, 250));
  return running(list).map((p) => p.cmdline);
}

interface Start {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function npmStart(): Start {
  let output = '';
  // Its own group, like a terminal's job: afterAll ends the whole group.
  const child = spawn(
    process.execPath,
    [`${root}node_modules/tsx/dist/cli.mjs`, 'scripts/start.ts'],
    {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        MUSE_DEV_PORT_SHIFT: String(shift),
        MUSE_BUILD_EXTENSION: '0',
        MUSE_EXPORT_INTERVAL_MS: String(SAVE_EVERY_MS),
        MUSE_REAL_PROVIDERS: '',
        NO_COLOR: '1',
      },
    },
  );
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  if (child.pid) remember(groupAndDescendants(child.pid));
  return { child, output: () => output, exited };
}

async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  start?: Start,
): Promise<T> {
  const by = Date.now() + timeoutMs;
  for (;;) {
    if (start && start.child.exitCode !== null)
      throw new Error(
        `npm start exited (${start.child.exitCode}) while waiting for ${what}:\n${start.output().slice(-3000)}`,
      );
    const value = await (async () => check())().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > by)
      throw new Error(
        `${what}: not after ${timeoutMs / 1000} s${start ? `\n${start.output().slice(-3000)}` : ''}`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}

const ready = (s: Start) =>
  until(
    'npm start to be ready',
    () => (s.output().includes('Muse Studio is running') ? true : undefined),
    400_000,
    s,
  );

/** The processes of the running stack: npm start's group, and each group its pid files name with its descendants. */
function stackProcesses(start: Start): ProcessInfo[] {
  const list = start.child.pid ? groupAndDescendants(start.child.pid) : [];
  for (const name of ['emulators', 'dashboard']) {
    const file = pidFile(id, name);
    const r = existsSync(file) ? parsePidFile(readFileSync(file, 'utf8')) : undefined;
    if (r) list.push(...groupAndDescendants(r.pid));
  }
  remember(list);
  return list;
}

const owner = { authorization: 'Bearer owner', 'content-type': 'application/json' };
const firestoreDoc = `http://127.0.0.1:${port.firestore}/v1/projects/${projectId}/databases/(default)/documents/crashTest/before`;
const storageObject = `http://127.0.0.1:${port.storage}/v0/b/${projectId}.appspot.com/o/crash-test.txt`;
const authApi = `http://127.0.0.1:${port.auth}/identitytoolkit.googleapis.com/v1`;
const user = { email: 'crash@muse.studio', password: 'crash-test-2026' };

beforeAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

afterAll(async () => {
  // Whatever the outcome: every process the test saw, and anything still on the stack's ports.
  for (const [p, pids] of listenersOn(Object.values(port)))
    for (const pid of pids) if (p) remember(listProcesses().filter((x) => x.pid === pid));
  const left = running([...seen.values()]);
  for (const p of left) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  for (const suffix of ['', '.next', '.prev'])
    rmSync(`${dataDir}${suffix}`, { recursive: true, force: true });
  rmSync(`${root}.local/tmp/${id}`, { recursive: true, force: true });
  rmSync(`${root}functions/.env.${projectId}`, { force: true });
  rmSync(`${root}firebase.local-${id}.json`, { force: true });
  rmSync(`${root}.local/firestore.local-${id}.rules`, { force: true });
});

it('after its emulators are killed, npm start stops every process it started, and starts again with the data saved before the kill', async () => {
  const first = npmStart();
  await ready(first);

  // Data in each emulator: a document, an object, an account.
  expect(
    (
      await fetch(firestoreDoc.replace('/before', '?documentId=before'), {
        method: 'POST',
        headers: owner,
        body: JSON.stringify({ fields: { note: { stringValue: 'written before the crash' } } }),
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await fetch(
        `http://127.0.0.1:${port.storage}/upload/storage/v1/b/${projectId}.appspot.com/o?uploadType=media&name=crash-test.txt`,
        {
          method: 'POST',
          headers: { authorization: 'Bearer owner', 'content-type': 'text/plain' },
          body: 'kept',
        },
      )
    ).status,
  ).toBe(200);
  expect(
    (
      await fetch(`${authApi}/accounts:signUp?key=demo-api-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...user, returnSecureToken: true }),
      })
    ).status,
  ).toBe(200);

  // A save that began after the last write had been answered (a save begun between two writes would
  // hold only the first): each line of the exports log ends with the save's duration.
  const written = Date.now();
  await until(
    'a save of the data written',
    () => {
      const saves = readFileSync(exportsLog, 'utf8')
        .split('\n')
        .map((line) => /^(\S+) saved to .* \((\d+) ms\)$/.exec(line))
        .filter((m) => m !== null)
        .map((m) => Date.parse(m[1] ?? '') - Number(m[2]));
      return saves.some((began) => began > written) ? true : undefined;
    },
    60_000,
    first,
  );

  // kill -9 the emulators: firebase-tools and its Java emulators, leaving its function workers behind as a crash would.
  const before = stackProcesses(first);
  const emulators = parsePidFile(readFileSync(pidFile(id, 'emulators'), 'utf8'));
  expect(emulators).toBeDefined();
  const victims = groupAndDescendants(emulators?.pid ?? 0).filter(
    (p) => p.pid === emulators?.pid || p.cmdline.startsWith('java '),
  );
  expect(victims.length).toBeGreaterThanOrEqual(2);
  for (const p of victims) process.kill(p.pid, 'SIGKILL');

  // npm start notices, stops the rest and exits; nothing it started is left.
  expect(await first.exited).toBe(1);
  expect(first.output()).toMatch(/The Firebase emulators exited/);
  expect(await leftOf(before)).toEqual([]);

  const second = npmStart();
  await ready(second);
  stackProcesses(second);

  const doc = (await (await fetch(firestoreDoc, { headers: owner })).json()) as {
    fields?: { note?: { stringValue?: string } };
  };
  expect(doc.fields?.note?.stringValue).toBe('written before the crash');
  expect(
    await (
      await fetch(`${storageObject}?alt=media`, { headers: { authorization: 'Bearer owner' } })
    ).text(),
  ).toBe('kept');
  expect(
    (
      await fetch(`${authApi}/accounts:signInWithPassword?key=demo-api-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...user, returnSecureToken: true }),
      })
    ).status,
  ).toBe(200);

  // Ctrl+C: a clean stop, and again nothing left.
  const during = stackProcesses(second);
  process.kill(second.child.pid ?? 0, 'SIGINT');
  expect(await second.exited).toBe(0);
  expect(await leftOf(during)).toEqual([]);
});
