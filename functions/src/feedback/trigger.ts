import { onCall } from 'firebase-functions/v2/https';
import { getDb } from '../lib/admin';
import { requireUid } from '../lib/callable';
import { sendFeedback } from './send-feedback';

export const sendFeedbackCallable = onCall({ maxInstances: 10 }, (request) =>
  sendFeedback(requireUid(request), request.data, request.rawRequest.headers['user-agent'], { db: getDb() }),
);
