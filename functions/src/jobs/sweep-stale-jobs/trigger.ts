import { onSchedule } from 'firebase-functions/v2/scheduler';
import { getDb } from '../../lib/admin';
import { systemClock } from '../../lib/clock';
import { sweepStaleJobs } from './sweep-stale-jobs';

// Locally the stack drives this schedule (scripts/stack/schedules.ts); the handler's cases are tested
// directly in tests/functions/job-runner.test.ts.
export const sweepStaleJobsSchedule = onSchedule({ schedule: 'every 1 minutes', timeoutSeconds: 120, retryCount: 0 }, async () => {
  await sweepStaleJobs({ db: getDb(), clock: systemClock });
});
