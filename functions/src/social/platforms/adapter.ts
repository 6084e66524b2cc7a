import type { StoredSocialCredentials } from '@core/integrations';
import type { platformErrorCodes } from '@core/platform-errors';
import type { PostMetricCounts } from '@core/post-metrics';
import type { ProviderId } from '@core/providers';
import type {
  PlatformProfile,
  PublishPlatform,
  RedditPostFields,
  YouTubeDetails,
} from '@core/social-posts';
import type { PublishFailure, SocialPublisher } from '../../providers/social/social-publisher';
import type { OAuthFlow } from '../oauth/platform-oauth';

// One adapter per publishing platform: what the functions know of it beyond its pure description in
// core/platforms/ (which holds its name, limits and composer checks). Callers look a platform up in
// ./index.ts instead of branching on its id; docs/architecture.md ("Platforms") lists the files a new one needs.

/** A post as the callables check it before it is stored (sizes and types of its media, nothing read). */
export interface PostToCheck {
  text: string;
  media: readonly {
    contentType: string;
    sizeBytes: number;
    generationId: string;
    storagePath: string;
    title: string;
    url: string | null;
  }[];
  author?: string;
  reddit?: RedditPostFields | null;
  youtube?: YouTubeDetails;
}

export interface PublisherOptions {
  baseUrl: string;
  fetch: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  requestTimeoutMs?: number;
  uploadTimeoutMs?: number;
  chunkBytes?: number;
}

export interface ProfileContext {
  uid: string;
  stored: StoredSocialCredentials;
  /** The platform's API origin. */
  baseUrl: string;
  fetch: typeof fetch;
  now: () => number;
  /** Throws the callable error for a refusal (a refused token marks the account for reconnecting). */
  refused: (failure: PublishFailure) => Promise<never>;
  /** Keeps the member the platform named on the account (socialAccounts/{platform}), best effort. */
  rememberMember: (member: { urn: string; name: string }) => Promise<void>;
}

export interface PlatformAdapter<P extends PublishPlatform = PublishPlatform> {
  id: P;
  /** The provider (core/providers.ts) whose base URL the platform's API answers on. */
  provider: ProviderId;
  /**
   * The publish log's name for one of the platform's own requests, by method and path (Create post, Upload
   * video...); undefined for the others, which the log names by their path (../publish-log.ts).
   */
  requestStep: (method: string, path: string) => string | undefined;
  /** Where the platform's answers carry its own error code (core/platform-errors.ts). */
  errorCodes: (typeof platformErrorCodes)[PublishPlatform];
  /** The platform's limits on text, author and media, as one plain sentence, or undefined when it fits. */
  problem: (post: PostToCheck) => string | undefined;
  /** A first comment's limits when they differ from a post's (LinkedIn's comments are shorter). */
  commentProblem?: (text: string) => string | undefined;
  /** The publisher of a publish job, built per run with fresh credentials. */
  publisher: (
    stored: StoredSocialCredentials,
    options: PublisherOptions & { now: () => number; sleep: (ms: number) => Promise<void> },
  ) => SocialPublisher;
  /** How the account connects (Reddit, YouTube); the others post with the tokens saved in Integrations. */
  oauth?: OAuthFlow;
  /** The account behind the saved credentials, for the composers and stat cards. */
  profile: (ctx: ProfileContext) => Promise<PlatformProfile>;
  /** The platform's current figures for one published post (functions/src/social/metrics/). */
  metrics: (ctx: MetricsContext, post: PublishedPostRef) => Promise<MetricsReading>;
}

export interface MetricsContext {
  stored: StoredSocialCredentials;
  /** The platform's API origin. */
  baseUrl: string;
  fetch: typeof fetch;
  now: () => number;
}

/** A published post as its platform knows it. */
export interface PublishedPostRef {
  platformPostId: string;
  /** LinkedIn: who posted it (a page's posts have page statistics too). */
  author?: string | null;
}

/** The figures and which call gave them, or why there are none (the post is gone, the token refused...). */
export type MetricsReading =
  | { ok: true; counts: PostMetricCounts; source: string }
  | {
      ok: false;
      failure: { code: PublishFailure['code'] | 'not_found'; message: string; status?: number };
    };
