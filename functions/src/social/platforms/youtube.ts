import { youtubeVideoProblem } from '@core/social-limits';
import { YOUTUBE_COMMENT_MAX_CHARS } from '@core/social-posts';
import { platformErrorCodes } from '@core/platform-errors';
import { reasonedError } from '../../lib/callable';
import {
  createYouTubePublisher,
  fetchYouTubeChannel,
  youtubeCommentTooLong,
} from '../../providers/social/youtube';
import { oauthFlows } from '../oauth/platform-oauth';
import type { PlatformAdapter } from './adapter';
import { readYouTubeMetrics } from './metrics/youtube';

export const youtubeAdapter: PlatformAdapter<'youtube'> = {
  id: 'youtube',
  oauth: oauthFlows.youtube,
  provider: 'google',
  // The publish log's name for its own calls (../publish-log.ts): every request belongs to an upload session.
  requestStep: (method, path) => {
    if (method === 'POST' && path.includes('/upload/')) return 'Start upload';
    return method === 'PUT' ? 'Upload video' : 'YouTube request';
  },
  errorCodes: platformErrorCodes.youtube,
  metrics: readYouTubeMetrics,
  problem: (post) =>
    youtubeVideoProblem(
      { title: post.youtube?.title ?? '', description: post.text, tags: post.youtube?.tags ?? [] },
      post.media,
    )?.message,
  commentProblem: (text) =>
    [...text].length > YOUTUBE_COMMENT_MAX_CHARS ? youtubeCommentTooLong : undefined,
  // The access token is fresh here: publishDeps refreshes it before the publisher is built.
  publisher: (stored, options) =>
    createYouTubePublisher({
      accessToken: stored.accessToken ?? '',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      now: options.now,
      sleep: options.sleep,
      requestTimeoutMs: options.requestTimeoutMs,
      chunkTimeoutMs: options.uploadTimeoutMs,
      chunkBytes: options.chunkBytes,
    }),
  profile: async ({ stored, baseUrl, fetch, now, refused }) => {
    // Before Connect there is no token: the page shows the connect component instead of figures.
    if (!stored.accessToken)
      throw reasonedError('failed-precondition', 'Please connect your YouTube account', {
        reason: 'needs-reconnect',
        provider: 'youtube',
      });
    const channel = await fetchYouTubeChannel({
      accessToken: stored.accessToken,
      baseUrl,
      fetch,
      now,
    });
    if (!channel.ok) return refused(channel.failure);
    const c = channel.value;
    return {
      platform: 'youtube',
      name: c?.title ?? null,
      followers: c?.subscribers ?? null,
      following: null,
      posts: c?.videos ?? null,
      views: c?.views ?? null,
      authors: [],
    };
  },
};
