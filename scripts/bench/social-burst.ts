import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { availableParallelism } from 'node:os';
import { deleteApp, getApps } from 'firebase-admin/app';
import { DocumentReference, Firestore, Query, Transaction } from 'firebase-admin/firestore';
import { listenersOn } from '../stack/proc';

// The burst: N X posts (default 10,000; MUSE_BENCH_BURST_POSTS for smaller runs), 10 per user, all due at the
// same minute, seeded in bulk with the Admin SDK in a Firestore project of their own (like the stuck-post
// check, tests/functions/stuck-posts.ts), where no trigger runs. At the due minute the scheduler's sweep
// (publishDuePosts, on the schedule time's clock, run again at once while it leaves posts behind, as the next
// minute's run would) claims them; then every claimed post's job runs in-process through runJob, the trigger's
// code, at most MUSE_BENCH_BURST_CONCURRENCY at once (default 50; on two cores more runs at once only queue for
// the CPU, while production's trigger holds up to maxInstances x 80 runs, docs/architecture.md), against the X
// sandbox, with the production publish timings. The two phases run
// one after the other (in production the jobs start as the claims land), so each has its own throughput and
// per-post cost; docs/architecture.md turns them into the production figures.
// Which part took the time: each phase's CPU time of this process (the jobs, the Admin SDK and the X sandbox,
// which runs in the bench's process), of the Firestore emulator's process, and of the whole machine (shared),
// in cores and per post; a phase is bound by a process that used a full core, else by the machine when all its
// cores were busy (other work included), else by waiting.
// What a post costs in round trips: each phase's Firestore transactions, reads (round trips and documents),
// writes and queries, and HTTP requests (to the X sandbox), per post, counted on the Admin SDK's classes.
// MUSE_BENCH_BURST_PROFILE=<dir> writes each phase's CPU profile of this process there (burst-claim.cpuprofile,
// burst-publish.cpuprofile; open in Chrome's DevTools, Performance).

const MINUTE = 60_000;
const POSTS_PER_USER = 10;
const DEFAULT_POSTS = 10_000;
const DEFAULT_CONCURRENCY = 50;

type Figures = Record<string, string | number>;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

const seconds = (ms: number) => +(ms / 1000).toFixed(1);
const positive = (value: string | undefined, fallback: number) =>
  value && Number(value) > 0 ? Math.floor(Number(value)) : fallback;

/** Clock ticks of /proc (USER_HZ), 100 on Linux. */
const TICK_MS = 10;

/** CPU time (ms) a process has used, from /proc/<pid>/stat (utime + stime); undefined once it is gone. */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** CPU time (ms) the whole machine spent busy (not idle or waiting on I/O), from /proc/stat. */
function machineBusyMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const t = ticks.map(Number);
  return (t.reduce((a, b) => a + b, 0) - t[3]! - t[4]!) * TICK_MS;
}

/** The process listening on 127.0.0.1:`port` (the Firestore emulator's Java process), found through its socket. */
function listenerPid(port: number): number | undefined {
  return listenersOn([port]).get(port)?.[0];
}

interface CpuSample {
  at: number;
  bench: number;
  emulator: number | undefined;
  machine: number;
}

function cpuMeter(emulatorPid: number | undefined) {
  const sample = (): CpuSample => {
    const own = process.cpuUsage();
    return {
      at: Date.now(),
      bench: (own.user + own.system) / 1000,
      emulator: emulatorPid ? processCpuMs(emulatorPid) : undefined,
      machine: machineBusyMs(),
    };
  };
  return {
    sample,
    /**
     * CPU used between two samples: in cores (CPU ms per wall ms) and in CPU ms per post, for this process and the
     * emulator's; and what bounded the phase: one of them near a full core, else the machine's cores (shared).
     */
    between(a: CpuSample, b: CpuSample, posts: number, prefix: string): Figures {
      const wall = Math.max(1, b.at - a.at);
      const bench = b.bench - a.bench;
      const emulator =
        a.emulator !== undefined && b.emulator !== undefined ? b.emulator - a.emulator : undefined;
      const machine = (b.machine - a.machine) / wall;
      const cores = availableParallelism();
      const bound =
        emulator !== undefined && emulator / wall >= 0.85 && emulator >= bench
          ? 'Firestore emulator (a full core)'
          : bench / wall >= 0.85
            ? 'bench process (a full core)'
            : machine >= 0.85 * cores
              ? `machine (${cores} shared cores busy)`
              : 'waiting (neither process nor the machine busy)';
      return {
        [`${prefix}.cpuCores.bench`]: +(bench / wall).toFixed(2),
        [`${prefix}.cpuMsPerPost.bench`]: +(bench / Math.max(1, posts)).toFixed(1),
        ...(emulator === undefined
          ? {}
          : {
              [`${prefix}.cpuCores.firestoreEmulator`]: +(emulator / wall).toFixed(2),
              [`${prefix}.cpuMsPerPost.firestoreEmulator`]: +(
                emulator / Math.max(1, posts)
              ).toFixed(1),
            }),
        [`${prefix}.cpuCores.machine`]: +machine.toFixed(2),
        [`${prefix}.boundBy`]: bound,
      };
    },
  };
}

/** Counts the Admin SDK's calls (and fetch's) while `on`: what one phase asks of Firestore and of the platform. */
function opsMeter() {
  const counts = {
    transactions: 0,
    readTrips: 0,
    docsRead: 0,
    writes: 0,
    queries: 0,
    plainReads: 0,
    httpRequests: 0,
  };
  let on = false;
  const restore: (() => void)[] = [];
  function wrap<T extends object>(
    proto: T,
    name: keyof T & string,
    count: (args: unknown[]) => void,
  ): void {
    const original = proto[name] as unknown as (...args: unknown[]) => unknown;
    (proto as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      if (on) count(args);
      return original.apply(this, args);
    };
    restore.push(() => ((proto as Record<string, unknown>)[name] = original));
  }
  wrap(Firestore.prototype, 'runTransaction', () => counts.transactions++);
  wrap(Transaction.prototype, 'get', () => {
    counts.readTrips++;
    counts.docsRead++;
  });
  wrap(Transaction.prototype, 'getAll', (args) => {
    counts.readTrips++;
    counts.docsRead += args.filter((a) => a instanceof DocumentReference).length;
  });
  for (const name of ['create', 'set', 'update', 'delete'] as const)
    wrap(Transaction.prototype, name, () => counts.writes++);
  wrap(DocumentReference.prototype, 'get', () => counts.plainReads++);
  wrap(Query.prototype, 'get', () => counts.queries++);
  const fetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    if (on) counts.httpRequests++;
    return fetch(input, init);
  };
  restore.push(() => (globalThis.fetch = fetch));
  return {
    /** Counts from now until the returned function is called, per post. */
    start(): (posts: number, prefix: string) => Figures {
      for (const k of Object.keys(counts) as (keyof typeof counts)[]) counts[k] = 0;
      on = true;
      return (posts, prefix) => {
        on = false;
        return Object.fromEntries(
          Object.entries(counts).map(([k, v]) => [
            `${prefix}.perPost.${k}`,
            +(v / Math.max(1, posts)).toFixed(2),
          ]),
        );
      };
    },
    stop: () => restore.forEach((r) => r()),
  };
}

/** This process's CPU profile from now until the returned function writes it to `dir/name` (no-op without a dir). */
async function profile(dir: string | undefined, name: string): Promise<() => Promise<void>> {
  if (!dir) return async () => undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/${name}`, JSON.stringify(profile));
    session.disconnect();
  };
}

export async function burstBench(): Promise<Figures> {
  const posts = positive(process.env.MUSE_BENCH_BURST_POSTS, DEFAULT_POSTS);
  const concurrency = positive(process.env.MUSE_BENCH_BURST_CONCURRENCY, DEFAULT_CONCURRENCY);
  // Imported once the stack's hosts are in the environment: the functions tests' support reads them on import.
  const { directProject, publishRunnerDeps } =
    await import('../../tests/functions/publish-support');
  const { fixedClock, inPool, readPosts, seedScheduledXPosts, tweetsOnX, xUsers } =
    await import('../../tests/functions/due-posts-support');
  const { runJob } = await import('../../functions/src/jobs/runner');
  const { publishDuePosts } =
    await import('../../functions/src/social/publish-due-posts/publish-due-posts');
  const { PUBLISH_TIMING } = await import('../../functions/src/social/publish-timing');
  const { systemClock } = await import('../../functions/src/lib/clock');
  const { publishJobId } = await import('../../functions/src/social/posts');

  const name = `burst-bench-${randomUUID().slice(0, 6)}`;
  const project = directProject(name);
  const { db, keyring } = project;
  try {
    const deps = publishRunnerDeps(project, { timing: PUBLISH_TIMING });
    const marker = `burst-${randomUUID().slice(0, 8)}`;
    const meter = cpuMeter(
      listenerPid(Number(process.env.FIRESTORE_EMULATOR_HOST?.split(':').at(-1))),
    );

    // Seeding: the users (credentials through the secret store, as Integrations saves them), then the posts.
    const seed0 = Date.now();
    const uids = await xUsers(
      { db, keyring, clock: systemClock },
      Math.ceil(posts / POSTS_PER_USER),
    );
    // The due minute: the first whole minute after the posts are written (at the rate the users were).
    const perUserMs = (Date.now() - seed0) / uids.length;
    const dueAt = Math.ceil((Date.now() + 10_000 + posts * perUserMs) / MINUTE) * MINUTE;
    await seedScheduledXPosts(db, uids, posts, marker, () => dueAt);
    const seedMs = Date.now() - seed0;
    const seededBeforeDue = Date.now() <= dueAt;
    await new Promise((r) => setTimeout(r, Math.max(0, dueAt - Date.now())));

    // Claim: the sweep at the due minute, with its production page size, claims in flight and budget.
    const profileDir = process.env.MUSE_BENCH_BURST_PROFILE;
    const ops = opsMeter();
    const endClaimProfile = await profile(profileDir, 'burst-claim.cpuprofile');
    const claimOps = ops.start();
    const c0 = meter.sample();
    let sweeps = 0;
    const claimed: string[] = [];
    for (;;) {
      sweeps++;
      const run = await publishDuePosts({ db, clock: fixedClock(dueAt) });
      claimed.push(...run.claimed);
      if (run.claimed.length === 0) break;
    }
    const c1 = meter.sample();
    const claimCounts = claimOps(claimed.length, 'burst.claim');
    await endClaimProfile();
    const endPublishProfile = await profile(profileDir, 'burst-publish.cpuprofile');
    const publishOps = ops.start();

    // Publish: each claimed post's job (publishJobId of the post), as the trigger on the job's creation runs it.
    const runMs: number[] = [];
    await inPool(claimed, concurrency, async (path) => {
      const [, uid, , postId] = path.split('/');
      const t0 = Date.now();
      await runJob({ uid: uid!, jobId: publishJobId(postId!) }, deps);
      runMs.push(Date.now() - t0);
    });
    const p1 = meter.sample();
    const publishCounts = publishOps(claimed.length, 'burst.publish');
    await endPublishProfile();
    ops.stop();

    const final = await readPosts(db, uids);
    const onX = await tweetsOnX(marker);
    const published = final.filter(
      (p) => p.status === 'published' && p.platformPostId && p.publishedAt !== null,
    );
    const failed = final.filter((p) => p.status === 'failed' && p.error?.message);
    const lateness = published.map((p) => p.publishedAt! - dueAt);
    const lastOut = Math.max(...published.map((p) => p.publishedAt!));
    const claimMs = c1.at - c0.at;
    const publishMs = p1.at - c1.at;
    return {
      'burst.posts': posts,
      'burst.users': uids.length,
      'burst.seedS': seconds(seedMs),
      ...(seededBeforeDue
        ? {}
        : { 'burst.seededAfterDueMinute': 'yes (lateness includes the wait)' }),
      'burst.sweepStartAfterDueS': seconds(c0.at - dueAt),
      'burst.dueToLastPublishedS': seconds(lastOut - dueAt),
      'burst.claim.sweepRuns': sweeps - 1,
      'burst.claim.claimed': claimed.length,
      'burst.claim.wallS': seconds(claimMs),
      'burst.claim.postsPerS': +(claimed.length / (claimMs / 1000)).toFixed(1),
      ...meter.between(c0, c1, claimed.length, 'burst.claim'),
      ...claimCounts,
      'burst.publish.concurrency': concurrency,
      'burst.publish.wallS': seconds(publishMs),
      'burst.publish.postsPerS': +(claimed.length / (publishMs / 1000)).toFixed(1),
      'burst.publish.jobS.p50': seconds(percentile(runMs, 50)),
      'burst.publish.jobS.p95': seconds(percentile(runMs, 95)),
      ...meter.between(c1, p1, claimed.length, 'burst.publish'),
      ...publishCounts,
      'burst.latenessS.p50': seconds(percentile(lateness, 50)),
      'burst.latenessS.p95': seconds(percentile(lateness, 95)),
      'burst.latenessS.max': seconds(Math.max(...lateness)),
      'burst.published': published.length,
      'burst.failed': failed.length,
      'burst.lost': final.length - published.length - failed.length + (posts - final.length),
      'burst.duplicatesOnX': [...onX.values()].filter((n) => n > 1).length,
      'burst.publishedWithoutTweet': published.filter((p) => !onX.has(p.text)).length,
    };
  } finally {
    // directProject's app, named after the project: its Firestore client would keep the process alive.
    await Promise.all(
      getApps()
        .filter((a) => a.name === `${name}-direct`)
        .map((a) => deleteApp(a)),
    );
  }
}
