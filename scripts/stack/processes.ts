import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type WriteStream,
} from 'node:fs';
import net from 'node:net';
import { logsDir, root, runDir } from './paths';
import {
  belongsTo,
  groupAndDescendants,
  listenersOn,
  listProcesses,
  readProcess,
  type ProcessInfo,
} from './proc';

export interface Managed {
  name: string;
  child: ChildProcess;
  logFile: string;
  /** Its pid file in .local/run, removed once its whole group is gone. */
  pidFile: string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

export const pidFile = (stack: string, name: string) => `${runDir}/${stack}-${name}.pid`;

/** What a pid file in .local/run records: the pid (also the process group id) and its start time, which tells a reused pid apart. */
export interface PidRecord {
  pid: number;
  startTime?: number;
  startedAt?: string;
}

export const formatPidFile = (r: PidRecord): string => `${JSON.stringify(r)}\n`;

/** Reads a pid file; a bare number is an older file without a start time. */
export function parsePidFile(text: string): PidRecord | undefined {
  const t = text.trim();
  if (/^\d+$/.test(t)) return Number(t) > 0 ? { pid: Number(t) } : undefined;
  try {
    const j = JSON.parse(t) as Record<string, unknown>;
    if (!Number.isInteger(j.pid) || (j.pid as number) <= 0) return undefined;
    return {
      pid: j.pid as number,
      ...(Number.isInteger(j.startTime) ? { startTime: j.startTime as number } : {}),
      ...(typeof j.startedAt === 'string' ? { startedAt: j.startedAt } : {}),
    };
  } catch {
    return undefined;
  }
}

export function writePidFile(stack: string, name: string, pid: number): void {
  mkdirSync(runDir, { recursive: true });
  writeFileSync(
    pidFile(stack, name),
    formatPidFile({
      pid,
      startTime: readProcess(pid)?.startTime,
      startedAt: new Date().toISOString(),
    }),
  );
}

export function readPidFile(stack: string, name: string): PidRecord | undefined {
  const file = pidFile(stack, name);
  return existsSync(file) ? parsePidFile(readFileSync(file, 'utf8')) : undefined;
}

/** The recorded process itself, if it still runs (the same process: same start time, or for an older file, a command of this checkout). */
export function recordedProcess(
  r: PidRecord,
  all: ProcessInfo[] = listProcesses(),
): ProcessInfo | undefined {
  const p = all.find((x) => x.pid === r.pid);
  if (!p) return undefined;
  return (r.startTime === undefined ? belongsTo(p, root) : p.startTime === r.startTime)
    ? p
    : undefined;
}

/**
 * What is left of a process group a pid file records: the group's members and, while the leader runs,
 * its descendants (the Firestore emulator's Java runs in a group of its own). If the pid now belongs to
 * another process, nothing: Linux reuses no pid while a group of that id has members. An older pid
 * file without a start time only vouches for commands of this checkout.
 */
export function leftoversOf(r: PidRecord, all: ProcessInfo[] = listProcesses()): ProcessInfo[] {
  const leader = all.find((p) => p.pid === r.pid);
  if (leader && r.startTime !== undefined && leader.startTime !== r.startTime) return [];
  const found = groupAndDescendants(r.pid, all);
  return r.startTime === undefined ? found.filter((p) => belongsTo(p, root)) : found;
}

const signal = (pid: number, sig: NodeJS.Signals) => {
  try {
    process.kill(pid, sig);
  } catch {
    /* already gone (ESRCH) */
  }
};

const stillRunning = (targets: ProcessInfo[]): ProcessInfo[] => {
  const all = listProcesses();
  return targets.filter((t) => all.some((p) => p.pid === t.pid && p.startTime === t.startTime));
};

/** Ends these processes: SIGTERM, then SIGKILL to those still running after graceMs. Those already gone are fine. */
export async function endProcesses(targets: ProcessInfo[], graceMs = 8000): Promise<void> {
  for (const t of targets) signal(t.pid, 'SIGTERM');
  const until = Date.now() + graceMs;
  let left = stillRunning(targets);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    left = stillRunning(left);
  }
  for (const t of left) signal(t.pid, 'SIGKILL');
  const killedBy = Date.now() + 5000;
  while (left.length > 0 && Date.now() < killedBy) {
    await new Promise((r) => setTimeout(r, 50));
    left = stillRunning(left);
  }
}

/**
 * Ends a process group we started and every descendant of its leader (negative pid), waiting up to
 * `graceMs` before SIGKILL. Works when the leader is already gone: its workers stay in its group.
 * `also`: processes to end with it, found before its leader went (they have left the group and the tree).
 */
export async function killGroup(
  pid: number,
  graceMs = 8000,
  also: ProcessInfo[] = [],
): Promise<void> {
  const targets = [...groupAndDescendants(pid), ...also];
  if (targets.length === 0) return;
  await endProcesses(targets, graceMs);
  // Anything the group spawned while it was stopping.
  if (groupAndDescendants(pid).length > 0) signal(-pid, 'SIGKILL');
}

/** Refuses to start beside a live run of the same stack (the `start` pid file names the script that started it). */
export function assertNotRunning(stack: string): void {
  const r = readPidFile(stack, 'start');
  const p = r && r.pid !== process.pid ? recordedProcess(r) : undefined;
  if (p) {
    throw new Error(
      `This stack is already running (pid ${p.pid}: ${p.cmdline.slice(0, 120)}). Stop it (Ctrl+C in its terminal, or kill ${p.pid}) and try again.`,
    );
  }
}

/**
 * Stops what an earlier run of this stack left behind (a crash or a killed terminal): the groups its
 * pid files name, then any process of this checkout still listening on one of this stack's ports (the
 * Java of a Firestore emulator whose parent was killed has neither pid file nor parent). Returns what
 * it stopped, one line each.
 */
export async function cleanStale(
  stack: string,
  names: string[],
  ports: Record<string, number> = {},
): Promise<string[]> {
  const cleaned: string[] = [];
  for (const name of names) {
    const file = pidFile(stack, name);
    if (!existsSync(file)) continue;
    const r = parsePidFile(readFileSync(file, 'utf8'));
    const left = r ? leftoversOf(r) : [];
    if (r && left.length > 0) {
      cleaned.push(`${name}: ${left.length} process(es) of group ${r.pid}`);
      await killGroup(r.pid, 5000, left);
    }
    rmSync(file, { force: true });
  }
  const holders = listenersOn(Object.values(ports));
  for (const [portName, port] of Object.entries(ports)) {
    for (const pid of holders.get(port) ?? []) {
      const p = readProcess(pid);
      if (!p || !belongsTo(p, root) || p.pid === process.pid) continue;
      cleaned.push(`${portName} (${port}): pid ${p.pid}`);
      // A group leader takes its group along (a crashed emulator suite's function workers); another process its descendants.
      await endProcesses(
        p.pgid === p.pid
          ? groupAndDescendants(p.pid)
          : [p, ...groupAndDescendants(p.pid).filter((d) => d.pid !== p.pid && d.pgid !== p.pgid)],
        5000,
      );
    }
  }
  return cleaned;
}

export function portInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function assertPortsFree(ports: Record<string, number>): Promise<void> {
  const busy: string[] = [];
  const holders = listenersOn(Object.values(ports));
  for (const [name, port] of Object.entries(ports)) {
    if (!(await portInUse(port))) continue;
    const who = (holders.get(port) ?? []).map(
      (pid) => `pid ${pid}: ${readProcess(pid)?.cmdline.slice(0, 80) ?? '?'}`,
    );
    busy.push(`${name} (${port}${who.length ? `, ${who.join('; ')}` : ''})`);
  }
  if (busy.length) {
    throw new Error(
      `These ports are taken by another program: ${busy.join(', ')}. Stop it (for example: fuser -k ${Object.values(ports).join(' ')}/tcp, if nothing of yours runs there) and try again.`,
    );
  }
}

/** The line that opens each run's part of an appended log. */
export const startMarker = (
  stack: string,
  name: string,
  pid: number | undefined,
  at: Date,
): string =>
  `\n===== ${at.toISOString()} ${stack} ${name} started${pid ? ` (pid ${pid})` : ''} =====\n`;

/** Logs above this size are moved to <name>.log.1 (replacing the one before) when a run opens them. */
const LOG_ROTATE_BYTES = 20 * 1024 * 1024;

/** Opens a log of the stack for appending, so a restart keeps the log of what went wrong before it. */
export function openLog(logFile: string): WriteStream {
  mkdirSync(logsDir, { recursive: true });
  try {
    if (statSync(logFile).size > LOG_ROTATE_BYTES) renameSync(logFile, `${logFile}.1`);
  } catch {
    /* no log yet */
  }
  return createWriteStream(logFile, { flags: 'a' });
}

/** Starts a long-running process in its own process group, logging to .local/logs and recording its pid. */
export function startManaged(
  stack: string,
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Managed {
  mkdirSync(runDir, { recursive: true });
  const logFile = `${logsDir}/${stack}-${name}.log`;
  const out = openLog(logFile);
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  out.write(startMarker(stack, name, child.pid, new Date()));
  child.stdout?.pipe(out, { end: false });
  child.stderr?.pipe(out, { end: false });
  if (child.pid) writePidFile(stack, name, child.pid);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      // Workers of a leader that crashed stay in its group: the pid file stays until they are ended too.
      if (child.pid && groupAndDescendants(child.pid).length === 0)
        rmSync(pidFile(stack, name), { force: true });
      resolve(code);
    }),
  );
  child.once('close', () => out.end());
  return { name, child, logFile, pidFile: pidFile(stack, name), exited };
}

/** Stops processes we started, each with its whole group, whether or not their leader is still running. */
export async function stopManaged(list: Managed[]): Promise<void> {
  await Promise.all(
    list.map(async (m) => {
      if (m.child.pid) await killGroup(m.child.pid);
      rmSync(m.pidFile, { force: true });
    }),
  );
}

/** Runs a command to completion, streaming or capturing its output. */
export function run(
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {},
): { status: number; output: string } {
  const r = spawnSync(command, args, {
    cwd: root,
    env: { ...process.env, ...opts.env },
    stdio: opts.quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status ?? 1, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/**
 * Runs a command to completion without blocking this process's event loop. The test and start
 * scripts host the provider sandbox in-process and pipe the emulators' logs: a synchronous wait
 * would stall both (the functions under test would wait forever on the sandbox).
 */
export function runAsync(
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {},
): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...opts.env },
      stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-256 * 1024);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('error', (error) => resolve({ status: 1, output: String(error) }));
    child.once('close', (code) => resolve({ status: code ?? 1, output }));
  });
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  managed?: Managed,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (managed && managed.child.exitCode !== null)
      throw new Error(
        `${what}: the process exited early (code ${managed.child.exitCode}); see ${managed.logFile}`,
      );
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `${what} was not ready after ${Math.round(timeoutMs / 1000)} s${managed ? `; see ${managed.logFile}` : ''}`,
  );
}
