import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { secretCallableOptions } from '../deps';
import { deleteSocialCredentials } from './delete-social-credentials';

export const deleteSocialCredentialsCallable = onContractCall('deleteSocialCredentials', secretCallableOptions, ({ uid, input }) => deleteSocialCredentials(uid, input, { db: getDb() }));
