import { onSchedule } from 'firebase-functions/v2/scheduler';
import { keyringSecret, loadConfig } from '../../config';
import { jobHandlers } from '../../job-handlers';
import { getDb } from '../../lib/admin';
import { sweepClock } from '../../lib/clock';
import { sweepStaleJobs } from './sweep-stale-jobs';
import { workloadOptions } from '../../runtime-options';

// Locally the stack drives this schedule (scripts/stack/schedules.ts); the handler's cases are tested
// directly in tests/functions/job-runner.test.ts. In the emulator its clock is the later of the wall clock
// and the schedule time the driver sends, so a test runs it "minutes later" without a wait.
export const sweepStaleJobsSchedule = onSchedule(
  {
    ...workloadOptions('schedule'),
    schedule: 'every 1 minutes',
    timeoutSeconds: 120,
    retryCount: 0,
    // The job kinds' handlers may read the keyring (functions/src/job-handlers.ts): declared, so they can.
    secrets: [keyringSecret],
  },
  async (event) => {
    await sweepStaleJobs({
      db: getDb(),
      clock: sweepClock(event.scheduleTime, loadConfig().emulated),
      handlers: jobHandlers(),
    });
  },
);
