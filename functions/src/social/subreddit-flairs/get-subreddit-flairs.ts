import { HttpsError } from 'firebase-functions/v2/https';
import type { CallablePayload } from '@core/callables';
import type { SubredditFlairs } from '@core/social-posts';
import { reasonedError, withFallbackError } from '../../lib/callable';
import { log } from '../../lib/log';
import { createRedditClient, fetchSubredditFlairs } from '../../providers/social/reddit';
import { markNeedsReconnect } from '../oauth/fresh-credentials';
import {
  usableCredentials,
  type PlatformProfileDeps,
} from '../get-platform-profile/get-platform-profile';

/** A subreddit's post flairs and whether it requires one, read with the user's (fresh) Reddit token. */
export async function getSubredditFlairs(
  uid: string,
  input: CallablePayload<'getSubredditFlairs'>,
  deps: PlatformProfileDeps,
): Promise<SubredditFlairs> {
  const { subreddit } = input;
  return withFallbackError('Failed to load flairs', { uid, subreddit }, async () => {
    const stored = await usableCredentials(deps, uid, 'reddit');
    const now = deps.now ?? Date.now;
    const client = createRedditClient({
      accessToken: stored.accessToken ?? '',
      userAgent: stored.userAgent ?? '',
      baseUrl: deps.baseUrls.reddit,
      fetch: deps.fetch,
      now,
      sleep: () => Promise.resolve(),
      maxRateWaitMs: 0,
    });
    const result = await fetchSubredditFlairs(client, subreddit);
    if (result.ok) return { subreddit, ...result.value };
    const { failure } = result;
    if (failure.code === 'auth_expired') {
      await markNeedsReconnect(deps.db, uid, 'reddit');
      throw reasonedError('failed-precondition', failure.message, {
        reason: 'needs-reconnect',
        provider: 'reddit',
      });
    }
    log.warn('Subreddit flairs unavailable', { uid, code: failure.code });
    if (failure.code === 'invalid_content') throw new HttpsError('not-found', failure.message);
    throw new HttpsError(
      failure.code === 'rate_limited' ? 'resource-exhausted' : 'unavailable',
      failure.message,
    );
  });
}
