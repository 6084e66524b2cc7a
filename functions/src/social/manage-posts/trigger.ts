import { keyringSecret, loadKeyring } from '../../config';
import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { systemClock } from '../../lib/clock';
import { cancelPost, retryPost, updateScheduledPost } from './manage-posts';

const options = { maxInstances: 20, timeoutSeconds: 30 };

export const updateScheduledPostCallable = onContractCall(
  'updateScheduledPost',
  options,
  ({ uid, input }) => updateScheduledPost(uid, input, { db: getDb(), clock: systemClock }),
);

export const cancelPostCallable = onContractCall('cancelPost', options, ({ uid, input }) =>
  cancelPost(uid, input, { db: getDb(), clock: systemClock }),
);

export const retryPostCallable = onContractCall(
  'retryPost',
  { ...options, secrets: [keyringSecret] },
  ({ uid, input }) =>
    retryPost(uid, input, { db: getDb(), clock: systemClock, keyring: loadKeyring() }),
);
