import { keyringSecret } from '../../config';
import { onContractCall } from '../../lib/callable';
import { secretCallableOptions, secretStoreDeps } from '../deps';
import { saveSocialCredentials } from './save-social-credentials';

export const saveSocialCredentialsCallable = onContractCall(
  'saveSocialCredentials',
  { ...secretCallableOptions, secrets: [keyringSecret] },
  ({ uid, input }) => saveSocialCredentials(uid, input, secretStoreDeps()),
);
