import { onCall } from 'firebase-functions/v2/https';
import { keyringSecret, loadKeyring } from '../../config';
import { getDb } from '../../lib/admin';
import { requireUid } from '../../lib/callable';
import { systemClock } from '../../lib/clock';
import { defaultBucket, jobExecutors } from '../deps';
import { startJob } from './start-job';

export const startJobCallable = onCall({ maxInstances: 20, timeoutSeconds: 30, secrets: [keyringSecret] }, (request) =>
  startJob(requireUid(request), request.data, { db: getDb(), keyring: loadKeyring(), clock: systemClock, bucket: defaultBucket(), executors: jobExecutors() }),
);
