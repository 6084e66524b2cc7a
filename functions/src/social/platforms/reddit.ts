import { REDDIT_COMMENT_MAX_CHARS } from '@core/social-posts';
import { platformErrorCodes } from '@core/platform-errors';
import {
  createRedditClient,
  createRedditPublisher,
  checkRedditRequest,
  fetchRedditProfile,
  redditCommentTooLong,
} from '../../providers/social/reddit';
import { oauthFlows } from '../oauth/platform-oauth';
import type { PlatformAdapter } from './adapter';
import { readRedditMetrics } from './metrics/reddit';

// A profile call never waits out a rate-limit window: it fails as rate limited instead.
const noWait = (): Promise<void> => Promise.resolve();

export const redditAdapter: PlatformAdapter<'reddit'> = {
  id: 'reddit',
  oauth: oauthFlows.reddit,
  provider: 'reddit',
  // The publish log's name for its own calls (../publish-log.ts).
  requestStep: (_method, path) => (path === '/api/submit' ? 'Create post' : undefined),
  errorCodes: platformErrorCodes.reddit,
  metrics: readRedditMetrics,
  problem: (post) =>
    checkRedditRequest({ text: post.text, media: post.media, reddit: post.reddit ?? undefined })
      ?.message,
  commentProblem: (text) =>
    [...text].length > REDDIT_COMMENT_MAX_CHARS ? redditCommentTooLong : undefined,
  publisher: (stored, options) =>
    createRedditPublisher({
      accessToken: stored.accessToken ?? '',
      userAgent: stored.userAgent ?? '',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      now: options.now,
      sleep: options.sleep,
      requestTimeoutMs: options.requestTimeoutMs,
      uploadTimeoutMs: options.uploadTimeoutMs,
    }),
  profile: async ({ stored, baseUrl, fetch, now, refused }) => {
    const client = createRedditClient({
      accessToken: stored.accessToken ?? '',
      userAgent: stored.userAgent ?? '',
      baseUrl,
      fetch,
      now,
      sleep: noWait,
      maxRateWaitMs: 0,
    });
    const profile = await fetchRedditProfile(client);
    if (!profile.ok) return refused(profile.failure);
    return {
      platform: 'reddit',
      name: `u/${profile.value.name}`,
      followers: profile.value.subscribers,
      following: null,
      posts: null,
      karma: profile.value.karma,
      authors: [],
    };
  },
};
