import type { TestIntegrationKeyResult } from '@core/integrations';
import { reasonedError, withFallbackError } from '../../lib/callable';
import { log } from '../../lib/log';
import { keyTestMessage, noKeyToTestMessage, unreadableKeyMessage } from '../messages';
import { readIntegrationKey, type SecretStoreDeps } from '../secret-store';
import { checkKey, type KeyCheckDeps } from './key-checks';
import type { CallablePayload } from '@core/callables';

export type TestIntegrationKeyDeps = Pick<SecretStoreDeps, 'db' | 'keyring'> & KeyCheckDeps;

/** Makes the provider's cheapest call with the stored key and says whether the key works. */
export async function testIntegrationKey(
  uid: string,
  data: CallablePayload<'testIntegrationKey'>,
  deps: TestIntegrationKeyDeps,
): Promise<TestIntegrationKeyResult> {
  const { type } = data;
  return withFallbackError('Failed to process your request', { uid, type }, async () => {
    const stored = await readIntegrationKey(deps, uid, type);
    if (!stored.found)
      throw reasonedError('failed-precondition', noKeyToTestMessage(type), {
        reason: 'missing-key',
        provider: type,
      });
    if (!stored.readable)
      throw reasonedError('failed-precondition', unreadableKeyMessage(type), {
        reason: 'invalid-key',
        provider: type,
      });
    const result = await checkKey(type, stored.value, deps);
    log.info('Integration key tested', {
      uid,
      type,
      status: result.status,
      attempts: result.attempts,
      providerStatus: result.failure?.status,
      providerCode: result.failure?.code,
    });
    return { status: result.status, message: keyTestMessage(type, result.status) };
  });
}
