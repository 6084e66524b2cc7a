import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { publishPostSchema } from '@core/social-posts';
import { queuedJob } from '../../functions/src/jobs/job-state';
import { runJob, type RunnerDeps } from '../../functions/src/jobs/runner';
import { sweepStaleJobs } from '../../functions/src/jobs/sweep-stale-jobs/sweep-stale-jobs';
import {
  readSocialCredentials,
  storeSocialCredentials,
} from '../../functions/src/integrations/secret-store';
import { systemClock } from '../../functions/src/lib/clock';
import { postRef, publishJobId } from '../../functions/src/social/posts';
import { publishPost } from '../../functions/src/social/publish-post/publish-post';
import type { PublishDeps } from '../../functions/src/social/publish-run';
import type { PublishTiming } from '../../functions/src/social/publish-timing';
import { sandboxUrl } from './integrations-support';
import { directProject, publishRunnerDeps, queuedXPost } from './publish-support';
import { closeAdmin } from './support';

// A worker killed mid-publish used to leave its post "publishing" for the generic job lease (3 minutes)
// before the sweep noticed. A publish run now holds a short lease that it renews while alive, so the first
// sweep a minute after the worker died takes the post over; the new run waits out every request the dead
// one logged (an upload with the upload's timeout) and never sends while one could still land, and a run
// that lost its lease sends nothing more. Jobs run in-process in a project of their own (no trigger).

vi.setConfig({ testTimeout: 60_000 });
const project = directProject('takeover');
const { db, keyring } = project;
const store = { db, keyring, clock: systemClock };
afterAll(closeAdmin);

const TIMING: PublishTiming = {
  requestTimeoutMs: 1000,
  uploadTimeoutMs: 4000,
  settleMs: { x: 1000, linkedin: 1000, reddit: 1000, youtube: 1000 },
  lookupEveryMs: 200,
  backoffMs: [0],
};
const SWEEP_INTERVAL_MS = 60_000;

/** A run's dependencies; `hang` stands between the publisher and the platform (the worker dies there). */
const deps = (
  publish: Partial<PublishDeps> = {},
  hang?: (send: typeof fetch) => typeof fetch,
): RunnerDeps => publishRunnerDeps(project, { timing: TIMING, wrapFetch: hang, publish });

/** The worker is gone: nothing renews its lease. */
const dead: Partial<PublishDeps> = { every: () => () => undefined };

/** Sends the post to X, then never goes on (the worker died before it could record the answer). */
const diesAfterSending =
  (send: typeof fetch): typeof fetch =>
  async (input, init) => {
    await send(input, init);
    return new Promise<Response>(() => undefined);
  };

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

/** The sweep's own clock set `ms` after now, as its next run would see it. */
const sweepAfter = (ms: number) =>
  sweepStaleJobs({
    db,
    clock: { now: () => new Date(Date.now() + ms) },
    handlers: deps().handlers,
  });

describe('a publish run killed mid-publish', () => {
  it('is taken over by the first sweep after it died, and the post is made once', async () => {
    const { uid, token } = await xUser();
    const text = `Killed mid-publish ${randomUUID().slice(0, 8)}`;
    const { postId } = await publishPost(
      uid,
      publishPostSchema.parse({ requestId: randomUUID(), platform: 'x', text }),
      store,
    );
    void runJob({ uid, jobId: publishJobId(postId) }, deps(dead, diesAfterSending));
    const ref = postRef(db, uid, postId);
    await vi.waitFor(
      async () =>
        expect((await ref.get()).get('publishLog')).toContainEqual(
          expect.objectContaining({ step: 'Create post' }),
        ),
      { timeout: 20_000, interval: 50 },
    );

    // One sweep interval after the worker died: the post is taken over (it used to wait out a 3-minute lease).
    const swept = await sweepAfter(SWEEP_INTERVAL_MS);
    expect(swept.restarted).toContain(`users/${uid}/jobs/${publishJobId(postId)}`);
    const next = (await ref.get()).data()!;
    expect(next).toMatchObject({ status: 'queued', restarts: 1, error: null });

    // The new run looks the post up (the dead run's request may still land) and finds it: nothing sent again.
    expect(await runJob({ uid, jobId: next.jobId as string }, deps())).toMatchObject({
      outcome: 'published',
    });
    expect((await ref.get()).data()).toMatchObject({ status: 'published', error: null });
    expect(await tweetsWith(text)).toBe(1);
    expect(await createRequests(token)).toBe(1);
  });

  it('sends nothing more once another run took its job over', async () => {
    const { uid, token } = await xUser();
    const text = `Frozen worker ${randomUUID().slice(0, 8)}`;
    const { postId } = await publishPost(
      uid,
      publishPostSchema.parse({ requestId: randomUUID(), platform: 'x', text }),
      store,
    );
    // The worker freezes after its claim, before it sends (its lease lapses meanwhile).
    let thaw!: () => void;
    const thawed = new Promise<void>((resolve) => (thaw = resolve));
    const frozen = deps({
      ...dead,
      readCredentials: async (u, platform) => {
        await thawed;
        return readSocialCredentials({ db, keyring }, u, platform);
      },
    });
    const first = runJob({ uid, jobId: publishJobId(postId) }, frozen);
    const ref = postRef(db, uid, postId);
    await vi.waitFor(async () => expect((await ref.get()).get('status')).toBe('publishing'), {
      timeout: 20_000,
      interval: 50,
    });

    expect((await sweepAfter(SWEEP_INTERVAL_MS)).restarted).toContain(
      `users/${uid}/jobs/${publishJobId(postId)}`,
    );
    const nextJob = (await ref.get()).get('jobId') as string;
    expect(await runJob({ uid, jobId: nextJob }, deps())).toMatchObject({ outcome: 'published' });

    // The frozen worker wakes up: it no longer owns the job, so its create request never leaves.
    thaw();
    expect(await first).toMatchObject({ outcome: 'stopped' });
    expect(await createRequests(token)).toBe(1);
    expect(await tweetsWith(text)).toBe(1);
    expect((await ref.get()).data()).toMatchObject({ status: 'published', jobId: nextJob });
  });

  it('waits out a media upload the dead run sent for the upload timeout, not the create timeout', async () => {
    const { uid, token } = await xUser();
    const text = `Upload in flight ${randomUUID().slice(0, 8)}`;
    const jobId = randomUUID();
    const sentAt = new Date();
    // What a run killed during its media upload leaves, once the sweep gave the post a new job.
    await postRef(db, uid, jobId).set(
      queuedXPost(jobId, text, sentAt, {
        attemptStartedAt: sentAt,
        checkingUntil: null,
        publishLog: [{ at: sentAt, step: 'Upload media', outcome: 'Sent' }],
        restarts: 1,
      }),
    );
    await db.doc(`users/${uid}/jobs/${jobId}`).set(queuedJob('publish', { postId: jobId }, sentAt));

    expect(await runJob({ uid, jobId }, deps())).toMatchObject({ outcome: 'published' });
    const post = (await postRef(db, uid, jobId).get()).data()!;
    const log = post.publishLog as { at: { toDate(): Date }; step: string }[];
    const create = log.find((e) => e.step === 'Create post');
    // Nothing was sent until the upload's lifetime (its timeout plus X's processing delay) had passed.
    expect(create!.at.toDate().getTime()).toBeGreaterThanOrEqual(
      sentAt.getTime() + TIMING.uploadTimeoutMs + TIMING.settleMs.x,
    );
    expect(log.filter((e) => e.step === 'Look up').length).toBeGreaterThanOrEqual(1);
    expect(await createRequests(token)).toBe(1);
  });
});
