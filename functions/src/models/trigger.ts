import { keyringSecret, loadKeyring } from '../config';
import { onContractCall } from '../lib/callable';
import { secretCallableOptions } from '../integrations/deps';
import { catalogueDeps } from './deps';
import { listModels } from './model-catalogue';

export const listModelsCallable = onContractCall(
  'listModels',
  { ...secretCallableOptions, secrets: [keyringSecret] },
  ({ uid, input }) =>
    listModels(uid, input.provider, { ...catalogueDeps(), keyring: loadKeyring() }),
);
