import { onSchedule } from 'firebase-functions/v2/scheduler';
import { keyringSecret, loadConfig, loadKeyring } from '../../config';
import { getDb } from '../../lib/admin';
import { sweepClock } from '../publish-due-posts/publish-due-posts';
import { runChannelChecks } from './channel-checks';

// Every 5 minutes: a channel is checked within 5 minutes of a day, and of 10 minutes, before its post.
// The handler is tested directly (tests/functions/channel-checks.test.ts).
export const checkChannelsSchedule = onSchedule({ schedule: 'every 5 minutes', timeoutSeconds: 300, retryCount: 0, secrets: [keyringSecret] }, async (event) => {
  const { baseUrls, hostUrls, emulated } = loadConfig();
  await runChannelChecks({
    db: getDb(),
    keyring: loadKeyring(),
    clock: sweepClock(event.scheduleTime, emulated),
    fetch: globalThis.fetch,
    baseUrls: { x: baseUrls.x, linkedin: baseUrls.linkedin, reddit: baseUrls.reddit, youtube: baseUrls.google },
    hosts: hostUrls,
  });
});
