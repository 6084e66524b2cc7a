import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { defaultBucket } from '../../jobs/deps';
import { deleteGeneration } from './delete-generation';

export const deleteGenerationCallable = onContractCall(
  'deleteGeneration',
  { maxInstances: 10 },
  ({ uid, input }) => deleteGeneration(uid, input, { db: getDb(), bucket: defaultBucket() }),
);
