import { readdirSync, readFileSync } from 'node:fs';

// Memory of a process tree from /proc (Linux only). RSS counts a page once per process that maps it;
// PSS splits shared pages between their processes. The program's own files (the Chromium binary, its
// libraries) are shared with every other Chromium on the machine too, so their part of PSS moves as
// those start and exit: `ownPss` (anonymous and shared-memory pages only) is what the tree allocated.

export interface TreeMemory {
  /** Sum of the processes' resident set sizes, in bytes (shared pages counted once per process). */
  rss: number;
  /** Sum of the processes' proportional set sizes, in bytes (shared pages counted once in all). */
  pss: number;
  /** PSS of anonymous and shared-memory pages (Pss_Anon + Pss_Shmem), in bytes: PSS without mapped files. */
  ownPss: number;
  /** The largest single process's RSS, in bytes. */
  largestRss: number;
  /** ownPss per kind of process: Chromium's --type (renderer, gpu-process, utility, ...) or 'browser'. */
  ownPssByKind: Record<string, number>;
  /** CPU time (user + system) of the processes alive now, in seconds. */
  cpuSeconds: number;
}

function descendants(rootPid: number): Set<number> {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parent) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return tree;
}

function kindOf(pid: number): string {
  // Chromium rewrites its children's command lines into one space-separated string.
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
  const type = args.find((a) => a.startsWith('--type='))?.slice('--type='.length);
  if (type === 'utility')
    return `utility:${
      args
        .find((a) => a.startsWith('--utility-sub-type='))
        ?.split('.')
        .pop() ?? '?'
    }`;
  return type ?? (args[0]?.endsWith('chromium') ? 'browser' : 'other');
}

/** Memory of rootPid and all its descendants (for Chromium: browser, renderer, GPU and utility processes). */
export function treeMemory(rootPid: number): TreeMemory {
  const out: TreeMemory = {
    rss: 0,
    pss: 0,
    ownPss: 0,
    largestRss: 0,
    ownPssByKind: {},
    cpuSeconds: 0,
  };
  for (const pid of descendants(rootPid)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const kib = (field: string) =>
        Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) * 1024;
      const rss = kib('Rss');
      const own = kib('Pss_Anon') + kib('Pss_Shmem');
      const kind = kindOf(pid);
      const statLine = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const stat = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
      out.rss += rss;
      out.pss += kib('Pss');
      out.ownPss += own;
      out.largestRss = Math.max(out.largestRss, rss);
      out.ownPssByKind[kind] = (out.ownPssByKind[kind] ?? 0) + own;
      // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
      out.cpuSeconds += (Number(stat[11]) + Number(stat[12])) / 100;
    } catch {
      /* gone */
    }
  }
  return out;
}

/**
 * PSS of the shared memory regions (memfd) mapped in rootPid's tree, in bytes: Chromium's discardable
 * memory (its image decode cache among others), shared bitmaps and media buffers.
 */
export function treeSharedMemory(rootPid: number): number {
  let total = 0;
  for (const pid of descendants(rootPid)) {
    try {
      let inMemfd = false;
      for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
        if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inMemfd = line.includes('/memfd:');
        else if (inMemfd && line.startsWith('Pss:'))
          total += Number(/(\d+) kB/.exec(line)?.[1] ?? 0) * 1024;
      }
    } catch {
      /* gone */
    }
  }
  return total;
}

/** Samples treeMemory every intervalMs until stop(); keeps the peaks (each kind's peak on its own; cpuSeconds stays `before`'s). */
export function sampleTreeMemory(
  rootPid: number,
  intervalMs = 100,
): {
  before: TreeMemory;
  stop: () => { peak: TreeMemory; samples: Array<{ ms: number; memory: TreeMemory }> };
} {
  const before = treeMemory(rootPid);
  const peak: TreeMemory = { ...before, ownPssByKind: { ...before.ownPssByKind } };
  const samples: Array<{ ms: number; memory: TreeMemory }> = [];
  const t0 = performance.now();
  const timer = setInterval(() => {
    const now = treeMemory(rootPid);
    samples.push({ ms: Math.round(performance.now() - t0), memory: now });
    peak.rss = Math.max(peak.rss, now.rss);
    peak.pss = Math.max(peak.pss, now.pss);
    peak.ownPss = Math.max(peak.ownPss, now.ownPss);
    peak.largestRss = Math.max(peak.largestRss, now.largestRss);
    for (const [kind, pss] of Object.entries(now.ownPssByKind))
      peak.ownPssByKind[kind] = Math.max(peak.ownPssByKind[kind] ?? 0, pss);
  }, intervalMs);
  return {
    before,
    stop() {
      clearInterval(timer);
      return { peak, samples };
    },
  };
}
