import { getDb } from '../lib/admin';
import { onContractCall } from '../lib/callable';
import { sendFeedback } from './send-feedback';

export const sendFeedbackCallable = onContractCall(
  'sendFeedback',
  { maxInstances: 10 },
  ({ uid, input, request }) =>
    sendFeedback(uid, input, request.rawRequest.headers['user-agent'], { db: getDb() }),
);
