import type { Firestore } from 'firebase-admin/firestore';
import type { StoredSocialCredentials } from '@core/integrations';
import type { ProviderId } from '@core/providers';
import { publishPlatforms, type PublishPlatform } from '@core/social-posts';
import { loadConfig, loadKeyring } from '../config';
import type { Keyring } from '../lib/crypto';
import { getDb } from '../lib/admin';
import { systemClock, type Clock } from '../lib/clock';
import { realSleep } from '../lib/retry';
import type { SocialPublisher } from '../providers/social/social-publisher';
import type { PlatformProfileDeps } from './get-platform-profile/get-platform-profile';
import { readFreshCredentials } from './oauth/fresh-credentials';
import { adapterOf, platformAdapters, type PublisherOptions } from './platforms';
import type { Bucket, PublishDeps } from './publish-run';

// The real platform publishers of publish jobs, built per run with the configured base URLs
// (X_BASE_URL, LINKEDIN_BASE_URL, REDDIT_BASE_URL, GOOGLE_BASE_URL: the sandbox in the emulator).

/** The provider (core/providers.ts) whose base URL each platform's API answers on. */
export const publishProviders = Object.fromEntries(
  publishPlatforms.map((p) => [p, platformAdapters[p].provider]),
) as Record<PublishPlatform, ProviderId>;

export { xCredentialsOf } from './platforms/x';

export function platformPublisher(
  platform: PublishPlatform,
  stored: StoredSocialCredentials,
  options: PublisherOptions,
): SocialPublisher {
  return adapterOf(platform).publisher(stored, {
    ...options,
    now: options.now ?? Date.now,
    sleep: options.sleep ?? realSleep,
  });
}

/** The publish job's dependencies; the keyring is read when credentials are (a function without the secret may build these). */
export function publishDeps(store: {
  db: Firestore;
  keyring: () => Keyring;
  bucket: Bucket;
}): PublishDeps {
  const { baseUrls, hostUrls, publishTiming } = loadConfig();
  return {
    bucket: store.bucket,
    // Reddit and YouTube tokens are refreshed here when they are about to expire (./oauth/fresh-credentials.ts).
    readCredentials: (uid, platform) =>
      readFreshCredentials(
        {
          db: store.db,
          keyring: store.keyring(),
          clock: systemClock,
          fetch: globalThis.fetch,
          hosts: hostUrls,
        },
        uid,
        platform,
      ),
    publisherFor: (platform, stored, send) =>
      platformPublisher(platform, stored, {
        baseUrl: baseUrls[publishProviders[platform]],
        fetch: send,
        requestTimeoutMs: publishTiming.requestTimeoutMs,
        uploadTimeoutMs: publishTiming.uploadTimeoutMs,
      }),
    timing: publishTiming,
  };
}

/**
 * What a callable or a scheduled function needs to call the platforms as a user: the store, the keyring, the
 * configured API origins per platform and OAuth hosts, and its clock (the callables' system clock, or a
 * schedule's sweepClock).
 */
export function platformCallDeps(clock: Clock): PlatformProfileDeps {
  const { baseUrls, hostUrls } = loadConfig();
  const platformBaseUrls = Object.fromEntries(
    publishPlatforms.map((p) => [p, baseUrls[publishProviders[p]]]),
  ) as Record<PublishPlatform, string>;
  return {
    db: getDb(),
    keyring: loadKeyring(),
    clock,
    fetch: globalThis.fetch,
    baseUrls: platformBaseUrls,
    hosts: hostUrls,
  };
}
