import { type DeleteResult } from '@core/integrations';
import { withFallbackError } from '../../lib/callable';
import { log } from '../../lib/log';
import { deleteIntegrationKey as deleteStored, type SecretStoreDeps } from '../secret-store';
import type { CallablePayload } from '@core/callables';

/** Removes the caller's key and its status together; deleting a key that is not there succeeds. */
export async function deleteIntegrationKey(
  uid: string,
  input: CallablePayload<'deleteIntegrationKey'>,
  deps: Pick<SecretStoreDeps, 'db'>,
): Promise<DeleteResult> {
  return withFallbackError('Failed to delete API key', { uid, type: input.type }, async () => {
    await deleteStored(deps, uid, input.type);
    log.info('Integration key deleted', { uid, type: input.type });
    return { deleted: true };
  });
}
