import { keyringSecret, loadConfig, loadKeyring } from '../../config';
import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { systemClock } from '../../lib/clock';
import { getSubredditFlairs } from './get-subreddit-flairs';

export const getSubredditFlairsCallable = onContractCall('getSubredditFlairs', { maxInstances: 20, timeoutSeconds: 30, secrets: [keyringSecret] }, ({ uid, input }) => {
  const { baseUrls, hostUrls } = loadConfig();
  return getSubredditFlairs(uid, input, {
    db: getDb(),
    keyring: loadKeyring(),
    clock: systemClock,
    fetch: globalThis.fetch,
    baseUrls: { x: baseUrls.x, linkedin: baseUrls.linkedin, reddit: baseUrls.reddit, youtube: baseUrls.google },
    hosts: hostUrls,
  });
});
