import { z } from 'zod';
import { publishPlatforms, type PublishPlatform } from '../platforms/facts';
import { youtubePrivacyStatuses, type YouTubePrivacyStatus } from '../social-limits';
import { DRAFT_LIMITS, draftMediaSchema, storagePictureUrl, type DraftMedia } from './draft';
import { docConverter, oneOf, text, timestamp } from './fields';

// users/{uid}/composeDrafts/{draftId}: an idea saved from the one composer (/compose): the chosen channels, the
// shared text and media, each channel's own text where it was edited there, and the fields the platforms need.
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
  media: z
    .array(z.unknown())
    .catch([])
    .transform((items) => items.flatMap((m) => draftMediaSchema.safeParse(m).data ?? []).slice(0, DRAFT_LIMITS.media)),
  /** A channel's own text, where it was edited there (a channel missing here follows the shared text). */
  versions: z
    .record(z.string(), z.unknown())
    .catch(() => ({}))
    .transform((v) => Object.fromEntries(publishPlatforms.flatMap((p) => (typeof v[p] === 'string' ? [[p, v[p]]] : []))) as Partial<Record<PublishPlatform, string>>),
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
  const versions = Object.fromEntries(Object.entries(fields.versions).flatMap(([p, t]) => ((publishPlatforms as readonly string[]).includes(p) && typeof t === 'string' ? [[p, cut(t, L.textChars)]] : [])));
  const media: DraftMedia[] = fields.media.slice(0, L.media).map((m) => ({
    generationId: m.generationId,
    title: cut(m.title, DRAFT_LIMITS.mediaTitleChars),
    contentType: cut(m.contentType, 100),
    sizeBytes: Math.max(0, Math.round(m.sizeBytes)),
    thumbnailUrl: storagePictureUrl(m.thumbnailUrl),
  }));
  return {
    channels: publishPlatforms.filter((p) => fields.channels.includes(p)),
    text: cut(fields.text, L.textChars),
    media,
    versions,
    author: cut(fields.author, L.authorChars),
    subreddit: /^[A-Za-z0-9_]{0,21}$/.test(fields.subreddit) ? fields.subreddit : '',
    title: cut(fields.title, L.titleChars),
    flairId: cut(fields.flairId, L.flairChars),
    flairText: cut(fields.flairText, L.flairChars),
    videoTitle: cut(fields.videoTitle, L.videoTitleChars),
    tags: cut(fields.tags, L.tagsChars),
    visibility: (youtubePrivacyStatuses as readonly string[]).includes(fields.visibility) ? fields.visibility : ('private' satisfies YouTubePrivacyStatus),
  };
}

/** A line for the drafts list: the shared text's first line, else a channel's own, else its media, else 'Empty draft'. */
export function composeDraftLabel(d: Pick<ComposeDraft, 'text' | 'versions' | 'title' | 'videoTitle' | 'media'>): string {
  const first = [d.text, ...Object.values(d.versions), d.title, d.videoTitle].map((t) => (t ?? '').trim().split('\n')[0]!.trim()).find(Boolean);
  const line = first ?? (d.media[0] ? `Media: ${d.media[0].title || 'untitled'}` : 'Empty draft');
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
