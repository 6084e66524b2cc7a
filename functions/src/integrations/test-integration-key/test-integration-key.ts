import { HttpsError } from 'firebase-functions/v2/https';
import { integrationTypeInputSchema, type TestIntegrationKeyResult } from '@core/integrations';
import { parsePayload, withFallbackError } from '../../lib/callable';
import { log } from '../../lib/log';
import { keyTestMessage, noKeyToTestMessage, unreadableKeyMessage } from '../messages';
import { readIntegrationKey, type SecretStoreDeps } from '../secret-store';
import { checkKey, type KeyCheckDeps } from './key-checks';

export type TestIntegrationKeyDeps = Pick<SecretStoreDeps, 'db' | 'keyring'> & KeyCheckDeps;

/** Makes the provider's cheapest call with the stored key and says whether the key works. */
export async function testIntegrationKey(uid: string, data: unknown, deps: TestIntegrationKeyDeps): Promise<TestIntegrationKeyResult> {
  const { type } = parsePayload(integrationTypeInputSchema, data);
  return withFallbackError('Failed to process your request', { uid, type }, async () => {
    const stored = await readIntegrationKey(deps, uid, type);
    if (!stored.found) throw new HttpsError('failed-precondition', noKeyToTestMessage(type));
    if (!stored.readable) throw new HttpsError('failed-precondition', unreadableKeyMessage(type));
    const result = await checkKey(type, stored.value, deps);
    log.info('Integration key tested', { uid, type, status: result.status, attempts: result.attempts, providerStatus: result.failure?.status, providerCode: result.failure?.code });
    return { status: result.status, message: keyTestMessage(type, result.status) };
  });
}
