import { onCall } from 'firebase-functions/v2/https';
import { keyringSecret } from '../../config';
import { requireUid } from '../../lib/callable';
import { secretCallableOptions, secretStoreDeps } from '../deps';
import { saveIntegrationKey } from './save-integration-key';

export const saveIntegrationKeyCallable = onCall({ ...secretCallableOptions, secrets: [keyringSecret] }, (request) =>
  saveIntegrationKey(requireUid(request), request.data, secretStoreDeps()),
);
