import { randomUUID } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { JobDoc } from '@core/jobs';
import { cancelJob } from '../../functions/src/jobs/cancel-job/cancel-job';
import { MAX_JOB_ATTEMPTS } from '../../functions/src/jobs/job-state';
import { createImageExecutor } from '../../functions/src/jobs/kinds/image';
import { storeResult } from '../../functions/src/jobs/result-storage';
import {
  generationHandlers,
  generationRef,
  type GenerationDeps,
} from '../../functions/src/jobs/generation-run';
import { jobRef } from '../../functions/src/jobs/lease';
import { runJob, type RunnerDeps } from '../../functions/src/jobs/runner';
import { sweepStaleJobs } from '../../functions/src/jobs/sweep-stale-jobs/sweep-stale-jobs';
import { systemClock } from '../../functions/src/lib/clock';
import { PROVIDER_RETRY_POLICY, realSleep } from '../../functions/src/lib/retry';
import { bflMessages, createBflImageGenerator } from '../../functions/src/providers/image/bfl';
import { gradientPng, pngSize } from '../sandbox/providers/png';
import { sandboxUrl } from './integrations-support';
import { bflSubmissions, newMarker, SANDBOX_BFL_KEY, storageOrigin } from './jobs-support';
import { adminDb, closeAdmin, projectId } from './support';

// The runner called directly, as a delivery of the Firestore event would, to replay what the emulator
// cannot: the same event twice, a crash between upload and record, a run that loses its lease, the sweep.
// These jobs live in a second project on the same emulators, where no trigger runs them behind our back.

vi.setConfig({ testTimeout: 60_000 });
adminDb();
const DIRECT = `${projectId}-direct`;
const app = initializeApp(
  { projectId: DIRECT, storageBucket: `${DIRECT}.appspot.com` },
  'runner-direct',
);
const db = getFirestore(app);
const bucket = getStorage(app).bucket();
afterAll(closeAdmin);

/** The runner with the image kind registered as in production (functions/src/job-handlers.ts), against the sandbox. */
function deps(
  overrides: { db?: Firestore; readKey?: GenerationDeps['readKey'] } = {},
  polling = { intervalMs: 100, maxDurationMs: 15_000, retries: 3 },
): RunnerDeps {
  const generation: GenerationDeps = {
    bucket,
    downloadOrigin: storageOrigin(),
    fetch: globalThis.fetch,
    readKey:
      overrides.readKey ?? (async () => ({ found: true, readable: true, value: SANDBOX_BFL_KEY })),
    executors: {
      image: createImageExecutor({
        generators: (apiKey) =>
          createBflImageGenerator({
            apiKey,
            baseUrl: sandboxUrl('bfl'),
            fetch: globalThis.fetch,
            retry: { policy: PROVIDER_RETRY_POLICY, sleep: realSleep, now: Date.now },
            submitTimeoutMs: 10_000,
            pollTimeoutMs: 5_000,
            polling,
          }),
      }),
    },
    allowPlainHttp: true,
  };
  return { db: overrides.db ?? db, clock: systemClock, handlers: generationHandlers(generation) };
}

/** A job as startJob writes it, possibly already in a later state. */
async function queueJob(prompt: string, patch: Partial<JobDoc<Date>> = {}) {
  const uid = `u${randomUUID().slice(0, 12)}`;
  const jobId = randomUUID();
  const now = new Date();
  const job: JobDoc<Date> = {
    kind: 'image',
    status: 'queued',
    input: { mode: 'text', prompt, width: 512, height: 512 },
    progress: 0,
    statusText: 'Queued',
    providerJobId: null,
    generationId: null,
    error: null,
    attempts: 0,
    leaseExpiresAt: null,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
    ...patch,
  };
  await jobRef(db, uid, jobId).set(job);
  return { uid, jobId };
}

const read = async (uid: string, jobId: string) => (await jobRef(db, uid, jobId).get()).data()!;
const recordOf = async (uid: string, jobId: string) =>
  (await generationRef(db, uid, jobId).get()).data();
const filesOf = async (uid: string) =>
  (await bucket.getFiles({ prefix: `${uid}/` }))[0].map((f) => f.name);
const recordsOf = async (uid: string) =>
  (await db.collection(`users/${uid}/generations`).get()).size;

/** Firestore whose transactions see `tx` through `wrap`: a failure injected where a test needs one. */
function withTransactions(
  wrap: (tx: Transaction, call: number) => Transaction,
  before?: (call: number) => Promise<void>,
): Firestore {
  let calls = 0;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'runTransaction') {
        return async (fn: (tx: Transaction) => Promise<unknown>, options?: object) => {
          const call = ++calls;
          await before?.(call);
          return target.runTransaction((tx) => fn(wrap(tx, call)), options);
        };
      }
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

describe('running a job', () => {
  it('a duplicate delivery of the same event runs nothing: one provider task, one file, one record', async () => {
    const marker = newMarker();
    const { uid, jobId } = await queueJob(`twice ${marker}`);
    // Two deliveries at the same moment: one claims, the other finds it claimed (or already done).
    const results = await Promise.all([
      runJob({ uid, jobId }, deps()),
      runJob({ uid, jobId }, deps()),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['skipped', 'succeeded']);
    // And a third delivery after the end runs nothing either.
    expect(await runJob({ uid, jobId }, deps())).toEqual({
      outcome: 'skipped',
      reason: 'finished',
    });

    expect(await read(uid, jobId)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      generationId: jobId,
    });
    expect(await recordsOf(uid)).toBe(1);
    expect(await filesOf(uid)).toEqual([`${uid}/generations/${jobId}.png`]);
    expect(await bflSubmissions(marker)).toHaveLength(1);
  });

  it('a delivery that arrives while a run holds the lease leaves the job to it', async () => {
    const marker = newMarker();
    const { uid, jobId } = await queueJob(`held ${marker} [pending:3]`);
    const first = runJob({ uid, jobId }, deps());
    for (let i = 0; i < 100 && (await read(uid, jobId)).status !== 'running'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await runJob({ uid, jobId }, deps())).toEqual({ outcome: 'skipped', reason: 'busy' });
    expect(await first).toMatchObject({ outcome: 'succeeded' });
    expect(await recordsOf(uid)).toBe(1);
    expect(await bflSubmissions(marker)).toHaveLength(1);
  });

  it('when the record cannot be written after the upload, the file is removed and the job fails', async () => {
    const { uid, jobId } = await queueJob(`unlucky ${newMarker()}`);
    const failing = withTransactions(
      (tx) =>
        new Proxy(tx, {
          get(target, prop) {
            if (prop === 'create')
              return () => {
                throw new Error('injected: record write failed');
              };
            const value = Reflect.get(target, prop) as unknown;
            return typeof value === 'function'
              ? (value as (...a: unknown[]) => unknown).bind(target)
              : value;
          },
        }),
    );
    const result = await runJob({ uid, jobId }, deps({ db: failing }));
    expect(result).toEqual({
      outcome: 'failed',
      error: { code: 'save_failed', message: 'Failed to save generation' },
    });
    expect(await read(uid, jobId)).toMatchObject({
      status: 'failed',
      error: { code: 'save_failed', message: 'Failed to save generation' },
      generationId: null,
    });
    expect(await recordOf(uid, jobId)).toBeUndefined();
    expect(await filesOf(uid)).toEqual([]);
  });

  it('a run that crashed between upload and record is completed by the next delivery, from the file, without the provider', async () => {
    const marker = newMarker();
    const { uid, jobId } = await queueJob(`crashed ${marker}`, {
      status: 'running',
      attempts: 1,
      runId: 'crashed-run',
      leaseExpiresAt: new Date(Date.now() - 1000),
      providerJobId: 'bfl-gone',
    });
    // What the crashed run left behind: the uploaded file at the job's path, no record.
    const png = gradientPng(512, 512, 'crashed');
    const left = await storeResult({ bucket, downloadOrigin: storageOrigin() }, uid, jobId, png, {
      contentType: 'image/png',
      ext: 'png',
      width: 512,
      height: 512,
    });

    const result = await runJob({ uid, jobId }, deps());
    expect(result).toEqual({ outcome: 'succeeded', generationId: jobId, resumed: true });
    expect(await read(uid, jobId)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      generationId: jobId,
    });
    expect(await recordOf(uid, jobId)).toMatchObject({
      storagePath: left.path,
      originalUrl: left.downloadUrl,
      sizeBytes: png.length,
      metadata: { width: 512, height: 512 },
    });
    expect(await filesOf(uid)).toEqual([left.path]);
    expect(await bflSubmissions(marker)).toHaveLength(0);
    const served = Buffer.from(await (await fetch(left.downloadUrl)).arrayBuffer());
    expect(pngSize(served)).toEqual({ width: 512, height: 512 });
  });

  it('a redelivery after a crash mid-generation polls the task already submitted instead of paying for another', async () => {
    const marker = newMarker();
    const submitted = (await (
      await fetch(`${sandboxUrl('bfl')}/v1/flux-pro-1.1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-key': SANDBOX_BFL_KEY },
        body: JSON.stringify({ prompt: `resumed ${marker} [pending:1]`, width: 512, height: 512 }),
      })
    ).json()) as { id: string; polling_url: string };
    const { uid, jobId } = await queueJob(`resumed ${marker}`, {
      status: 'running',
      attempts: 1,
      runId: 'crashed-run',
      leaseExpiresAt: new Date(Date.now() - 1000),
      providerJobId: submitted.id,
      providerPollingUrl: submitted.polling_url,
      submittedAt: new Date(),
    });
    expect(await runJob({ uid, jobId }, deps())).toEqual({
      outcome: 'succeeded',
      generationId: jobId,
      resumed: true,
    });
    expect(await bflSubmissions(marker)).toEqual([
      expect.objectContaining({ id: submitted.id, polls: 2 }),
    ]);
    expect(await recordsOf(uid)).toBe(1);
  });

  it('a run whose job was taken over stops writing and leaves the job to the new run', async () => {
    const { uid, jobId } = await queueJob(`taken over ${newMarker()} [pending:5]`);
    const ref = jobRef(db, uid, jobId);
    // After a few heartbeats, another run takes the job over (as if this one had stalled past its lease).
    const stalling = withTransactions(
      (tx) => tx,
      async (call) => {
        if (call === 5)
          await ref.update({ runId: 'new-run', leaseExpiresAt: new Date(Date.now() + 60_000) });
      },
    );
    expect(await runJob({ uid, jobId }, deps({ db: stalling }))).toEqual({
      outcome: 'stopped',
      reason: 'lost',
    });
    expect(await read(uid, jobId)).toMatchObject({ status: 'running', runId: 'new-run' });
    expect(await recordOf(uid, jobId)).toBeUndefined();
    await ref.update({ status: 'failed' });
  });

  it('stops between polls when the user cancels, with no record and no file', async () => {
    const { uid, jobId } = await queueJob(`cancel me ${newMarker()} [pending:200]`);
    const running = runJob({ uid, jobId }, deps());
    for (let i = 0; i < 100 && (await read(uid, jobId)).statusText !== 'Generating image'; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(
      await cancelJob(uid, { jobId }, { db, clock: systemClock, handlers: deps().handlers }),
    ).toEqual({ status: 'cancelled' });
    expect(await running).toEqual({ outcome: 'stopped', reason: 'cancelled' });
    expect(await read(uid, jobId)).toMatchObject({
      status: 'cancelled',
      error: { code: 'cancelled', message: 'Generation cancelled.' },
    });
    expect(await recordOf(uid, jobId)).toBeUndefined();
    expect(await filesOf(uid)).toEqual([]);
  });

  it('fails with code timeout when the provider is still pending at the time limit', async () => {
    const { uid, jobId } = await queueJob(`forever ${newMarker()} [pending:1000]`);
    const result = await runJob(
      { uid, jobId },
      deps({}, { intervalMs: 100, maxDurationMs: 1000, retries: 3 }),
    );
    expect(result).toEqual({
      outcome: 'failed',
      error: { code: 'timeout', message: bflMessages.timeout },
    });
    expect(await read(uid, jobId)).toMatchObject({
      status: 'failed',
      error: { code: 'timeout' },
      leaseExpiresAt: null,
    });
  });

  it('fails with its message when the key was deleted after the start', async () => {
    const { uid, jobId } = await queueJob('no key any more');
    expect(await runJob({ uid, jobId }, deps({ readKey: async () => ({ found: false }) }))).toEqual(
      {
        outcome: 'failed',
        error: {
          code: 'missing_key',
          message:
            'BlackForest API key not found. Please add your API key in the Integrations page.',
        },
      },
    );
  });

  it('gives up a job whose runs keep crashing', async () => {
    const { uid, jobId } = await queueJob('cursed', {
      status: 'running',
      attempts: MAX_JOB_ATTEMPTS,
      runId: 'r',
      leaseExpiresAt: new Date(Date.now() - 1),
    });
    expect(await runJob({ uid, jobId }, deps())).toMatchObject({
      outcome: 'failed',
      error: { code: 'internal' },
    });
    expect(await read(uid, jobId)).toMatchObject({
      status: 'failed',
      error: {
        code: 'internal',
        message: 'Generation was interrupted too many times. Please try again.',
      },
    });
  });

  it('runs nothing for a job that does not exist', async () => {
    expect(await runJob({ uid: 'nobody', jobId: randomUUID() }, deps())).toEqual({
      outcome: 'skipped',
      reason: 'missing',
    });
  });
});

describe('sweeping stale jobs', () => {
  it('fails running jobs whose lease expired and queued jobs never picked up, and nothing else', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const expired = await queueJob('stalled', {
      status: 'running',
      attempts: 1,
      runId: 'r',
      leaseExpiresAt: ago(1000),
      createdAt: ago(120_000),
    });
    const live = await queueJob('working', {
      status: 'running',
      attempts: 1,
      runId: 'r',
      leaseExpiresAt: new Date(now.getTime() + 60_000),
    });
    const forgotten = await queueJob('never run', { createdAt: ago(10 * 60_000) });
    const fresh = await queueJob('just queued', { createdAt: ago(1000) });
    const done = await queueJob('done long ago', {
      status: 'succeeded',
      createdAt: ago(60 * 60_000),
      leaseExpiresAt: null,
    });

    const result = await sweepStaleJobs({
      db,
      clock: { now: () => now },
      handlers: deps().handlers,
    });
    const path = (j: { uid: string; jobId: string }) => `users/${j.uid}/jobs/${j.jobId}`;
    expect(result.expired).toEqual(expect.arrayContaining([path(expired), path(forgotten)]));
    expect(result.expired).not.toEqual(expect.arrayContaining([path(live)]));

    for (const j of [expired, forgotten]) {
      expect(await read(j.uid, j.jobId)).toMatchObject({
        status: 'failed',
        error: { code: 'timeout', message: 'Generation timed out. Please try again.' },
        leaseExpiresAt: null,
      });
    }
    expect(await read(live.uid, live.jobId)).toMatchObject({ status: 'running' });
    expect(await read(fresh.uid, fresh.jobId)).toMatchObject({ status: 'queued' });
    expect(await read(done.uid, done.jobId)).toMatchObject({ status: 'succeeded' });
    // A late delivery for a swept job runs nothing.
    expect(await runJob(expired, deps())).toEqual({ outcome: 'skipped', reason: 'finished' });
    await jobRef(db, live.uid, live.jobId).update({ status: 'failed' });
  });
});
