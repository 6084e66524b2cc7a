import { onCall } from 'firebase-functions/v2/https';
import { keyringSecret } from '../../config';
import { requireUid } from '../../lib/callable';
import { providerBaseUrls, providerRetry, secretCallableOptions, secretStoreDeps } from '../deps';
import { testIntegrationKey } from './test-integration-key';

const KEY_CHECK_TIMEOUT_MS = 10_000;

export const testIntegrationKeyCallable = onCall({ ...secretCallableOptions, secrets: [keyringSecret] }, (request) =>
  testIntegrationKey(requireUid(request), request.data, {
    ...secretStoreDeps(),
    fetch: globalThis.fetch,
    baseUrls: providerBaseUrls(),
    timeoutMs: KEY_CHECK_TIMEOUT_MS,
    retry: providerRetry(),
  }),
);
