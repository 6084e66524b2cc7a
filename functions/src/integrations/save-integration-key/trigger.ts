import { keyringSecret } from '../../config';
import { onContractCall } from '../../lib/callable';
import { secretCallableOptions, secretStoreDeps } from '../deps';
import { saveIntegrationKey } from './save-integration-key';

export const saveIntegrationKeyCallable = onContractCall(
  'saveIntegrationKey',
  { ...secretCallableOptions, secrets: [keyringSecret] },
  ({ uid, input }) => saveIntegrationKey(uid, input, secretStoreDeps()),
);
