import { keyringSecret, loadConfig, loadKeyring } from '../../config';
import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { getPlatformProfile } from './get-platform-profile';

export const getPlatformProfileCallable = onContractCall('getPlatformProfile', { maxInstances: 20, timeoutSeconds: 60, secrets: [keyringSecret] }, ({ uid, input }) => {
  const { baseUrls } = loadConfig();
  return getPlatformProfile(uid, input, { db: getDb(), keyring: loadKeyring(), fetch: globalThis.fetch, baseUrls: { x: baseUrls.x, linkedin: baseUrls.linkedin, youtube: baseUrls.google } });
});
