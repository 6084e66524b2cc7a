import { onSchedule } from 'firebase-functions/v2/scheduler';
import { keyringSecret, loadConfig } from '../../config';
import { sweepClock } from '../../lib/clock';
import { takePostMetrics } from './post-metrics';
import { platformCallDeps } from '../deps';
import { workloadOptions } from '../../runtime-options';

// Every 10 minutes: a post's 1-hour figures are read between 60 and 70 minutes after it went out.
// The handler is tested directly (tests/functions/post-metrics.test.ts).
export const takePostMetricsSchedule = onSchedule(
  {
    ...workloadOptions('schedule'),
    schedule: 'every 10 minutes',
    timeoutSeconds: 300,
    retryCount: 0,
    secrets: [keyringSecret],
  },
  async (event) => {
    const { emulated } = loadConfig();
    await takePostMetrics(platformCallDeps(sweepClock(event.scheduleTime, emulated)));
  },
);
