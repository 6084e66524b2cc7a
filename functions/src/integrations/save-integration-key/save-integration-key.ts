import { type SaveIntegrationKeyResult } from '@core/integrations';
import { withFallbackError } from '../../lib/callable';
import { log } from '../../lib/log';
import { storeIntegrationKey, type SecretStoreDeps } from '../secret-store';
import type { CallablePayload } from '@core/callables';

/** Seals and stores the caller's key for one integration; the client gets back only the hint. */
export async function saveIntegrationKey(
  uid: string,
  input: CallablePayload<'saveIntegrationKey'>,
  deps: SecretStoreDeps,
): Promise<SaveIntegrationKeyResult> {
  return withFallbackError('Failed to save API key', { uid, type: input.type }, async () => {
    const { hint, updatedAt } = await storeIntegrationKey(deps, uid, input.type, input.apiKey);
    log.info('Integration key saved', { uid, type: input.type });
    return { hint, updatedAt: updatedAt.toISOString() };
  });
}
