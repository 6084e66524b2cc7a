import { keyringSecret } from '../../config';
import { onContractCall } from '../../lib/callable';
import { providerBaseUrls, providerRetry, secretCallableOptions, secretStoreDeps } from '../deps';
import { testIntegrationKey } from './test-integration-key';

const KEY_CHECK_TIMEOUT_MS = 10_000;

export const testIntegrationKeyCallable = onContractCall(
  'testIntegrationKey',
  { ...secretCallableOptions, secrets: [keyringSecret] },
  ({ uid, input }) =>
    testIntegrationKey(uid, input, {
      ...secretStoreDeps(),
      fetch: globalThis.fetch,
      baseUrls: providerBaseUrls(),
      timeoutMs: KEY_CHECK_TIMEOUT_MS,
      retry: providerRetry(),
    }),
);
