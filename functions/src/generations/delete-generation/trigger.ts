import { onCall } from 'firebase-functions/v2/https';
import { getDb } from '../../lib/admin';
import { requireUid } from '../../lib/callable';
import { defaultBucket } from '../../jobs/deps';
import { deleteGeneration } from './delete-generation';

export const deleteGenerationCallable = onCall({ maxInstances: 10 }, (request) => deleteGeneration(requireUid(request), request.data, { db: getDb(), bucket: defaultBucket() }));
