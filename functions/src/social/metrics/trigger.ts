import { onSchedule } from 'firebase-functions/v2/scheduler';
import { keyringSecret, loadConfig, loadKeyring } from '../../config';
import { getDb } from '../../lib/admin';
import { sweepClock } from '../publish-due-posts/publish-due-posts';
import { takePostMetrics } from './post-metrics';

// Every 10 minutes: a post's 1-hour figures are read between 60 and 70 minutes after it went out.
// The handler is tested directly (tests/functions/post-metrics.test.ts).
export const takePostMetricsSchedule = onSchedule({ schedule: 'every 10 minutes', timeoutSeconds: 300, retryCount: 0, secrets: [keyringSecret] }, async (event) => {
  const { baseUrls, hostUrls, emulated } = loadConfig();
  await takePostMetrics({
    db: getDb(),
    keyring: loadKeyring(),
    clock: sweepClock(event.scheduleTime, emulated),
    fetch: globalThis.fetch,
    baseUrls: { x: baseUrls.x, linkedin: baseUrls.linkedin, reddit: baseUrls.reddit, youtube: baseUrls.google },
    hosts: hostUrls,
  });
});
