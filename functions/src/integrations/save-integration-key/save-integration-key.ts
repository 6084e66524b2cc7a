import { saveIntegrationKeySchema, type SaveIntegrationKeyResult } from '@core/integrations';
import { parsePayload, withFallbackError } from '../../lib/callable';
import { log } from '../../lib/log';
import { storeIntegrationKey, type SecretStoreDeps } from '../secret-store';

/** Seals and stores the caller's key for one integration; the client gets back only the hint. */
export async function saveIntegrationKey(uid: string, data: unknown, deps: SecretStoreDeps): Promise<SaveIntegrationKeyResult> {
  const input = parsePayload(saveIntegrationKeySchema, data);
  return withFallbackError('Failed to save API key', { uid, type: input.type }, async () => {
    const { hint, updatedAt } = await storeIntegrationKey(deps, uid, input.type, input.apiKey);
    log.info('Integration key saved', { uid, type: input.type });
    return { hint, updatedAt: updatedAt.toISOString() };
  });
}
