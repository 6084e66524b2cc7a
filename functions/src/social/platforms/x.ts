import type { StoredSocialCredentials } from '@core/integrations';
import { xTextProblem } from '@core/post-checks';
import { xMediaProblem } from '@core/social-limits';
import { X_MAX_WEIGHTED_LENGTH, xTextInfo } from '@core/x-text';
import { platformErrorCodes } from '@core/platform-errors';
import { PROVIDER_RETRY_POLICY } from '../../lib/retry';
import { createXPublisher, fetchXProfile, type XCredentials } from '../../providers/social/x';
import type { PlatformAdapter } from './adapter';
import { readXMetrics } from './metrics/x';

export function xCredentialsOf(stored: StoredSocialCredentials): XCredentials {
  return {
    consumerKey: stored.consumerKey ?? '',
    consumerSecret: stored.consumerSecret ?? '',
    accessToken: stored.accessToken ?? '',
    accessTokenSecret: stored.accessTokenSecret ?? '',
  };
}

export const xAdapter: PlatformAdapter<'x'> = {
  id: 'x',
  provider: 'x',
  // The publish log's name for its own calls (../publish-log.ts).
  requestStep: (_method, path) => (path === '/2/tweets' ? 'Create post' : undefined),
  errorCodes: platformErrorCodes.x,
  metrics: (ctx, post) => readXMetrics({ ...ctx, credentials: xCredentialsOf(ctx.stored) }, post),
  problem: (post) => {
    const info = xTextInfo(post.text);
    if (info.weightedLength > X_MAX_WEIGHTED_LENGTH)
      return `Posts on X can be at most ${X_MAX_WEIGHTED_LENGTH} characters (this one counts ${info.weightedLength})`;
    return xTextProblem(info) ?? xMediaProblem(post.media)?.message;
  },
  publisher: (stored, options) =>
    createXPublisher({
      credentials: xCredentialsOf(stored),
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      now: options.now,
      sleep: options.sleep,
      requestTimeoutMs: options.requestTimeoutMs,
      retry: { policy: PROVIDER_RETRY_POLICY, sleep: options.sleep, now: options.now },
    }),
  profile: async ({ stored, baseUrl, fetch, now, refused }) => {
    const result = await fetchXProfile({
      credentials: xCredentialsOf(stored),
      baseUrl,
      fetch,
      now,
    });
    if (!result.ok) return refused(result.failure);
    const { profile } = result;
    return {
      platform: 'x',
      name: profile.username ? `@${profile.username}` : profile.name || null,
      followers: profile.followers,
      following: profile.following,
      posts: profile.posts,
      authors: [],
    };
  },
};
