import { keyringSecret, loadConfig, loadKeyring } from '../../config';
import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { secretCallableOptions } from '../deps';
import { deleteSocialCredentials } from './delete-social-credentials';

export const deleteSocialCredentialsCallable = onContractCall(
  'deleteSocialCredentials',
  { ...secretCallableOptions, secrets: [keyringSecret] },
  ({ uid, input }) =>
    deleteSocialCredentials(uid, input, {
      db: getDb(),
      keyring: loadKeyring(),
      oauth: { hosts: loadConfig().hostUrls, fetch: globalThis.fetch },
    }),
);
