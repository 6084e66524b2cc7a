import { randomUUID } from 'node:crypto';
import { deleteApp, getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { chromium } from 'playwright-core';
import { FUNCTIONS_REGION } from '../../core/firebase/config';
import { userCollectionPath } from '../../core/firestore-paths';
import { createUser, type TestUser } from '../../tests/e2e/support/auth-emulator';
import { chromiumArgs } from '../../tests/e2e/support/env';
import type { RunningStack } from '../stack/stack';
import { burstBench } from './social-burst';

// Social publishing against the X sandbox, through the real callables, job trigger and schedule driver:
// - Post Now: the click to the post showing as published (with its link) in Recent Posts, median of 10.
// - The scheduler: 60 posts (20 users x 3) due at three whole minutes (20 at each: the composers plan to
//   the minute), left to the stack's every-minute sweep (the stack's own timer, which fires at each whole
//   minute as Cloud Scheduler does, not a forced run); lateness is due time to published (p50/p95/max), and
//   claim to published shows the part the sweep's own time does not explain.
// - The stuck-post check with 1,000 posts (tests/functions/stuck-posts.ts; the functions suite runs it with 200):
//   the scheduler killed after its first page with its workers, started again on a clock moved past the posts'
//   times; the posts without an explicit state 10 minutes after their time (must be 0), posted twice, and how
//   long each phase took.
// - The burst (scripts/bench/social-burst.ts): 10,000 posts due at the same minute, claimed by the sweep and
//   published in-process; how long until the last is out, each phase's throughput, duplicates and lost.
// MUSE_BENCH_SOCIAL_PARTS (comma list of postNow, scheduler, stuck, burst) runs only those parts.

const POST_NOW_RUNS = 10;
const USERS = 20;
const POSTS_PER_USER = 3;
const MINUTE = 60_000;
/** MUSE_BENCH_STUCK_POSTS for another count (the crash scenario of docs/architecture.md runs 100). */
const STUCK_CHECK_POSTS = Number(process.env.MUSE_BENCH_STUCK_POSTS ?? 1000);

type Figures = Record<string, string | number>;
type Stack = Pick<RunningStack, 'env' | 'projectId' | 'dashboardUrl'>;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

const median = (xs: number[]) => percentile(xs, 50);
const seconds = (ms: number) => +(ms / 1000).toFixed(1);

async function call(stack: Stack, name: string, data: unknown, idToken: string): Promise<unknown> {
  const res = await fetch(
    `${stack.env.FUNCTIONS_EMULATOR_ORIGIN}/${stack.projectId}/${FUNCTIONS_REGION}/${name}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ data }),
    },
  );
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${name}: ${body.error.message}`);
  return body.result;
}

/** A user with X credentials of a sandbox account of their own (tests/sandbox/README.md, "X"). */
async function xUser(stack: Stack): Promise<TestUser> {
  const user = await createUser();
  const account = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  await call(
    stack,
    'saveSocialCredentials',
    {
      platform: 'x',
      credentials: {
        consumerKey: 'bench-app',
        consumerSecret: 'bench-app-secret',
        accessToken: `${account}-bench`,
        accessTokenSecret: `${account}-bench-secret`,
      },
    },
    user.idToken,
  );
  return user;
}

async function postNow(stack: Stack): Promise<Figures> {
  const user = await xUser(stack);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${stack.dashboardUrl}/auth`);
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Your Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/$/);
    await page.goto(`${stack.dashboardUrl}/social/x`);
    const recent = page.getByRole('region', { name: 'Recent Posts' });
    const times: number[] = [];
    for (let i = 0; i < POST_NOW_RUNS; i++) {
      const marker = `bench-now-${i}-${randomUUID().slice(0, 8)}`;
      await page.getByLabel('Post Content').fill(`Bench post ${marker}`);
      const t0 = Date.now();
      await page.getByRole('button', { name: 'Post Now' }).click();
      await recent
        .getByRole('listitem')
        .filter({ hasText: marker })
        .getByRole('link', { name: /View post/ })
        .waitFor({ timeout: 60_000 });
      times.push(Date.now() - t0);
    }
    return {
      'postNow.runs': POST_NOW_RUNS,
      'postNow.clickToPublishedMs.median': median(times),
      'postNow.clickToPublishedMs.max': Math.max(...times),
    };
  } finally {
    await browser.close();
  }
}

interface Outcome {
  status: string;
  scheduledAt: number;
  publishedAt?: number;
  claimedAt?: number;
}

async function outcomes(db: Firestore, users: TestUser[]): Promise<Outcome[]> {
  const lists = await Promise.all(
    users.map(async (u) => {
      const [posts, jobs] = await Promise.all([
        db.collection(userCollectionPath(u.uid, 'socialPosts')).get(),
        db.collection(userCollectionPath(u.uid, 'jobs')).get(),
      ]);
      const claimedAt = new Map(
        jobs.docs.map((j) => [j.id, (j.get('createdAt') as Timestamp).toMillis()]),
      );
      return posts.docs.map((p) => ({
        status: p.get('status') as string,
        scheduledAt: (p.get('scheduledAt') as Timestamp).toMillis(),
        publishedAt: (p.get('publishedAt') as Timestamp | null)?.toMillis(),
        claimedAt: claimedAt.get(p.get('jobId') as string),
      }));
    }),
  );
  return lists.flat();
}

async function scheduler(
  stack: Stack & Pick<RunningStack, 'sandbox'>,
  db: Firestore,
): Promise<Figures> {
  // One at a time: the Functions emulator starts a worker per concurrent request, which a loaded machine cannot.
  const users: TestUser[] = [];
  for (let i = 0; i < USERS; i++) users.push(await xUser(stack));
  const total = USERS * POSTS_PER_USER;
  // The posts as publishPost stores a scheduled post (the callable is not what is measured): each user's
  // posts at three consecutive whole minutes, the first at least 30 s ahead.
  const minute = Math.ceil((Date.now() + 30_000) / MINUTE) * MINUTE;
  const marker = `bench-due-${randomUUID().slice(0, 8)}`;
  const batch = db.batch();
  const now = new Date();
  users.forEach((user, u) => {
    for (let p = 0; p < POSTS_PER_USER; p++) {
      const i = u * POSTS_PER_USER + p;
      batch.create(db.collection(userCollectionPath(user.uid, 'socialPosts')).doc(randomUUID()), {
        platform: 'x',
        status: 'scheduled',
        text: `Due ${marker} ${i}`,
        media: [],
        author: null,
        scheduledAt: new Date(minute + p * MINUTE),
        timeZone: 'UTC',
        jobId: null,
        platformPostId: null,
        url: null,
        error: null,
        progress: 0,
        attemptStartedAt: null,
        createdAt: now,
        updatedAt: now,
        publishedAt: null,
      });
    }
  });
  await batch.commit();
  let seen: Outcome[] = [];
  const deadline = minute + 10 * MINUTE;
  while (Date.now() < deadline) {
    seen = await outcomes(db, users);
    if (seen.every((o) => o.status === 'published' || o.status === 'failed')) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const published = seen.filter((o) => o.status === 'published' && o.publishedAt !== undefined);
  const lateness = published.map((o) => o.publishedAt! - o.scheduledAt);
  const afterClaim = published
    .filter((o) => o.claimedAt !== undefined)
    .map((o) => o.publishedAt! - o.claimedAt!);
  const sweeps = new Set(published.map((o) => o.claimedAt)).size;
  const { tweets } = (await (await fetch(`${stack.sandbox.urls.x}/__sandbox/x/tweets`)).json()) as {
    tweets: { text: string }[];
  };
  return {
    'schedule.posts': total,
    'schedule.published': published.length,
    'schedule.failed': seen.filter((o) => o.status === 'failed').length,
    'schedule.tweetsOnX': tweets.filter((t) => t.text.includes(marker)).length,
    'schedule.sweepsThatClaimed': sweeps,
    'schedule.latenessS.p50': seconds(percentile(lateness, 50)),
    'schedule.latenessS.p95': seconds(percentile(lateness, 95)),
    'schedule.latenessS.max': seconds(Math.max(...lateness)),
    'schedule.claimToPublishedS.p50': seconds(percentile(afterClaim, 50)),
    'schedule.claimToPublishedS.p95': seconds(percentile(afterClaim, 95)),
  };
}

async function stuckCheck(): Promise<Figures> {
  // Imported once the stack's hosts are in the environment: the functions tests' support reads them on import.
  const { directProject } = await import('../../tests/functions/publish-support');
  const { runStuckPostCheck } = await import('../../tests/functions/stuck-posts');
  const name = `stuck-bench-${randomUUID().slice(0, 6)}`;
  let report: Awaited<ReturnType<typeof runStuckPostCheck>>;
  try {
    report = await runStuckPostCheck(directProject(name), STUCK_CHECK_POSTS);
  } finally {
    // directProject's app, named after the project: its Firestore client would keep the process alive.
    await Promise.all(
      getApps()
        .filter((a) => a.name === `${name}-direct`)
        .map((a) => deleteApp(a)),
    );
  }
  return {
    'stuck.posts': report.posts,
    'stuck.withoutStateAfter10Min': Math.max(...report.withoutStateAtCheckpoints),
    'stuck.published': report.published,
    'stuck.failed': report.failed,
    'stuck.postedTwice': report.postedTwice,
    'stuck.restartedJobs': report.restartedJobs,
    'stuck.aboveOneRestartNotKilled': report.aboveOneRestartNotKilled,
    ...Object.fromEntries(
      Object.entries(report.restartsDistribution).map(([n, posts]) => [
        `stuck.postsWithRestarts.${n}`,
        posts,
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(report.phaseMs).map(([phase, ms]) => [`stuck.phaseS.${phase}`, seconds(ms)]),
    ),
  };
}

export async function socialBench(stack: RunningStack): Promise<Figures> {
  Object.assign(process.env, stack.env);
  const app = initializeApp({ projectId: stack.projectId }, `social-bench-${randomUUID()}`);
  const parts = process.env.MUSE_BENCH_SOCIAL_PARTS?.split(',').map((p) => p.trim());
  const runs = (part: string) => !parts || parts.includes(part);
  try {
    return {
      ...(runs('postNow') ? await postNow(stack) : {}),
      ...(runs('scheduler') ? await scheduler(stack, getFirestore(app)) : {}),
      ...(runs('stuck') ? await stuckCheck() : {}),
      ...(runs('burst') ? await burstBench() : {}),
    };
  } finally {
    await deleteApp(app);
  }
}
