import { HttpsError } from 'firebase-functions/v2/https';
import { socialPlatformLabels, type SaveSocialCredentialsResult } from '@core/integrations';
import { reasonedError, withFallbackError } from '../../lib/callable';
import { log } from '../../lib/log';
import { storeSocialCredentials, type SecretStoreDeps } from '../secret-store';
import type { CallablePayload } from '@core/callables';

/** Saves a platform's credentials; blank fields keep what is stored, the first save needs the required ones. */
export async function saveSocialCredentials(
  uid: string,
  data: CallablePayload<'saveSocialCredentials'>,
  deps: SecretStoreDeps,
): Promise<SaveSocialCredentialsResult> {
  const { platform, credentials } = data;
  const label = socialPlatformLabels[platform];
  return withFallbackError(`Failed to save ${label} credentials`, { uid, platform }, async () => {
    const outcome = await storeSocialCredentials(
      deps,
      uid,
      platform,
      credentials as Record<string, string>,
    );
    if (!outcome.ok && outcome.reason === 'missing_fields') {
      throw new HttpsError(
        'invalid-argument',
        `Please fill in all required fields: ${outcome.fields.join(', ')}`,
      );
    }
    if (!outcome.ok) {
      throw reasonedError(
        'failed-precondition',
        `Your saved ${label} credentials can no longer be read. Delete them and save them again.`,
        { reason: 'unreadable-credentials', provider: platform },
      );
    }
    log.info('Social credentials saved', { uid, platform, fields: Object.keys(credentials) });
    return { ...outcome.status, updatedAt: outcome.updatedAt.toISOString() };
  });
}
