import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { publishPostSchema } from '@core/social-posts';
import { queuedJob } from '../../functions/src/jobs/job-state';
import { runJob, type RunnerDeps } from '../../functions/src/jobs/runner';
import { sweepStaleJobs } from '../../functions/src/jobs/sweep-stale-jobs/sweep-stale-jobs';
import { storeSocialCredentials } from '../../functions/src/integrations/secret-store';
import type { Clock } from '../../functions/src/lib/clock';
import { systemClock } from '../../functions/src/lib/clock';
import { postRef, publishJobId } from '../../functions/src/social/posts';
import { publishPost } from '../../functions/src/social/publish-post/publish-post';
import type { PublishDeps } from '../../functions/src/social/publish-run';
import {
  MAX_PUBLISH_RESTARTS,
  PUBLISH_LOST_START_MS,
  PUBLISH_START_TIMEOUT_MS,
  type PublishTiming,
} from '../../functions/src/social/publish-timing';
import { addFault, clearSandbox, sandboxRequests, sandboxUrl } from './integrations-support';
import { directProject, publishRunnerDeps, queuedXPost } from './publish-support';
import { closeAdmin } from './support';

// Exactly once when the job trigger's queue is slow and when the data comes back from a save: publish jobs
// run in-process in a project of their own (no trigger), so a test holds a job in the "queue" as long as it
// likes and runs it when the trigger would, with the sweep's clock moved instead of waiting. A wait in the
// queue is not a crash (no restart spent, no new job made); a job that came back from a save taken before a
// send that did happen finds the post on the platform and sends nothing.

vi.setConfig({ testTimeout: 30_000 });
const project = directProject('queue-wait');
const { db, keyring } = project;
const store = { db, keyring, clock: systemClock };
afterAll(closeAdmin);
afterEach(() => clearSandbox('linkedin'));

const TIMING: PublishTiming = {
  requestTimeoutMs: 3000,
  uploadTimeoutMs: 3000,
  settleMs: { x: 1000, linkedin: 1000, reddit: 1000, youtube: 1000 },
  lookupEveryMs: 200,
  backoffMs: [0],
};
const MINUTE = 60_000;

/** A clock `ms` ahead of the wall clock, moving with it. */
const ahead = (ms: number): Clock => ({ now: () => new Date(Date.now() + ms) });

const deps = (
  clock: Clock = systemClock,
  publish: Partial<PublishDeps> = {},
  wrapFetch?: (send: typeof fetch) => typeof fetch,
): RunnerDeps => ({ ...publishRunnerDeps(project, { timing: TIMING, wrapFetch, publish }), clock });

const sweepAt = (clock: Clock) => sweepStaleJobs({ db, clock, handlers: deps().handlers });

async function xUser(): Promise<{ uid: string; token: string }> {
  const uid = `u${randomUUID().slice(0, 12)}`;
  const account = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  const token = `${account}-token`;
  const saved = await storeSocialCredentials(store, uid, 'x', {
    consumerKey: 'muse-app',
    consumerSecret: 'muse-app-secret',
    accessToken: token,
    accessTokenSecret: `${account}-token-secret`,
  });
  if (!saved.ok) throw new Error('credentials not stored');
  return { uid, token };
}

async function createRequests(token: string): Promise<number> {
  const res = await fetch(
    `${sandboxUrl('x')}/__sandbox/requests?authorizationIncludes=${encodeURIComponent(token)}`,
  );
  const { requests } = (await res.json()) as { requests: { method: string; path: string }[] };
  return requests.filter((r) => r.method === 'POST' && r.path === '/2/tweets').length;
}

async function tweetsWith(text: string): Promise<number> {
  const { tweets } = (await (await fetch(`${sandboxUrl('x')}/__sandbox/x/tweets`)).json()) as {
    tweets: { text: string }[];
  };
  return tweets.filter((t) => t.text === text).length;
}

/** A post's restarts for crashed runs (a post never restarted has no field: the schema reads it as 0). */
const restartsOf = (post: Record<string, unknown>) => (post.restarts as number | undefined) ?? 0;

const jobsOf = async (uid: string) => (await db.collection(`users/${uid}/jobs`).get()).docs;

async function postNow(uid: string, text: string): Promise<string> {
  const { postId } = await publishPost(
    uid,
    publishPostSchema.parse({ requestId: randomUUID(), platform: 'x', text }),
    store,
  );
  return postId;
}

/** Sends the request, then never goes on (the worker was killed before it could record the answer). */
const diesAfterSending =
  (send: typeof fetch): typeof fetch =>
  async (input, init) => {
    await send(input, init);
    return new Promise<Response>(() => undefined);
  };
/** The worker is gone: nothing renews its lease. */
const dead: Partial<PublishDeps> = { every: () => () => undefined };

describe('a publish job that waits in its trigger queue', () => {
  it('is held past the start timeout by five sweeps and published once by its late trigger, with no restart and no new job', async () => {
    const { uid, token } = await xUser();
    const text = `Slow queue ${randomUUID().slice(0, 8)}`;
    const postId = await postNow(uid, text);

    // Five sweeps, a minute apart, each past the start timeout while the trigger has not come yet.
    for (let minute = 1; minute <= 5; minute++) {
      const swept = await sweepAt(ahead(minute * MINUTE + PUBLISH_START_TIMEOUT_MS));
      expect(swept.restarted).not.toContain(`users/${uid}/jobs/${publishJobId(postId)}`);
      expect(swept.expired).not.toContain(`users/${uid}/jobs/${publishJobId(postId)}`);
    }
    const waiting = (await postRef(db, uid, postId).get()).data()!;
    expect(waiting).toMatchObject({ status: 'queued', jobId: publishJobId(postId) });
    expect(restartsOf(waiting)).toBe(0);

    // The trigger comes at last, six minutes late: the post is looked up once (a save may hide a send), then sent.
    expect(
      await runJob({ uid, jobId: publishJobId(postId) }, deps(ahead(6 * MINUTE))),
    ).toMatchObject({
      outcome: 'published',
    });
    const post = (await postRef(db, uid, postId).get()).data()!;
    expect(post).toMatchObject({ status: 'published', jobId: publishJobId(postId), error: null });
    expect(restartsOf(post)).toBe(0);
    expect(
      (post.publishLog as { step: string; outcome: string }[]).map(
        (e) => `${e.step}: ${e.outcome}`,
      ),
    ).toEqual(['Look up: Not there yet', 'Create post: HTTP 201']);
    expect((await jobsOf(uid)).map((d) => d.id)).toEqual([publishJobId(postId)]);
    expect(await tweetsWith(text)).toBe(1);
    expect(await createRequests(token)).toBe(1);
  });

  it('gets a new job, with no restart spent, once its trigger is lost (never claimed for PUBLISH_LOST_START_MS)', async () => {
    const { uid } = await xUser();
    const text = `Lost trigger ${randomUUID().slice(0, 8)}`;
    const postId = await postNow(uid, text);

    const swept = await sweepAt(ahead(PUBLISH_LOST_START_MS));
    expect(swept.restarted).toContain(`users/${uid}/jobs/${publishJobId(postId)}`);
    const next = (await postRef(db, uid, postId).get()).data()!;
    expect(next).toMatchObject({ status: 'queued' });
    expect(restartsOf(next)).toBe(0);
    expect(next.jobId).not.toBe(publishJobId(postId));

    expect(
      await runJob({ uid, jobId: next.jobId as string }, deps(ahead(PUBLISH_LOST_START_MS))),
    ).toMatchObject({ outcome: 'published' });
    const published = (await postRef(db, uid, postId).get()).data()!;
    expect(published).toMatchObject({ status: 'published' });
    expect(restartsOf(published)).toBe(0);
    expect(await tweetsWith(text)).toBe(1);
  });
});

describe('a post and its job restored from a save taken before a send that did happen', () => {
  it('restored to before its claim (both queued): the next run finds the post on X and sends nothing', async () => {
    const { uid, token } = await xUser();
    const text = `Restored queued ${randomUUID().slice(0, 8)}`;
    const postId = await postNow(uid, text);
    const post = postRef(db, uid, postId);
    const job = db.doc(`users/${uid}/jobs/${publishJobId(postId)}`);
    // The save: the post and its job as the claim left them.
    const saved = { post: (await post.get()).data()!, job: (await job.get()).data()! };

    // After the save the job ran and X made the post; then the stack was killed.
    void runJob({ uid, jobId: publishJobId(postId) }, deps(systemClock, dead, diesAfterSending));
    await vi.waitFor(async () => expect(await tweetsWith(text)).toBe(1), {
      timeout: 10_000,
      interval: 50,
    });

    // The stack comes back from the save: no trigger event is left for the restored job.
    await post.set(saved.post);
    await job.set(saved.job);
    const swept = await sweepAt(ahead(PUBLISH_LOST_START_MS));
    expect(swept.restarted).toContain(`users/${uid}/jobs/${publishJobId(postId)}`);
    const nextJob = (await post.get()).get('jobId') as string;
    expect(await runJob({ uid, jobId: nextJob }, deps(ahead(PUBLISH_LOST_START_MS)))).toMatchObject(
      { outcome: 'published' },
    );

    const restored = (await post.get()).data()!;
    expect(restored).toMatchObject({ status: 'published' });
    expect(restartsOf(restored)).toBe(0);
    expect(await tweetsWith(text)).toBe(1);
    expect(await createRequests(token)).toBe(1);
  });

  it('restored to after its claim, before the send was logged: the next run finds the post and sends nothing', async () => {
    const { uid, token } = await xUser();
    const text = `Restored claimed ${randomUUID().slice(0, 8)}`;
    const postId = await postNow(uid, text);
    const post = postRef(db, uid, postId);
    const job = db.doc(`users/${uid}/jobs/${publishJobId(postId)}`);
    let saved: { post: Record<string, unknown>; job: Record<string, unknown> } | undefined;
    // The save is taken as the run starts: its claim written (the job running, the post publishing with its
    // attempt), the create request not yet logged.
    const killed = deps(systemClock, dead, diesAfterSending);
    const publish = killed.handlers.publish!;
    void runJob(
      { uid, jobId: publishJobId(postId) },
      {
        ...killed,
        handlers: {
          publish: {
            ...publish,
            run: async (leased) => {
              saved = { post: (await post.get()).data()!, job: (await job.get()).data()! };
              return publish.run(leased);
            },
          },
        },
      },
    );
    await vi.waitFor(async () => expect(await tweetsWith(text)).toBe(1), {
      timeout: 10_000,
      interval: 50,
    });
    expect(saved!.post).toMatchObject({ status: 'publishing' });
    expect(saved!.post.publishLog ?? []).toEqual([]);
    expect(saved!.job).toMatchObject({ status: 'running' });

    await post.set(saved!.post);
    await job.set(saved!.job);
    // The restored lease lapses; the sweep starts the post again and its run looks it up first.
    const swept = await sweepAt(ahead(MINUTE));
    expect(swept.restarted).toContain(`users/${uid}/jobs/${publishJobId(postId)}`);
    const nextJob = (await post.get()).get('jobId') as string;
    expect(await runJob({ uid, jobId: nextJob }, deps(ahead(MINUTE)))).toMatchObject({
      outcome: 'published',
    });
    expect(await tweetsWith(text)).toBe(1);
    expect(await createRequests(token)).toBe(1);
  });
});

describe('the restart budget', () => {
  it('starts a post with a send in its log again past MAX_PUBLISH_RESTARTS: it is never failed before a look-up', async () => {
    const { uid } = await xUser();
    const jobId = randomUUID();
    const at = new Date();
    await postRef(db, uid, jobId).set(
      queuedXPost(jobId, `Dies after sending ${randomUUID().slice(0, 8)}`, at, {
        status: 'publishing',
        attemptStartedAt: at,
        publishLog: [{ at, step: 'Create post', outcome: 'Sent' }],
        restarts: MAX_PUBLISH_RESTARTS,
      }),
    );
    await db.doc(`users/${uid}/jobs/${jobId}`).set({
      ...queuedJob('publish', { postId: jobId }, at),
      status: 'running',
      attempts: 1,
      runId: 'killed',
      leaseExpiresAt: new Date(at.getTime() + 1000),
    });
    const swept = await sweepAt(ahead(MINUTE));
    expect(swept.restarted).toContain(`users/${uid}/jobs/${jobId}`);
    expect((await postRef(db, uid, jobId).get()).data()).toMatchObject({
      status: 'queued',
      restarts: MAX_PUBLISH_RESTARTS + 1,
      error: null,
    });
  });
});

describe('LinkedIn: an answer lost after the post was made', () => {
  it('is an unknown outcome that the run settles by looking the post up: published once', async () => {
    const uid = `u${randomUUID().slice(0, 12)}`;
    const saved = await storeSocialCredentials(store, uid, 'linkedin', {
      accessToken: `li-${uid}`,
    });
    if (!saved.ok) throw new Error('credentials not stored');
    const text = `LinkedIn lost answer ${randomUUID().slice(0, 8)}`;
    const { postId } = await publishPost(
      uid,
      publishPostSchema.parse({
        requestId: randomUUID(),
        platform: 'linkedin',
        text,
        author: 'urn:li:person:sbxMember01',
      }),
      store,
    );
    await addFault('linkedin', { path: '/rest/posts', method: 'POST', lostAnswer: true });
    expect(await runJob({ uid, jobId: publishJobId(postId) }, deps())).toMatchObject({
      outcome: 'published',
    });

    const { posts } = (await (
      await fetch(`${sandboxUrl('linkedin')}/__sandbox/linkedin/posts`)
    ).json()) as { posts: { id: string; text: string }[] };
    const made = posts.filter((p) => p.text === text);
    expect(made).toHaveLength(1);
    const post = (await postRef(db, uid, postId).get()).data()!;
    expect(post).toMatchObject({ status: 'published', platformPostId: made[0]!.id });
    const steps = (post.publishLog as { step: string; outcome: string }[]).map(
      (e) => `${e.step}: ${e.outcome}`,
    );
    expect(steps[0]).toBe('Create post: HTTP 200');
    expect(steps).toContain('Look up: Found');
    expect(
      (await sandboxRequests('linkedin', '/rest/posts')).filter((r) => r.method === 'POST'),
    ).toHaveLength(1);
  });
});
