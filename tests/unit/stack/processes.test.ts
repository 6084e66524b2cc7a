import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  exportIntervalFromEnv,
  recoverExport,
  removeAbandonedExports,
  swapIn,
} from '../../../scripts/stack/data-export';
import { parseDevPortShift } from '../../../scripts/stack/instance';
import { root } from '../../../scripts/stack/paths';
import {
  groupAndDescendants,
  parseListening,
  parseStat,
  readProcess,
  type ProcessInfo,
} from '../../../scripts/stack/proc';
import {
  cleanStale,
  formatPidFile,
  killGroup,
  leftoversOf,
  parsePidFile,
  pidFile,
  startMarker,
} from '../../../scripts/stack/processes';

describe('reading /proc', () => {
  it('reads the parent, group and start time of a process, whatever its name holds', () => {
    const fields = 'S 10 12 12 0 -1 4194304 97 0 0 0 0 0 0 0 20 0 1 0 179874 3133440';
    expect(parseStat(`42 (node) ${fields}`)).toEqual({
      pid: 42,
      ppid: 10,
      pgid: 12,
      startTime: 179874,
    });
    expect(parseStat(`42 (a (b) c) ${fields}`)).toEqual({
      pid: 42,
      ppid: 10,
      pgid: 12,
      startTime: 179874,
    });
  });

  it('counts a zombie as gone', () => {
    expect(
      parseStat('42 (node) Z 10 12 12 0 -1 4194304 97 0 0 0 0 0 0 0 20 0 1 0 179874 3133440'),
    ).toBeUndefined();
  });

  it('finds the sockets listening on each port, not the connected ones', () => {
    const text = [
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 110029 1 0000000000000000 100 0 0 10 0',
      '   1: 0100007F:1F90 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000     0        0 110031 1 0000000000000000 20 4 30 10 -1',
      '   2: 0100007F:4A9B 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 109946 1 0000000000000000 100 0 0 10 0',
    ].join('\n');
    const listening = parseListening(text);
    expect([...listening.keys()].sort((a, b) => a - b)).toEqual([8080, 19099]);
    expect([...(listening.get(8080) ?? [])]).toEqual(['110029']);
  });

  it('takes in the descendants of a group leader that left its group', () => {
    const p = (pid: number, ppid: number, pgid: number): ProcessInfo => ({
      pid,
      ppid,
      pgid,
      startTime: 1,
      cmdline: '',
    });
    const all = [
      p(100, 1, 100),
      p(101, 100, 100),
      p(102, 100, 102),
      p(103, 102, 102),
      p(200, 1, 200),
    ];
    expect(
      groupAndDescendants(100, all)
        .map((x) => x.pid)
        .sort(),
    ).toEqual([100, 101, 102, 103]);
  });
});

describe('pid files', () => {
  it('records the pid with its start time and reads it back', () => {
    const text = formatPidFile({ pid: 4242, startTime: 99, startedAt: '2026-01-01T00:00:00.000Z' });
    expect(parsePidFile(text)).toEqual({
      pid: 4242,
      startTime: 99,
      startedAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('reads an older file that holds only the pid, and ignores garbage', () => {
    expect(parsePidFile('4242\n')).toEqual({ pid: 4242 });
    expect(parsePidFile('')).toBeUndefined();
    expect(parsePidFile('0')).toBeUndefined();
    expect(parsePidFile('{"pid":"x"}')).toBeUndefined();
    expect(parsePidFile('{"pid":')).toBeUndefined();
  });

  const proc = (
    pid: number,
    ppid: number,
    pgid: number,
    startTime: number,
    cmdline: string,
  ): ProcessInfo => ({ pid, ppid, pgid, startTime, cmdline });

  it('takes a pid whose start time differs for another process, and leaves it alone', () => {
    const all = [
      proc(500, 1, 500, 777, `node ${root}node_modules/firebase-tools/lib/bin/firebase.js`),
    ];
    expect(leftoversOf({ pid: 500, startTime: 111 }, all)).toEqual([]);
    expect(leftoversOf({ pid: 500, startTime: 777 }, all).map((p) => p.pid)).toEqual([500]);
  });

  it('finds the workers of a leader that is gone', () => {
    const all = [
      proc(
        501,
        1,
        500,
        5,
        `node ${root}node_modules/firebase-tools/lib/emulator/functionsEmulatorRuntime`,
      ),
      proc(600, 1, 600, 5, 'bash'),
    ];
    expect(leftoversOf({ pid: 500, startTime: 4 }, all).map((p) => p.pid)).toEqual([501]);
  });

  it('trusts an older pid file only for processes of this checkout', () => {
    const all = [
      proc(500, 1, 500, 5, 'vim notes.txt'),
      proc(501, 500, 500, 5, `node ${root}node_modules/vite/bin/vite.js`),
    ];
    expect(leftoversOf({ pid: 500 }, all).map((p) => p.pid)).toEqual([501]);
  });
});

describe('logs', () => {
  it('opens each run with a marker line naming the stack, the process, its pid and the time', () => {
    expect(startMarker('dev', 'emulators', 1234, new Date('2026-11-25T10:00:00Z'))).toBe(
      '\n===== 2026-11-25T10:00:00.000Z dev emulators started (pid 1234) =====\n',
    );
  });
});

describe('settings from the environment', () => {
  it('takes a dev port shift that no other stack uses, or none', () => {
    expect(parseDevPortShift(undefined)).toBe(0);
    expect(parseDevPortShift('20000')).toBe(20000);
    for (const bad of ['1000', '17000', '20500', '60000', 'x'])
      expect(() => parseDevPortShift(bad)).toThrow(/MUSE_DEV_PORT_SHIFT/);
  });

  it('saves the data every 30 s unless told otherwise', () => {
    expect(exportIntervalFromEnv(undefined)).toBe(30_000);
    expect(exportIntervalFromEnv('5000')).toBe(5000);
    for (const bad of ['0', '500', 'soon'])
      expect(() => exportIntervalFromEnv(bad)).toThrow(/MUSE_EXPORT_INTERVAL_MS/);
  });
});

describe('swapping in a save of the emulator data', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const exportIn = (d: string, marker: string) => {
    mkdirSync(d, { recursive: true });
    writeFileSync(`${d}/firebase-export-metadata.json`, '{}');
    writeFileSync(`${d}/which`, marker);
  };

  it('replaces the data with a complete export and refuses an incomplete one', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'muse-export-'));
    const data = `${dir}/dev`;
    exportIn(data, 'old');
    exportIn(`${data}.next`, 'new');
    swapIn(`${data}.next`, data);
    expect(readFileSync(`${data}/which`, 'utf8')).toBe('new');
    expect(existsSync(`${data}.next`) || existsSync(`${data}.prev`)).toBe(false);
    mkdirSync(`${data}.next`);
    expect(() => swapIn(`${data}.next`, data)).toThrow(/incomplete/);
    expect(readFileSync(`${data}/which`, 'utf8')).toBe('new');
  });

  it('puts back the last good save after a crash between the two renames, and drops a half-written export', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'muse-export-'));
    const data = `${dir}/dev`;
    exportIn(`${data}.prev`, 'last good');
    mkdirSync(`${data}.next`);
    expect(recoverExport(data)).toBe('recovered');
    expect(readFileSync(`${data}/which`, 'utf8')).toBe('last good');
    expect(existsSync(`${data}.next`) || existsSync(`${data}.prev`)).toBe(false);
    expect(recoverExport(data)).toBe('ok');
  });

  it("removes the hub's abandoned temporary exports, not one under way", () => {
    dir = mkdtempSync(path.join(tmpdir(), 'muse-export-'));
    const now = Date.now();
    mkdirSync(`${dir}/firebase-export-${now - 3_600_000}abc`);
    mkdirSync(`${dir}/firebase-export-${now - 1000}def`);
    removeAbandonedExports(dir, now);
    expect(existsSync(`${dir}/firebase-export-${now - 3_600_000}abc`)).toBe(false);
    expect(existsSync(`${dir}/firebase-export-${now - 1000}def`)).toBe(true);
  });
});

describe('ending what the stack started', () => {
  const started: number[] = [];
  afterEach(() => {
    for (const pid of started.splice(0)) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  });

  /**
   * A detached group like the emulators': a leader and two workers. Resolves with the workers' pids once
   * they run; `crash` kills the leader with SIGKILL and resolves once it is reaped (gone, not a zombie).
   */
  async function startGroup(): Promise<{
    leader: number;
    workers: number[];
    crash: () => Promise<void>;
  }> {
    const child = spawn('sh', ['-c', 'sleep 300 & sleep 300 & wait'], {
      detached: true,
      stdio: 'ignore',
    });
    const leader = child.pid ?? 0;
    started.push(leader);
    const exited = new Promise((r) => child.once('exit', r));
    const crash = async () => {
      process.kill(leader, 'SIGKILL');
      await exited;
    };
    for (;;) {
      const workers = groupAndDescendants(leader)
        .filter((p) => p.pid !== leader)
        .map((p) => p.pid);
      if (workers.length === 2) return { leader, workers, crash };
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('ends every worker of a group whose leader was killed, without an error', async () => {
    const { leader, workers, crash } = await startGroup();
    await crash();
    expect(workers.every((pid) => readProcess(pid))).toBe(true);

    await killGroup(leader, 2000);

    expect(workers.filter((pid) => readProcess(pid))).toEqual([]);
  });

  it('on a new start, ends the leftovers its pid file names, and what of this checkout still holds its ports', async () => {
    const stack = `unit-${process.pid}`;
    const { leader, workers, crash } = await startGroup();
    mkdirSync(path.dirname(pidFile(stack, 'emulators')), { recursive: true });
    writeFileSync(
      pidFile(stack, 'emulators'),
      formatPidFile({ pid: leader, startTime: readProcess(leader)?.startTime }),
    );
    await crash();

    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    // A server of this checkout with no pid file (its command line names the checkout).
    const orphan = spawn(
      process.execPath,
      ['-e', `require('net').createServer().listen(${port}, '127.0.0.1')`, `${root}orphan`],
      { detached: true, stdio: 'ignore' },
    );
    started.push(orphan.pid ?? 0);
    while (
      !(await new Promise((r) =>
        net
          .connect(port, '127.0.0.1')
          .once('connect', r.bind(null, true))
          .once('error', r.bind(null, false)),
      ))
    )
      await new Promise((r) => setTimeout(r, 20));

    const cleaned = await cleanStale(stack, ['emulators'], { firestore: port });

    expect(cleaned).toHaveLength(2);
    expect([...workers, orphan.pid ?? 0].filter((pid) => readProcess(pid))).toEqual([]);
    expect(existsSync(pidFile(stack, 'emulators'))).toBe(false);
  });
});
