import { onCall } from 'firebase-functions/v2/https';
import { getDb } from '../../lib/admin';
import { requireUid } from '../../lib/callable';
import { systemClock } from '../../lib/clock';
import { cancelJob } from './cancel-job';

export const cancelJobCallable = onCall({ maxInstances: 10 }, (request) => cancelJob(requireUid(request), request.data, { db: getDb(), clock: systemClock }));
