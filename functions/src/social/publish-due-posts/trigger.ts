import { onSchedule } from 'firebase-functions/v2/scheduler';
import { loadConfig } from '../../config';
import { getDb } from '../../lib/admin';
import { sweepClock } from '../../lib/clock';
import { publishDuePosts } from './publish-due-posts';

// Every minute; the handler is tested directly (tests/functions/social-publishing.test.ts).
export const publishDuePostsSchedule = onSchedule({ schedule: 'every 1 minutes', timeoutSeconds: 120, retryCount: 0 }, async (event) => {
  await publishDuePosts({ db: getDb(), clock: sweepClock(event.scheduleTime, loadConfig().emulated) });
});
