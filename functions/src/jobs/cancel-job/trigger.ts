import { keyringSecret } from '../../config';
import { jobHandlers } from '../../job-handlers';
import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { systemClock } from '../../lib/clock';
import { cancelJob } from './cancel-job';

export const cancelJobCallable = onContractCall(
  'cancelJob',
  // The job kinds' handlers may read the keyring (functions/src/job-handlers.ts): declared, so they can.
  { maxInstances: 10, secrets: [keyringSecret] },
  ({ uid, input }) =>
    cancelJob(uid, input, { db: getDb(), clock: systemClock, handlers: jobHandlers() }),
);
