import {
  platforms,
  publishPlatforms,
  type PlatformDescription,
  type PublishPlatform,
} from './platforms';
import { cleanSubreddit, type MediaFacts } from './post-checks';
import type { PublishPostInput } from './social-posts';
import { YOUTUBE_LIMITS, type YouTubePrivacyStatus } from './social-limits';
import { checkYouTubeForm, youtubeMissing } from './youtube-form';

// The one composer's model (the dashboard's compose-route.tsx, and the side panel's Write a post card): one shared text and media, a set of chosen channels,
// and per channel a text that follows the shared one until it is edited there (a fork), plus the fields the
// platform needs. The checks are the registry's (core/platforms/registry.ts), built on the rules the
// functions' adapters run before a post is stored (core/post-checks.ts, core/social-limits.ts).

/** A channel is one connected account of a platform. */
export type Channel = PublishPlatform;
export const channels: readonly Channel[] = publishPlatforms;

export interface ChannelFields {
  /** This channel's own text once it was edited here; null while it follows the shared text. */
  text: string | null;
  /** LinkedIn: who posts (a URN from getPlatformProfile). */
  author: string;
  /** Reddit: the subreddit as typed, the post title, the flair and its own text. */
  subreddit: string;
  title: string;
  flairId: string;
  flairText: string;
  /** YouTube: the video's title, tags as typed (comma separated) and visibility. */
  videoTitle: string;
  tags: string;
  visibility: YouTubePrivacyStatus;
}

export const emptyFields = (): ChannelFields => ({
  text: null,
  author: '',
  subreddit: '',
  title: '',
  flairId: '',
  flairText: '',
  videoTitle: '',
  tags: '',
  visibility: 'private',
});

export type ChannelFieldsMap = Record<Channel, ChannelFields>;
export const emptyFieldsMap = (): ChannelFieldsMap =>
  Object.fromEntries(channels.map((c) => [c, emptyFields()])) as ChannelFieldsMap;

/**
 * A saved draft (core/data/draft.ts) as each channel's fields: a draft keeps one set of fields for every
 * channel it may go to (the side panel's Write a post), so no channel is forked. flairText is not stored.
 */
export function channelFieldsOfDraft(
  draft: { title: string; subreddit: string; flair: string; author: string },
  flairText = '',
): ChannelFields {
  return {
    ...emptyFields(),
    author: draft.author,
    subreddit: draft.subreddit,
    title: draft.title,
    flairId: draft.flair,
    flairText,
  };
}

/** The text a channel sends: its own when forked, else the shared text. */
export function textOf(fields: ChannelFields, shared: string): string {
  return fields.text ?? shared;
}

/** Editing a channel's text forks it; writing the shared text back into it (or Use shared text) joins it again. */
export function editChannelText(
  fields: ChannelFields,
  next: string,
  shared: string,
): ChannelFields {
  return { ...fields, text: next === shared ? null : next };
}

export interface ChannelCheck {
  /** The counter under the channel's text (weighted for X, characters for LinkedIn and Reddit, bytes for YouTube's description). */
  used: number;
  max: number;
  unit: string;
  /** Every reason the channel cannot go out as it stands, the limits first; empty when it can. */
  reasons: string[];
}

/**
 * The channel's pre-publish checks, live: limits and media the platform refuses, then what it still needs (blank
 * text, an author, a subreddit and title, a required flair, a video title and a video).
 */
export function checkChannel(
  channel: Channel,
  draft: {
    text: string;
    media: readonly MediaFacts[];
    fields: ChannelFields;
    flairMissing?: string | null;
  },
): ChannelCheck {
  const { text, media, fields } = draft;
  const described: PlatformDescription = platforms[channel];
  if (!described.checkDraft) {
    // The video upload (YouTube) checks its form instead of a text post.
    const check = checkYouTubeForm({
      title: fields.videoTitle,
      description: text,
      tags: fields.tags,
      media,
    });
    const missing = youtubeMissing({ title: fields.videoTitle, media });
    return {
      used: check.descriptionBytes,
      max: YOUTUBE_LIMITS.descriptionMaxBytes,
      unit: ' bytes',
      reasons: [check.problem, missing].filter((r): r is string => Boolean(r)),
    };
  }
  const check = described.checkDraft({
    text,
    title: fields.title,
    subreddit: fields.subreddit,
    author: fields.author,
    media,
  });
  const reasons = [
    check.problem,
    check.missing,
    platforms[channel].subreddit ? (draft.flairMissing ?? null) : null,
  ].filter((r): r is string => Boolean(r));
  return { used: check.used, max: check.max, unit: '', reasons: [...new Set(reasons)] };
}

/** One channel's publishPost input: its own requestId, the group's id, the shared media and its own fields. */
export function publishInputOf(
  channel: Channel,
  draft: {
    text: string;
    media: readonly { id: string }[];
    fields: ChannelFields;
    flair: { id: string; textEditable: boolean } | null;
  },
  send: { requestId: string; groupId: string; scheduledAt: string | null; timeZone: string },
): PublishPostInput {
  const { text, fields } = draft;
  const media = draft.media.map((m) => ({ generationId: m.id }));
  const base = {
    requestId: send.requestId,
    groupId: send.groupId,
    platform: channel,
    text,
    media,
    timeZone: send.timeZone,
  };
  if (platforms[channel].videoUpload) {
    // YouTube keeps its own schedule (a private video with publishAt): the upload runs now.
    const youtube = {
      title: fields.videoTitle.trim(),
      tags: checkYouTubeForm({
        title: fields.videoTitle,
        description: text,
        tags: fields.tags,
        media: [],
      }).tags,
      publishAt: send.scheduledAt,
    };
    return {
      ...base,
      scheduledAt: null,
      youtube: { ...youtube, privacyStatus: send.scheduledAt ? 'private' : fields.visibility },
    };
  }
  if (platforms[channel].subreddit) {
    const { flair } = draft;
    const reddit = {
      subreddit: cleanSubreddit(fields.subreddit),
      title: fields.title.trim(),
      ...(flair ? { flairId: flair.id } : {}),
      ...(flair?.textEditable && fields.flairText.trim()
        ? { flairText: fields.flairText.trim() }
        : {}),
    };
    return { ...base, scheduledAt: send.scheduledAt, reddit };
  }
  return {
    ...base,
    scheduledAt: send.scheduledAt,
    ...(platforms[channel].choosesAuthor ? { author: fields.author } : {}),
  };
}
