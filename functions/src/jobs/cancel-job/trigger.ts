import { jobHandlers } from '../../job-handlers';
import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { systemClock } from '../../lib/clock';
import { cancelJob } from './cancel-job';

export const cancelJobCallable = onContractCall(
  'cancelJob',
  { maxInstances: 10 },
  ({ uid, input }) =>
    cancelJob(uid, input, { db: getDb(), clock: systemClock, handlers: jobHandlers() }),
);
