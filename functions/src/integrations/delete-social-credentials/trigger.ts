import { onCall } from 'firebase-functions/v2/https';
import { getDb } from '../../lib/admin';
import { requireUid } from '../../lib/callable';
import { secretCallableOptions } from '../deps';
import { deleteSocialCredentials } from './delete-social-credentials';

export const deleteSocialCredentialsCallable = onCall(secretCallableOptions, (request) => deleteSocialCredentials(requireUid(request), request.data, { db: getDb() }));
