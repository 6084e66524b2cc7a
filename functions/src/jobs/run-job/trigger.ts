import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { keyringSecret } from '../../config';
import { jobHandlers } from '../../job-handlers';
import { getDb } from '../../lib/admin';
import { systemClock } from '../../lib/clock';
import { workloadOptions } from '../../runtime-options';
import { runJob } from '../runner';

// Every job document created by startJob is run here to its end. Event delivery is at least once; the
// runner's lease makes a duplicate delivery run nothing. Failures are stored on the job, so the event
// itself never asks for a retry: a run killed mid-way is resumed by a redelivery or ended by the sweep.
// 540 s (the most an event function may run): a video is polled for up to 8 minutes (core VIDEO_JOB).
export const runJobTrigger = onDocumentCreated(
  {
    ...workloadOptions('job'),
    document: 'users/{uid}/jobs/{jobId}',
    secrets: [keyringSecret],
    timeoutSeconds: 540,
    maxInstances: 50,
    retry: false,
  },
  async (event) => {
    await runJob(
      { uid: event.params.uid, jobId: event.params.jobId },
      { db: getDb(), clock: systemClock, handlers: jobHandlers() },
    );
  },
);
