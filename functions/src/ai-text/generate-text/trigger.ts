import { keyringSecret, loadConfig, loadKeyring } from '../../config';
import { onContractCall } from '../../lib/callable';
import { getDb } from '../../lib/admin';
import { providerRetry, secretCallableOptions } from '../../integrations/deps';
import { createTextGeneratorFactory } from '../../providers/text/create-text-generator';
import { catalogueDeps } from '../../models/deps';
import { generateText } from './generate-text';

// Per provider request; with the retry window (30 s) the callable answers within its 60 s timeout.
const TEXT_TIMEOUT_MS = 25_000;

export const generateTextCallable = onContractCall(
  'generateText',
  { ...secretCallableOptions, secrets: [keyringSecret] },
  ({ uid, input }) =>
    generateText(uid, input, {
      db: getDb(),
      keyring: loadKeyring(),
      textGenerators: createTextGeneratorFactory({
        baseUrls: loadConfig().baseUrls,
        timeoutMs: TEXT_TIMEOUT_MS,
        retry: providerRetry(),
      }),
      catalogue: catalogueDeps(),
    }),
);
