import { z } from 'zod';
import { docConverter, oneOf, text, timestamp } from './fields';
import type { Generation } from './generation';

// users/{uid}/drafts/{draftId}: a post being written, in the side panel or a dashboard composer. The
// owner writes it directly (firestore.rules checks every key, type and size against DRAFT_LIMITS), so
// a draft started in one front door opens in the other. Publishing copies it into publishPost.
// Its media are library ids only: what a reader shows or checks about them (picture, type, size, title)
// comes from the user's library records (users/{uid}/generations, written by functions), never the draft.

export const draftPlatforms = ['x', 'linkedin', 'reddit'] as const;
export type DraftPlatform = (typeof draftPlatforms)[number];

/** Sizes firestore.rules enforces (keep both in step; tests/rules covers each bound). */
export const DRAFT_LIMITS = {
  /** Reddit self-posts take 40,000 characters, the longest of the three. */
  textChars: 40_000,
  /** Reddit titles take 300. */
  titleChars: 300,
  /** Reddit names: 3 to 21 letters, digits or underscores (the rules also accept '' while unset). */
  subredditChars: 21,
  flairChars: 64,
  authorChars: 128,
  sourceUrlChars: 2048,
  media: 20,
} as const;

/** A library record id, as a draft names its media (firestore.rules checks the same pattern). */
export const LIBRARY_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * A draft's media as library ids, read leniently: an id, or an entry of the older shape (a map with the id
 * as `generationId` and facts a reader no longer trusts); anything else is dropped, repeats once.
 */
export function draftMediaIds(items: readonly unknown[]): string[] {
  const ids = items.flatMap((m) => {
    const id =
      typeof m === 'string'
        ? m
        : m && typeof m === 'object'
          ? (m as { generationId?: unknown }).generationId
          : undefined;
    return typeof id === 'string' && LIBRARY_ID.test(id) ? [id] : [];
  });
  return [...new Set(ids)].slice(0, DRAFT_LIMITS.media);
}

/** What a reader shows about one attached id: its library record, or null once the record is known to be gone. */
export type DraftMediaRecord = Pick<
  Generation,
  'id' | 'type' | 'title' | 'contentType' | 'sizeBytes' | 'thumbnailUrl' | 'originalUrl'
>;

/**
 * A draft's ids against the library records read for them (undefined while they load): each id with its record,
 * or null when the library no longer holds it (shown as missing, never sent).
 */
export function draftMediaOf<R extends Pick<Generation, 'id'>>(
  ids: readonly string[],
  records: readonly R[] | undefined,
): { id: string; record: R | null }[] | undefined {
  if (!records) return undefined;
  const byId = new Map(records.map((r) => [r.id, r]));
  return ids.map((id) => ({ id, record: byId.get(id) ?? null }));
}

/**
 * A picture URL the panel may load: a download URL of this build's own bucket on production Storage, or on
 * the Storage emulator in an emulator build, else null. A picture pointing at a local service must
 * never be fetched.
 */
export function ownStoragePicture(
  url: string | null | undefined,
  config: { storageBucket: string; emulators?: { host: string; storage: number } },
): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const origin = config.emulators
    ? `http://${config.emulators.host}:${config.emulators.storage}`
    : 'https://firebasestorage.googleapis.com';
  return parsed.origin === origin &&
    parsed.pathname.startsWith(`/v0/b/${config.storageBucket}/o/`) &&
    !parsed.username &&
    !parsed.password
    ? parsed.href
    : null;
}

/** An http(s) page address, else ''. */
function pageUrl(value: string): string {
  if (value.length > DRAFT_LIMITS.sourceUrlChars) return '';
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

export const draftSchema = z.object({
  platform: oneOf(draftPlatforms, 'x'),
  text: text(),
  /** Reddit only. */
  title: text(),
  subreddit: text(),
  flair: text(),
  /** LinkedIn only: the URN the post goes out as (urn:li:person:… or urn:li:organization:…). */
  author: text(),
  /** Library ids (draftMediaIds reads the older map entries too). */
  media: z.array(z.unknown()).catch([]).transform(draftMediaIds),
  /** The page the draft was written from (the side panel sets it). */
  sourceUrl: text().transform(pageUrl),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

export type Draft = z.output<typeof draftSchema> & { id: string };

export const toDraft = docConverter(draftSchema);

/** What a composer edits and saves (everything but the id and the timestamps). */
export type DraftFields = Omit<Draft, 'id' | 'createdAt' | 'updatedAt'>;

export function emptyDraft(platform: DraftPlatform, sourceUrl = ''): DraftFields {
  return {
    platform,
    text: '',
    title: '',
    subreddit: '',
    flair: '',
    author: '',
    media: [],
    sourceUrl: pageUrl(sourceUrl),
  };
}

/**
 * The fields as they are stored: cut to the rules' sizes, so an autosave never fails on a long paste
 * (the editor shows the overflow; only what fits is kept). Timestamps are added by the writer.
 */
export function toDraftWrite(fields: DraftFields): Record<string, unknown> {
  const cut = (s: string, n: number) => s.slice(0, n);
  return {
    platform: fields.platform,
    text: cut(fields.text, DRAFT_LIMITS.textChars),
    title: cut(fields.title, DRAFT_LIMITS.titleChars),
    subreddit: /^[A-Za-z0-9_]{0,21}$/.test(fields.subreddit) ? fields.subreddit : '',
    flair: cut(fields.flair, DRAFT_LIMITS.flairChars),
    author: cut(fields.author, DRAFT_LIMITS.authorChars),
    media: draftMediaIds(fields.media),
    sourceUrl: pageUrl(fields.sourceUrl),
  };
}

/**
 * A line for a drafts list: the Reddit title, else the text's first line, else its media ('Image: Harbour',
 * named from the library records given; an id without one counts as a file), else 'Empty draft'.
 */
export function draftLabel(
  d: Pick<Draft, 'title' | 'text' | 'media'>,
  library: readonly Pick<Generation, 'id' | 'type' | 'title'>[] = [],
): string {
  const first = (d.title.trim() || d.text.trim().split('\n')[0] || '').trim();
  if (first) return first.length > 80 ? `${first.slice(0, 79)}…` : first;
  return d.media.length === 0 ? 'Empty draft' : mediaLabel(d.media, library);
}

/** A line naming a draft's media from their library records ('Image: Harbour', '2 images: Fox and more'); an id without one counts as a file. */
export function mediaLabel(
  ids: readonly string[],
  library: readonly Pick<Generation, 'id' | 'type' | 'title'>[],
): string {
  const media = draftMediaOf(ids, library)!.map((m) => m.record);
  const kind = (m: Pick<Generation, 'type'> | null) =>
    m?.type === 'video' ? 'Video' : m?.type === 'image' ? 'Image' : 'File';
  const kinds = new Set(media.map(kind));
  const head =
    media.length === 1
      ? kind(media[0]!)
      : kinds.size === 1
        ? `${media.length} ${kind(media[0]!).toLowerCase()}s`
        : `${media.length} files`;
  const name = media[0]?.title.trim() ?? '';
  const line = name ? `${head}: ${name}${media.length > 1 ? ' and more' : ''}` : head;
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
