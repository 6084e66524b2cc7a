import { keyringSecret, loadKeyring } from '../../config';
import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { systemClock } from '../../lib/clock';
import { publishPost } from './publish-post';

export const publishPostCallable = onContractCall('publishPost', { maxInstances: 20, timeoutSeconds: 30, secrets: [keyringSecret] }, ({ uid, input }) =>
  publishPost(uid, input, { db: getDb(), keyring: loadKeyring(), clock: systemClock }),
);
