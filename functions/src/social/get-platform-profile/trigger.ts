import { keyringSecret, loadConfig, loadKeyring } from '../../config';
import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { systemClock } from '../../lib/clock';
import { getPlatformProfile } from './get-platform-profile';

export const getPlatformProfileCallable = onContractCall('getPlatformProfile', { maxInstances: 20, timeoutSeconds: 60, secrets: [keyringSecret] }, ({ uid, input }) => {
  const { baseUrls, hostUrls } = loadConfig();
  return getPlatformProfile(uid, input, {
    db: getDb(),
    keyring: loadKeyring(),
    clock: systemClock,
    fetch: globalThis.fetch,
    baseUrls: { x: baseUrls.x, linkedin: baseUrls.linkedin, reddit: baseUrls.reddit, youtube: baseUrls.google },
    hosts: hostUrls,
  });
});
