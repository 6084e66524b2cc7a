import { onSchedule } from 'firebase-functions/v2/scheduler';
import { keyringSecret, loadConfig } from '../../config';
import { sweepClock } from '../../lib/clock';
import { runChannelChecks } from './channel-checks';
import { platformCallDeps } from '../deps';
import { workloadOptions } from '../../runtime-options';

// Every 5 minutes: a channel is checked within 5 minutes of a day, and of 10 minutes, before its post.
// The handler is tested directly (tests/functions/channel-checks.test.ts).
export const checkChannelsSchedule = onSchedule(
  {
    ...workloadOptions('schedule'),
    schedule: 'every 5 minutes',
    timeoutSeconds: 300,
    retryCount: 0,
    secrets: [keyringSecret],
  },
  async (event) => {
    const { emulated } = loadConfig();
    await runChannelChecks(platformCallDeps(sweepClock(event.scheduleTime, emulated)));
  },
);
