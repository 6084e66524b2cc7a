import { onCall } from 'firebase-functions/v2/https';
import { getDb } from '../../lib/admin';
import { requireUid } from '../../lib/callable';
import { secretCallableOptions } from '../deps';
import { deleteIntegrationKey } from './delete-integration-key';

export const deleteIntegrationKeyCallable = onCall(secretCallableOptions, (request) => deleteIntegrationKey(requireUid(request), request.data, { db: getDb() }));
