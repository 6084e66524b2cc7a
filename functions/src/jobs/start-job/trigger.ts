import { keyringSecret, loadKeyring } from '../../config';
import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { systemClock } from '../../lib/clock';
import { defaultBucket, jobExecutors } from '../deps';
import { catalogueDeps } from '../../models/deps';
import { startJob } from './start-job';

export const startJobCallable = onContractCall(
  'startJob',
  { maxInstances: 20, timeoutSeconds: 30, secrets: [keyringSecret] },
  ({ uid, input }) =>
    startJob(uid, input, {
      db: getDb(),
      keyring: loadKeyring(),
      clock: systemClock,
      bucket: defaultBucket(),
      executors: jobExecutors(),
      catalogue: catalogueDeps(),
    }),
);
