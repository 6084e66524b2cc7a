import { onSchedule } from 'firebase-functions/v2/scheduler';
import { loadConfig } from '../../config';
import { getDb } from '../../lib/admin';
import { sweepClock } from '../../lib/clock';
import { publishDuePosts } from './publish-due-posts';
import { workloadOptions } from '../../runtime-options';

// At second 0 of every minute: a unix-cron line, which Cloud Scheduler fires on the wall clock's minutes,
// where App Engine's "every 1 minutes" counts from the previous run. Posts are planned to the minute, so a
// post due at 09:00 is claimed by the 09:00 sweep, not up to a minute later (docs/architecture.md,
// Publishing). The handler is tested directly (tests/functions/social-publishing.test.ts).
export const publishDuePostsSchedule = onSchedule(
  { ...workloadOptions('schedule'), schedule: '* * * * *', timeoutSeconds: 120, retryCount: 0 },
  async (event) => {
    await publishDuePosts({
      db: getDb(),
      clock: sweepClock(event.scheduleTime, loadConfig().emulated),
    });
  },
);
