// What the local stack needs to know about running processes, read from Linux's /proc (no tool such
// as ps, lsof or ss is needed): each process's group, parent, start time and command line, and which
// process listens on a TCP port. The parsers are pure and tested in tests/unit/stack/proc.test.ts.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Process group id. */
  pgid: number;
  /** Start time in clock ticks since boot (/proc/<pid>/stat field 22): with the pid, it names one process for good. */
  startTime: number;
  /** The command line, arguments joined by spaces. */
  cmdline: string;
}

/**
 * Parses /proc/<pid>/stat. The command name (field 2) is in parentheses and may itself hold spaces or
 * parentheses, so the fields after it are counted from the last ')'. A zombie (state Z) has exited and
 * only waits for its parent to read its status: it counts as gone.
 */
export function parseStat(text: string): Omit<ProcessInfo, 'cmdline'> | undefined {
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  const pid = Number(text.slice(0, text.indexOf(' ')));
  // After ") ": state (field 3), ppid (4), pgrp (5), ..., starttime (22).
  const fields = text
    .slice(close + 2)
    .trim()
    .split(' ');
  if (fields.length < 20 || fields[0] === 'Z' || fields[0] === 'X') return undefined;
  const [ppid, pgid, startTime] = [Number(fields[1]), Number(fields[2]), Number(fields[19])];
  if (![pid, ppid, pgid, startTime].every(Number.isInteger)) return undefined;
  return { pid, ppid, pgid, startTime };
}

/** One process, or undefined if it is gone (or a zombie). */
export function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    if (!stat) return undefined;
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .join(' ');
    return { ...stat, cmdline };
  } catch {
    return undefined;
  }
}

export function listProcesses(): ProcessInfo[] {
  const list: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const p = readProcess(Number(entry));
    if (p) list.push(p);
  }
  return list;
}

/** A process of this checkout: its command line names a path inside it (`root` ends with a slash). */
export const belongsTo = (p: Pick<ProcessInfo, 'cmdline'>, root: string): boolean =>
  p.cmdline.includes(root);

/** The processes still in a group, and every descendant of its leader (which may have left the group). */
export function groupAndDescendants(
  pgid: number,
  all: ProcessInfo[] = listProcesses(),
): ProcessInfo[] {
  const found = new Map(all.filter((p) => p.pgid === pgid).map((p) => [p.pid, p]));
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all) {
      if (!found.has(p.pid) && (p.ppid === pgid || found.has(p.ppid))) {
        found.set(p.pid, p);
        grew = true;
      }
    }
  }
  return [...found.values()];
}

/**
 * Parses /proc/net/tcp or /proc/net/tcp6: the socket inodes listening (state 0A) on each local port.
 * A line: `sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ...`,
 * addresses as hex `ADDR:PORT`.
 */
export function parseListening(text: string): Map<number, Set<string>> {
  const byPort = new Map<number, Set<string>>();
  for (const line of text.split('\n').slice(1)) {
    const [, local = '', , state, , , , , , inode = ''] = line.trim().split(/\s+/);
    if (state !== '0A' || !inode) continue;
    const port = parseInt(local.split(':')[1] ?? '', 16);
    if (!Number.isInteger(port)) continue;
    const inodes = byPort.get(port) ?? new Set<string>();
    inodes.add(inode);
    byPort.set(port, inodes);
  }
  return byPort;
}

/** The pids of the processes listening on each of `ports` (that this user may inspect). */
export function listenersOn(ports: number[]): Map<number, number[]> {
  const wanted = new Map<string, number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const [port, inodes] of parseListening(text))
      if (ports.includes(port)) for (const inode of inodes) wanted.set(`socket:[${inode}]`, port);
  }
  const result = new Map<number, number[]>();
  if (wanted.size === 0) return result;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${entry}/fd/${fd}`);
      } catch {
        continue;
      }
      const port = wanted.get(target);
      if (port === undefined) continue;
      const pids = result.get(port) ?? [];
      if (!pids.includes(Number(entry))) pids.push(Number(entry));
      result.set(port, pids);
    }
  }
  return result;
}
