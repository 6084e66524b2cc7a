import { platformFacts, type PlatformFacts } from '@core/platforms';
import { publishPlatforms, type PublishPlatform } from '@core/social-posts';
import type { PlatformAdapter } from './adapter';
import { linkedinAdapter } from './linkedin';
import { redditAdapter } from './reddit';
import { xAdapter } from './x';
import { youtubeAdapter } from './youtube';

export type {
  MetricsContext,
  MetricsReading,
  PlatformAdapter,
  PostToCheck,
  ProfileContext,
  PublishedPostRef,
  PublisherOptions,
} from './adapter';

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

/** A platform as the publish job reads it: its description in core (core/platforms) and its adapter here. */
export interface PlatformEntry {
  facts: PlatformFacts;
  adapter: PlatformAdapter;
}

/** The platforms the publish job can publish to, by id (../publish-run.ts reads a platform nowhere else). */
export type PlatformRegistry = Readonly<Record<string, PlatformEntry>>;

/** Both registries, joined: every publishing platform's description and adapter. */
export const platformRegistry: PlatformRegistry = Object.fromEntries(
  publishPlatforms.map((p) => [p, { facts: platformFacts[p], adapter: platformAdapters[p] }]),
);
