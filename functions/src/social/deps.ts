import type { StoredSocialCredentials } from '@core/integrations';
import type { ProviderId } from '@core/providers';
import type { PublishPlatform } from '@core/social-posts';
import { loadConfig } from '../config';
import type { SecretStoreDeps } from '../integrations/secret-store';
import { systemClock } from '../lib/clock';
import { createRedditPublisher } from '../providers/social/reddit';
import { PROVIDER_RETRY_POLICY, realSleep } from '../lib/retry';
import { createLinkedInPublisher } from '../providers/social/linkedin';
import type { SocialPublisher } from '../providers/social/social-publisher';
import { createXPublisher, type XCredentials } from '../providers/social/x';
import { createYouTubePublisher } from '../providers/social/youtube';
import { readFreshCredentials } from './oauth/fresh-credentials';
import type { PublishDeps } from './publish-run';

// The real platform publishers of publish jobs, built per run with the configured base URLs
// (X_BASE_URL, LINKEDIN_BASE_URL, REDDIT_BASE_URL, GOOGLE_BASE_URL: the sandbox in the emulator).

/** The provider (core/providers.ts) whose base URL each platform's API answers on. */
export const publishProviders = { x: 'x', linkedin: 'linkedin', reddit: 'reddit', youtube: 'google' } as const satisfies Record<PublishPlatform, ProviderId>;

export function xCredentialsOf(stored: StoredSocialCredentials): XCredentials {
  return { consumerKey: stored.consumerKey ?? '', consumerSecret: stored.consumerSecret ?? '', accessToken: stored.accessToken ?? '', accessTokenSecret: stored.accessTokenSecret ?? '' };
}

export function platformPublisher(
  platform: PublishPlatform,
  stored: StoredSocialCredentials,
  options: { baseUrl: string; fetch: typeof fetch; now?: () => number; sleep?: (ms: number) => Promise<void>; requestTimeoutMs?: number; uploadTimeoutMs?: number; chunkBytes?: number },
): SocialPublisher {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  if (platform === 'x') {
    return createXPublisher({
      credentials: xCredentialsOf(stored),
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      now,
      sleep,
      requestTimeoutMs: options.requestTimeoutMs,
      retry: { policy: PROVIDER_RETRY_POLICY, sleep, now },
    });
  }
  if (platform === 'reddit') {
    return createRedditPublisher({
      accessToken: stored.accessToken ?? '',
      userAgent: stored.userAgent ?? '',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      now,
      sleep,
      requestTimeoutMs: options.requestTimeoutMs,
      uploadTimeoutMs: options.uploadTimeoutMs,
    });
  }
  if (platform === 'youtube') {
    // The access token is fresh here: publishDeps refreshes it before the publisher is built.
    return createYouTubePublisher({
      accessToken: stored.accessToken ?? '',
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      now,
      sleep,
      requestTimeoutMs: options.requestTimeoutMs,
      chunkTimeoutMs: options.uploadTimeoutMs,
      chunkBytes: options.chunkBytes,
    });
  }
  return createLinkedInPublisher({ accessToken: stored.accessToken ?? '', baseUrl: options.baseUrl, fetch: options.fetch, now, sleep, requestTimeoutMs: options.requestTimeoutMs });
}

export function publishDeps(store: Pick<SecretStoreDeps, 'db' | 'keyring'>): PublishDeps {
  const { baseUrls, hostUrls, publishTiming } = loadConfig();
  return {
    // Reddit and YouTube tokens are refreshed here when they are about to expire (./oauth/fresh-credentials.ts).
    readCredentials: (uid, platform) => readFreshCredentials({ ...store, clock: systemClock, fetch: globalThis.fetch, hosts: hostUrls }, uid, platform),
    publisherFor: (platform, stored, send) =>
      platformPublisher(platform, stored, { baseUrl: baseUrls[publishProviders[platform]], fetch: send, requestTimeoutMs: publishTiming.requestTimeoutMs, uploadTimeoutMs: publishTiming.uploadTimeoutMs }),
    timing: publishTiming,
  };
}
