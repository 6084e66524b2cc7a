import { randomUUID } from 'node:crypto';
import { userCollectionPath } from '@core/firestore-paths';
import { queuedJob } from '../../functions/src/jobs/job-state';
import { runJob } from '../../functions/src/jobs/runner';
import { sweepStaleJobs } from '../../functions/src/jobs/sweep-stale-jobs/sweep-stale-jobs';
import { readSocialCredentials } from '../../functions/src/integrations/secret-store';
import { systemClock } from '../../functions/src/lib/clock';
import { platformPublisher, publishProviders } from '../../functions/src/social/deps';
import { publishDuePosts } from '../../functions/src/social/publish-due-posts/publish-due-posts';
import { sandboxUrl } from './integrations-support';
import {
  fixedClock,
  inPool,
  readPosts,
  seedScheduledXPosts,
  tweetsOnX,
  xUsers,
  type PostState,
} from './due-posts-support';
import { publishRunnerDeps, type DirectProject } from './publish-support';

// The stuck-post check (issue: "nothing stuck, nothing falsely failed"): `count` X posts scheduled over 20
// minutes an hour ahead, seeded in bulk with the Admin SDK, in a project of their own where no trigger runs
// (the test runs the scheduler and the jobs itself, as the trigger would). The scheduler dies after its first
// page, with the workers of the posts it claimed killed (half while starting, a quarter right after X made the
// post, a quarter live), then starts again on a clock moved past the posts' times, and again 10 minutes after
// the last one. At each checkpoint every post due 10 minutes or more before the clock must have an explicit
// state: published (with its id), failed (with its reason) or outcome unknown (being checked); and no text
// may be on X twice. Used by tests/functions/stuck-posts.test.ts (a few hundred posts) and `npm run bench --
// social` (1,000).

const MINUTE = 60_000;
const WINDOW_MS = 20 * MINUTE;
const POSTS_PER_USER = 10;
const RUN_CONCURRENCY = 8;
const EXPLICIT_AFTER_MS = 10 * MINUTE;

export interface StuckPostReport {
  posts: number;
  /** Posts due 10 minutes or more before a checkpoint's clock without an explicit state there (the figure that must be 0). */
  withoutStateAtCheckpoints: number[];
  published: number;
  failed: number;
  /** Posts whose text X holds more than once. */
  postedTwice: number;
  /** Posts X holds no tweet of while their state says published. */
  publishedWithoutTweet: number;
  restartedJobs: number;
  /** Posts by their restart count (crashed runs started again), e.g. {0: 150, 1: 50}. */
  restartsDistribution: Record<number, number>;
  /** Posts started again more than once although their own worker was never killed (the figure that must be 0). */
  aboveOneRestartNotKilled: number;
  /** Wall time of each phase, for the bench. */
  phaseMs: Record<string, number>;
}

/** A state the user can read: published with its id, failed with its reason, cancelled, or an outcome being checked. */
export function hasExplicitState(
  post: Pick<PostState, 'status' | 'platformPostId' | 'error' | 'checkingUntil'>,
): boolean {
  if (post.status === 'published') return !!post.platformPostId;
  if (post.status === 'failed') return !!post.error?.message;
  if (post.status === 'cancelled') return true;
  if (post.status === 'queued' || post.status === 'publishing') return post.checkingUntil != null;
  return false;
}

export async function runStuckPostCheck(
  project: DirectProject,
  count: number,
): Promise<StuckPostReport> {
  const { db, keyring } = project;
  const phaseMs: Record<string, number> = {};
  const timed = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const t0 = Date.now();
    try {
      return await run();
    } finally {
      phaseMs[name] = Date.now() - t0;
    }
  };
  const store = { db, keyring, clock: systemClock };
  const deps = publishRunnerDeps(project, {
    timing: {
      requestTimeoutMs: 10_000,
      uploadTimeoutMs: 10_000,
      settleMs: { x: 1500, linkedin: 1500, reddit: 1500, youtube: 1500 },
      lookupEveryMs: 200,
      backoffMs: [0],
    },
  });
  const marker = `stuck-${randomUUID().slice(0, 8)}`;

  // Users with X accounts of their own (a sandbox account per user), then the posts in bulk.
  const uids = await timed('seed', async () => {
    const users = await xUsers(store, Math.ceil(count / POSTS_PER_USER), RUN_CONCURRENCY);
    const base = Date.now() + 60 * MINUTE;
    await seedScheduledXPosts(
      db,
      users,
      count,
      marker,
      (i) => base + Math.floor((i * WINDOW_MS) / count),
    );
    return users;
  });
  const seeded = await readPosts(db, uids);
  const base = Math.min(...seeded.map((p) => p.scheduledAt));
  const last = Math.max(...seeded.map((p) => p.scheduledAt));

  /** Runs every queued post's job once, as its trigger would. */
  const runQueued = async () => {
    const queued = (await readPosts(db, uids)).filter((p) => p.status === 'queued' && p.jobId);
    await inPool(queued, RUN_CONCURRENCY, (p) => runJob({ uid: p.uid, jobId: p.jobId! }, deps));
  };
  /** The scheduler's two sweeps at `at`, each until it finds nothing more (one scheduled run each minute would). */
  let restartedJobs = 0;
  const sweep = async (at: number) => {
    for (;;) {
      const stale = await sweepStaleJobs({ db, clock: fixedClock(at), handlers: deps.handlers });
      restartedJobs += stale.restarted.length;
      const due = await publishDuePosts({ db, clock: fixedClock(at) });
      if (stale.expired.length + stale.restarted.length + due.claimed.length === 0) return;
    }
  };
  const withoutState = async (at: number) =>
    (await readPosts(db, uids)).filter(
      (p) => p.scheduledAt + EXPLICIT_AFTER_MS <= at && !hasExplicitState(p),
    ).length;
  const checkpoints: number[] = [];
  const killed = new Set<string>();

  // 1. The first sweep, 5 minutes into the window, dies after its first page; so do the workers it started.
  const first = base + 5 * MINUTE;
  await timed('first sweep, killed', async () => {
    const { claimed } = await publishDuePosts({
      db,
      clock: fixedClock(first),
      batchSize: Math.max(4, Math.floor(count / 20)),
      budgetMs: 0,
    });
    const posts = (await readPosts(db, uids)).filter((p) => claimed.includes(p.path));
    await inPool(posts, RUN_CONCURRENCY, async (post) => {
      const i = posts.indexOf(post);
      if (i % 4 !== 3) killed.add(post.path);
      const job = db.doc(`${userCollectionPath(post.uid, 'jobs')}/${post.jobId}`);
      const lease = {
        status: 'running',
        attempts: 1,
        runId: `killed-${i}`,
        leaseExpiresAt: new Date(first + 20_000),
        statusText: 'Starting',
      };
      if (i % 4 === 0 || i % 4 === 2) {
        // Killed while starting: the job claimed, nothing sent.
        await job.set({ ...queuedJob('publish', { postId: post.id }, new Date(first)), ...lease });
      } else if (i % 4 === 1) {
        // Killed right after X made the post: the attempt recorded, the tweet live, no id on the post.
        const attemptStartedAt = Date.now();
        const credentials = await readSocialCredentials({ db, keyring }, post.uid, 'x');
        if (!credentials.found || !credentials.readable || 'refused' in credentials)
          throw new Error('no X credentials');
        const made = await platformPublisher('x', credentials.value, {
          baseUrl: sandboxUrl(publishProviders.x),
          fetch: globalThis.fetch,
        }).publish({
          requestId: post.id,
          text: post.text,
          media: [],
          attemptStartedAt,
        });
        if (!made.ok) throw new Error(`X refused the post: ${made.failure.message}`);
        await db
          .doc(post.path)
          .update({ status: 'publishing', attemptStartedAt: new Date(attemptStartedAt) });
        await job.set({ ...queuedJob('publish', { postId: post.id }, new Date(first)), ...lease });
      } else {
        await runJob({ uid: post.uid, jobId: post.jobId! }, deps);
      }
    });
  });

  // 2. The scheduler starts again on a clock moved a minute past the last post's time. The job trigger's queue
  // is slow (a busy machine): three sweeps, two minutes apart, pass before the queued jobs are run.
  const restart = last + MINUTE;
  await timed('restart', async () => {
    await sweep(restart);
    await sweep(restart + 2 * MINUTE);
    await sweep(restart + 4 * MINUTE);
    await runQueued();
    await sweep(restart + 4 * MINUTE);
    await runQueued();
  });
  checkpoints.push(await withoutState(restart));

  // 3. Ten minutes after the last post's time.
  const end = last + EXPLICIT_AFTER_MS;
  await timed('10 minutes on', async () => {
    await sweep(end);
    await runQueued();
  });
  checkpoints.push(await withoutState(end));

  const final = await readPosts(db, uids);
  const onX = await tweetsOnX(marker);
  return {
    posts: final.length,
    withoutStateAtCheckpoints: checkpoints,
    published: final.filter((p) => p.status === 'published').length,
    failed: final.filter((p) => p.status === 'failed').length,
    postedTwice: [...onX.values()].filter((n) => n > 1).length,
    publishedWithoutTweet: final.filter((p) => p.status === 'published' && !onX.has(p.text)).length,
    restartedJobs,
    restartsDistribution: final.reduce<Record<number, number>>((counts, p) => {
      counts[p.restarts] = (counts[p.restarts] ?? 0) + 1;
      return counts;
    }, {}),
    aboveOneRestartNotKilled: final.filter((p) => p.restarts > 1 && !killed.has(p.path)).length,
    phaseMs,
  };
}
