import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobDoc } from '@core/jobs';
import { waitForJob } from './jobs-support';
import { adminDb, closeAdmin, runScheduleNow } from './support';

// The Functions emulator loads onSchedule functions but never fires them: the stack drives them
// (scripts/stack/schedules.ts). These run a schedule now through the stack, as its timer would.

afterAll(closeAdmin);

describe('scheduled functions on the local stack', () => {
  it('a running job whose lease expired ends as failed (timeout) after one driven sweepStaleJobs', async () => {
    const db = adminDb();
    const uid = `u${randomUUID().slice(0, 12)}`;
    const jobId = randomUUID();
    const ref = db.doc(`users/${uid}/jobs/${jobId}`);
    const ago = (ms: number) => new Date(Date.now() - ms);
    const stalled: Partial<JobDoc<Date>> = {
      status: 'running',
      statusText: 'Generating',
      runId: 'crashed-run',
      leaseExpiresAt: ago(60_000),
      error: null,
      finishedAt: null,
    };
    const job: JobDoc<Date> = {
      kind: 'image',
      input: { mode: 'text', prompt: 'a stalled lighthouse', width: 512, height: 512 },
      progress: 40,
      statusText: 'Generating',
      providerJobId: null,
      generationId: null,
      error: null,
      attempts: 3,
      leaseExpiresAt: null,
      createdAt: ago(120_000),
      updatedAt: ago(120_000),
      finishedAt: null,
      status: 'running',
      ...stalled,
    };
    // Creating the job fires runJob, which gives up on a job claimed 3 times; once it has, the job is made
    // stale again, so only the sweep can end it.
    await ref.set(job);
    await waitForJob(uid, jobId);
    await ref.update({ ...stalled, updatedAt: ago(60_000) });

    const run = await runScheduleNow('sweepStaleJobs');

    expect(run).toMatchObject({ name: 'sweepStaleJobs', ok: true, status: 200 });
    expect((await ref.get()).data()).toMatchObject({
      status: 'failed',
      error: { code: 'timeout', message: 'Generation timed out. Please try again.' },
      leaseExpiresAt: null,
    });
  });
});
