import { HttpsError } from 'firebase-functions/v2/https';
import { saveSocialCredentialsSchema, socialPlatformLabels, type SaveSocialCredentialsResult } from '@core/integrations';
import { parsePayload, withFallbackError } from '../../lib/callable';
import { log } from '../../lib/log';
import { storeSocialCredentials, type SecretStoreDeps } from '../secret-store';

/** Saves a platform's credentials; blank fields keep what is stored, the first save needs the required ones. */
export async function saveSocialCredentials(uid: string, data: unknown, deps: SecretStoreDeps): Promise<SaveSocialCredentialsResult> {
  const { platform, credentials } = parsePayload(saveSocialCredentialsSchema, data);
  const label = socialPlatformLabels[platform];
  return withFallbackError(`Failed to save ${label} credentials`, { uid, platform }, async () => {
    const outcome = await storeSocialCredentials(deps, uid, platform, credentials as Record<string, string>);
    if (!outcome.ok && outcome.reason === 'missing_fields') {
      throw new HttpsError('invalid-argument', `Please fill in all required fields: ${outcome.fields.join(', ')}`);
    }
    if (!outcome.ok) {
      throw new HttpsError('failed-precondition', `Your saved ${label} credentials can no longer be read. Delete them and save them again.`);
    }
    log.info('Social credentials saved', { uid, platform, fields: Object.keys(credentials) });
    return { ...outcome.status, updatedAt: outcome.updatedAt.toISOString() };
  });
}
