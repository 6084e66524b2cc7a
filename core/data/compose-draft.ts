import { z } from 'zod';
import { publishPlatforms, type PublishPlatform } from '../platforms/facts';
import { youtubePrivacyStatuses, type YouTubePrivacyStatus } from '../social-limits';
import { DRAFT_LIMITS, draftMediaIds, mediaLabel } from './draft';
import type { Generation } from './generation';
import { docConverter, oneOf, text, timestamp } from './fields';

// users/{uid}/composeDrafts/{draftId}: an idea saved from the one composer (/compose): the chosen channels, the
// shared text and media, each channel's own text and media where they were forked there, and the fields the
// platforms need. Media are library ids only, as in the per-platform drafts (./draft.ts, draftMediaIds): what a
// reader shows or checks about them comes from the user's library records, never the draft.
// The owner writes it directly (firestore.rules, isValidComposeDraft, checks every key against these limits). The
// per-platform drafts (./draft.ts) stay as they are: the side panel and the channel pages read those.

export const COMPOSE_DRAFT_LIMITS = {
  textChars: DRAFT_LIMITS.textChars,
  titleChars: DRAFT_LIMITS.titleChars,
  flairChars: DRAFT_LIMITS.flairChars,
  authorChars: DRAFT_LIMITS.authorChars,
  media: DRAFT_LIMITS.media,
  videoTitleChars: 100,
  tagsChars: 500,
} as const;

const channelList = z
  .array(z.unknown())
  .catch([])
  .transform((items) => publishPlatforms.filter((p) => items.includes(p)));

export const composeDraftSchema = z.object({
  channels: channelList,
  /** The shared text. */
  text: text(),
  /** The shared media: library ids (draftMediaIds reads the older map entries too). */
  media: z.array(z.unknown()).catch([]).transform(draftMediaIds),
  /** A channel's own media, where "Use different media for this channel" forked it (a channel missing here sends the shared media). */
  channelMedia: z
    .record(z.string(), z.unknown())
    .catch(() => ({}))
    .transform(
      (v) =>
        Object.fromEntries(
          publishPlatforms.flatMap((p) =>
            Array.isArray(v[p]) ? [[p, draftMediaIds(v[p] as unknown[])]] : [],
          ),
        ) as Partial<Record<PublishPlatform, string[]>>,
    ),
  /** A channel's own text, where it was edited there (a channel missing here follows the shared text). */
  versions: z
    .record(z.string(), z.unknown())
    .catch(() => ({}))
    .transform(
      (v) =>
        Object.fromEntries(
          publishPlatforms.flatMap((p) => (typeof v[p] === 'string' ? [[p, v[p]]] : [])),
        ) as Partial<Record<PublishPlatform, string>>,
    ),
  author: text(),
  subreddit: text(),
  title: text(),
  flairId: text(),
  flairText: text(),
  videoTitle: text(),
  tags: text(),
  visibility: oneOf(youtubePrivacyStatuses, 'private'),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

export type ComposeDraft = z.output<typeof composeDraftSchema> & { id: string };
export type ComposeDraftFields = Omit<ComposeDraft, 'id' | 'createdAt' | 'updatedAt'>;

export const toComposeDraft = docConverter(composeDraftSchema);

/** The fields as stored: cut to the rules' sizes, so a save never fails on a long paste. */
export function toComposeDraftWrite(fields: ComposeDraftFields): Record<string, unknown> {
  const L = COMPOSE_DRAFT_LIMITS;
  const cut = (s: string, n: number) => s.slice(0, n);
  const versions = Object.fromEntries(
    Object.entries(fields.versions).flatMap(([p, t]) =>
      (publishPlatforms as readonly string[]).includes(p) && typeof t === 'string'
        ? [[p, cut(t, L.textChars)]]
        : [],
    ),
  );
  const channelMedia = Object.fromEntries(
    publishPlatforms.flatMap((p) =>
      fields.channelMedia[p] ? [[p, draftMediaIds(fields.channelMedia[p])]] : [],
    ),
  );
  return {
    channels: publishPlatforms.filter((p) => fields.channels.includes(p)),
    text: cut(fields.text, L.textChars),
    media: draftMediaIds(fields.media),
    channelMedia,
    versions,
    author: cut(fields.author, L.authorChars),
    subreddit: /^[A-Za-z0-9_]{0,21}$/.test(fields.subreddit) ? fields.subreddit : '',
    title: cut(fields.title, L.titleChars),
    flairId: cut(fields.flairId, L.flairChars),
    flairText: cut(fields.flairText, L.flairChars),
    videoTitle: cut(fields.videoTitle, L.videoTitleChars),
    tags: cut(fields.tags, L.tagsChars),
    visibility: (youtubePrivacyStatuses as readonly string[]).includes(fields.visibility)
      ? fields.visibility
      : ('private' satisfies YouTubePrivacyStatus),
  };
}

/**
 * A line for the drafts list: the shared text's first line, else a channel's own, else its shared media (named from
 * the library records given, as draftLabel does), else 'Empty draft'.
 */
export function composeDraftLabel(
  d: Pick<ComposeDraft, 'text' | 'versions' | 'title' | 'videoTitle' | 'media'>,
  library: readonly Pick<Generation, 'id' | 'type' | 'title'>[] = [],
): string {
  const line =
    composeDraftLine(d) ?? (d.media.length > 0 ? mediaLabel(d.media, library) : 'Empty draft');
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** The first line of a Compose draft's texts (the shared text, a channel's own, the titles), or undefined when it has none. */
export function composeDraftLine(
  d: Pick<ComposeDraft, 'text' | 'versions' | 'title' | 'videoTitle'>,
): string | undefined {
  return [d.text, ...Object.values(d.versions), d.title, d.videoTitle]
    .map((t) => (t ?? '').trim().split('\n')[0]!.trim())
    .find(Boolean);
}
