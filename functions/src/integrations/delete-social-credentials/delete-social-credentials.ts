import { socialPlatformInputSchema, socialPlatformLabels, type DeleteResult } from '@core/integrations';
import { parsePayload, withFallbackError } from '../../lib/callable';
import { log } from '../../lib/log';
import { deleteSocialCredentials as deleteStored, type SecretStoreDeps } from '../secret-store';

export async function deleteSocialCredentials(uid: string, data: unknown, deps: Pick<SecretStoreDeps, 'db'>): Promise<DeleteResult> {
  const { platform } = parsePayload(socialPlatformInputSchema, data);
  return withFallbackError(`Failed to delete ${socialPlatformLabels[platform]} credentials`, { uid, platform }, async () => {
    await deleteStored(deps, uid, platform);
    log.info('Social credentials deleted', { uid, platform });
    return { deleted: true };
  });
}
