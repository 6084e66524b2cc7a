import type { PublishPlatform } from '@core/social-posts';
import type { PlatformAdapter } from './adapter';
import { linkedinAdapter } from './linkedin';
import { redditAdapter } from './reddit';
import { xAdapter } from './x';
import { youtubeAdapter } from './youtube';

export type { MetricsContext, MetricsReading, PlatformAdapter, PostToCheck, ProfileContext, PublishedPostRef, PublisherOptions } from './adapter';

/** Every publishing platform's adapter, by id: the one record a new platform joins. */
export const platformAdapters: { [P in PublishPlatform]: PlatformAdapter<P> } = {
  x: xAdapter,
  linkedin: linkedinAdapter,
  reddit: redditAdapter,
  youtube: youtubeAdapter,
};

export function adapterOf(platform: PublishPlatform): PlatformAdapter {
  return platformAdapters[platform];
}
