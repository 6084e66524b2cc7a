import { socialPlatformLabels, type DeleteResult } from '@core/integrations';
import { withFallbackError } from '../../lib/callable';
import { log } from '../../lib/log';
import { deleteSocialCredentials as deleteStored, type SecretStoreDeps } from '../secret-store';
import type { CallablePayload } from '@core/callables';

export async function deleteSocialCredentials(uid: string, data: CallablePayload<'deleteSocialCredentials'>, deps: Pick<SecretStoreDeps, 'db'>): Promise<DeleteResult> {
  const { platform } = data;
  return withFallbackError(`Failed to delete ${socialPlatformLabels[platform]} credentials`, { uid, platform }, async () => {
    await deleteStored(deps, uid, platform);
    log.info('Social credentials deleted', { uid, platform });
    return { deleted: true };
  });
}
