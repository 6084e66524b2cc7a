import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { secretCallableOptions } from '../deps';
import { deleteIntegrationKey } from './delete-integration-key';

export const deleteIntegrationKeyCallable = onContractCall(
  'deleteIntegrationKey',
  secretCallableOptions,
  ({ uid, input }) => deleteIntegrationKey(uid, input, { db: getDb() }),
);
