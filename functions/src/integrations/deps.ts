import { loadConfig, loadKeyring } from '../config';
import { getDb } from '../lib/admin';
import { systemClock } from '../lib/clock';
import { PROVIDER_RETRY_POLICY, realSleep, type RetryDeps } from '../lib/retry';
import type { SecretStoreDeps } from './secret-store';

/** The real dependencies of the integration callables, built per request (nothing at import time). */
export function secretStoreDeps(): SecretStoreDeps {
  return { db: getDb(), keyring: loadKeyring(), clock: systemClock };
}

export function providerRetry(): RetryDeps {
  return { policy: PROVIDER_RETRY_POLICY, sleep: realSleep, now: Date.now };
}

export function providerBaseUrls() {
  return loadConfig().baseUrls;
}

/** Callable options shared by every function that touches users' secrets. */
export const secretCallableOptions = { maxInstances: 10, timeoutSeconds: 60 } as const;
