import { keyringSecret, loadConfig, loadKeyring } from '../../config';
import { getDb } from '../../lib/admin';
import { onContractCall } from '../../lib/callable';
import { systemClock } from '../../lib/clock';
import { fetchLinkedInAuthorName } from '../../providers/social/linkedin';
import { publishPost } from './publish-post';

const AUTHOR_NAME_TIMEOUT_MS = 5000;

export const publishPostCallable = onContractCall(
  'publishPost',
  { maxInstances: 20, timeoutSeconds: 30, secrets: [keyringSecret] },
  ({ uid, input }) =>
    publishPost(uid, input, {
      db: getDb(),
      keyring: loadKeyring(),
      clock: systemClock,
      authorName: (credentials, urn) =>
        fetchLinkedInAuthorName(
          {
            accessToken: credentials.accessToken ?? '',
            baseUrl: loadConfig().baseUrls.linkedin,
            fetch: globalThis.fetch,
            requestTimeoutMs: AUTHOR_NAME_TIMEOUT_MS,
          },
          urn,
        ),
    }),
);
