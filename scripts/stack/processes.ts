import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { logsDir, root, runDir } from './paths';

export interface Managed {
  name: string;
  child: ChildProcess;
  logFile: string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

const pidFile = (stack: string, name: string) => `${runDir}/${stack}-${name}.pid`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ends a process group we started (negative pid), waiting up to `graceMs` before SIGKILL. */
export async function killGroup(pid: number, graceMs = 8000): Promise<void> {
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        process.kill(pid, sig);
      } catch {
        /* already gone */
      }
    }
  };
  if (!alive(pid)) return;
  signal('SIGTERM');
  const until = Date.now() + graceMs;
  while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) signal('SIGKILL');
}

/** Stops what an earlier run of this stack left behind (a crash or a killed terminal), by its pid files only. */
export async function cleanStale(stack: string, names: string[]): Promise<void> {
  for (const name of names) {
    const file = pidFile(stack, name);
    if (!existsSync(file)) continue;
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid > 0 && alive(pid)) await killGroup(pid, 5000);
    rmSync(file, { force: true });
  }
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
  for (const [name, port] of Object.entries(ports)) if (await portInUse(port)) busy.push(`${name} (${port})`);
  if (busy.length) {
    throw new Error(`These ports are taken by another program: ${busy.join(', ')}. Stop it (for example: fuser -k ${Object.values(ports).join(' ')}/tcp, if nothing of yours runs there) and try again.`);
  }
}

/** Starts a long-running process in its own process group, logging to .local/logs and recording its pid. */
export function startManaged(stack: string, name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Managed {
  mkdirSync(logsDir, { recursive: true });
  mkdirSync(runDir, { recursive: true });
  const logFile = `${logsDir}/${stack}-${name}.log`;
  const out = createWriteStream(logFile);
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  if (child.pid) writeFileSync(pidFile(stack, name), String(child.pid));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      rmSync(pidFile(stack, name), { force: true });
      resolve(code);
    }),
  );
  return { name, child, logFile, exited };
}

export async function stopManaged(list: Managed[]): Promise<void> {
  await Promise.all(list.map((m) => (m.child.pid && m.child.exitCode === null ? killGroup(m.child.pid) : Promise.resolve())));
}

/** Runs a command to completion, streaming or capturing its output. */
export function run(command: string, args: string[], opts: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): { status: number; output: string } {
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
export function runAsync(command: string, args: string[], opts: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...opts.env }, stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
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

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, managed?: Managed): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (managed && managed.child.exitCode !== null) throw new Error(`${what}: the process exited early (code ${managed.child.exitCode}); see ${managed.logFile}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} was not ready after ${Math.round(timeoutMs / 1000)} s${managed ? `; see ${managed.logFile}` : ''}`);
}
