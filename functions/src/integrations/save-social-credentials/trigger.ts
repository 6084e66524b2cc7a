import { onCall } from 'firebase-functions/v2/https';
import { keyringSecret } from '../../config';
import { requireUid } from '../../lib/callable';
import { secretCallableOptions, secretStoreDeps } from '../deps';
import { saveSocialCredentials } from './save-social-credentials';

export const saveSocialCredentialsCallable = onCall({ ...secretCallableOptions, secrets: [keyringSecret] }, (request) =>
  saveSocialCredentials(requireUid(request), request.data, secretStoreDeps()),
);
