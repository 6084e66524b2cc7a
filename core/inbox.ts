import { collection, limit, orderBy, query, type Firestore, type Query } from 'firebase/firestore';
import { userCollectionPath, userDocPath } from './firestore-paths';
import { failureStepLabels, failureSteps, type FailureStep } from './platform-errors';
import { platformLabels, publishPlatforms, type PublishPlatform } from './platforms/facts';
import { paths } from './routes';
import { jsonObject } from './json';

// The inbox of post events: the dashboard's header bell (dashboard/features/shell) and the extension's
// badge of failed posts (entrypoints/sidepanel/hooks/use-failure-badge.ts) read it from here, so both count
// the same events. It is read from the user's own posts (users/{uid}/socialPosts); the one thing the clients
// write is when the inbox was last read (users/{uid}/inbox/state, below), shared by both front doors. Each
// published or failed post is one event, newest first; a failure is told apart by what fixes it (needs
// reconnect) or where it failed (media refused).
// Read lightly on purpose: the header is on every page, so this loads neither zod nor the time-zone
// polyfill that core/social-posts.ts brings.

export const inboxEventKinds = ['published', 'failed', 'needs-reconnect', 'media-refused'] as const;
export type InboxEventKind = (typeof inboxEventKinds)[number];

/** How many of the newest posts the inbox reads. */
export const INBOX_POSTS = 30;

/** The inbox's one query: the user's newest posts by updatedAt (a single-field index). */
export function inboxPostsQuery(db: Firestore, uid: string): Query {
  return query(
    collection(db, userCollectionPath(uid, 'socialPosts')),
    orderBy('updatedAt', 'desc'),
    limit(INBOX_POSTS),
  );
}

/** The few fields of a post the inbox shows. */
export interface InboxPost {
  id: string;
  platform: PublishPlatform;
  status: string;
  /** A title where the post has one (Reddit, YouTube), else its text's start. */
  label: string;
  at: Date | null;
  error: {
    code: string;
    message: string;
    summary: string | null;
    step: FailureStep | null;
    fixAction: string | null;
    fixLabel: string | null;
  } | null;
}

export interface InboxEvent {
  id: string;
  postId: string;
  kind: InboxEventKind;
  platform: PublishPlatform;
  at: Date;
  title: string;
  detail: string;
  /** The fix the post offers (its button is on the platform page), or null. */
  fix: string | null;
  /** The post's platform page, at the post. */
  href: string;
  unread: boolean;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

function dateOf(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const toDate = jsonObject(value)?.toDate;
  if (typeof toDate === 'function') {
    const d = (toDate as () => unknown).call(value);
    return d instanceof Date && !Number.isNaN(d.getTime()) ? d : null;
  }
  return null;
}

/** A post document as the inbox reads it; lenient field by field like every converter. */
export function readInboxPost(id: string, data: unknown): InboxPost {
  const d = jsonObject(data) ?? {};
  const platform = (publishPlatforms as readonly string[]).includes(String(d.platform))
    ? (d.platform as PublishPlatform)
    : 'x';
  const status = str(d.status) ?? 'failed';
  const e = jsonObject(d.error);
  const fix = jsonObject(e?.fix);
  const step = str(e?.step);
  const text = (str(d.text) ?? '').replace(/\s+/g, ' ').trim();
  const label =
    str(jsonObject(d.reddit)?.title) ??
    str(jsonObject(d.youtube)?.title) ??
    (text.length > 80 ? `${text.slice(0, 79)}…` : text);
  return {
    id,
    platform,
    status,
    label,
    at:
      status === 'published' ? (dateOf(d.publishedAt) ?? dateOf(d.updatedAt)) : dateOf(d.updatedAt),
    error: e
      ? {
          code: str(e.code) ?? 'platform_error',
          message: str(e.message) ?? '',
          summary: str(e.summary),
          step:
            step && (failureSteps as readonly string[]).includes(step)
              ? (step as FailureStep)
              : null,
          fixAction: str(fix?.action),
          fixLabel: str(fix?.label),
        }
      : null,
  };
}

const PAGE: Record<PublishPlatform, string> = {
  x: paths.socialX,
  linkedin: paths.socialLinkedin,
  reddit: paths.socialReddit,
  youtube: paths.socialYoutube,
};

/** The anchor of a post in its platform page's Recent Posts. */
export const postAnchor = (postId: string) => `post-${postId}`;

function failureKind(error: NonNullable<InboxPost['error']>): InboxEventKind {
  if (
    error.fixAction === 'reconnect' ||
    ['auth_expired', 'missing_credentials', 'unreadable_credentials'].includes(error.code)
  )
    return 'needs-reconnect';
  if (error.step === 'upload' || error.step === 'processing' || error.code.startsWith('media_'))
    return 'media-refused';
  return 'failed';
}

/** The inbox's events, newest first, each unread by `isUnread` against `readAt` (epoch ms; null: never read). */
export function inboxEvents(posts: readonly InboxPost[], readAt: number | null): InboxEvent[] {
  const events: InboxEvent[] = [];
  for (const post of posts) {
    if (!post.at || (post.status !== 'published' && post.status !== 'failed')) continue;
    const name = platformLabels[post.platform];
    const base = {
      id: `${post.id}:${post.status}`,
      postId: post.id,
      platform: post.platform,
      at: post.at,
      href: `${PAGE[post.platform]}#${postAnchor(post.id)}`,
      unread: isUnread(post.at, readAt),
    };
    if (post.status === 'published') {
      events.push({
        ...base,
        kind: 'published',
        title: `Published on ${name}`,
        detail: post.label,
        fix: null,
      });
      continue;
    }
    const error = post.error;
    const kind = error ? failureKind(error) : 'failed';
    const title =
      kind === 'needs-reconnect'
        ? `${name} needs reconnecting`
        : kind === 'media-refused'
          ? `${name} refused the media`
          : error?.step
            ? `Failed at ${failureStepLabels[error.step]} on ${name}`
            : `Failed on ${name}`;
    const why = error?.summary || error?.message || 'The platform refused the post.';
    events.push({
      ...base,
      kind,
      title,
      detail: post.label ? `${post.label}: ${why}` : why,
      fix: error?.fixLabel && error.fixAction !== 'wait' ? error.fixLabel : null,
    });
  }
  return events.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/**
 * When the inbox was last read, one value per account for every front door: `readAt`, the server's time of
 * the last Mark all read (dashboard) or Open inbox (side panel), which firestore.rules lets only the owner
 * write and only as the request's time, so it never moves back and no client clock sets it. The dashboard's
 * header and the panel read it live, the extension's background once per alarm (entrypoints/background).
 * A mark made offline is stamped when it reaches the server.
 */
export const inboxStatePath = (uid: string) => `${userDocPath(uid)}/inbox/state`;

/**
 * The read time of an inbox state document (epoch ms), or null: never read, or an odd value. A mark made with
 * events on screen keeps the newest one's server time (`seenAt`, never later than the mark's own `readAt`,
 * firestore.rules): that is what was read, even when the mark reached the server long after (made offline),
 * so a failure that came in meanwhile stays unread. A mark made with none keeps only `readAt`.
 */
export function readInboxState(_id: string, data: unknown): number | null {
  const d = jsonObject(data);
  return readAtValue((dateOf(d?.seenAt) ?? dateOf(d?.readAt))?.getTime());
}

/** Where a browser keeps its last known read time, per account, for a first paint before Firestore answers. */
export const inboxReadKey = (uid: string) => `muse.inbox.readAt.${uid}`;
export const readAtValue = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

/** The latest of some read times (null when none): a read time only moves forward, so the latest holds. */
export function latestReadAt(...values: (number | null | undefined)[]): number | null {
  const known = values.filter((v): v is number => readAtValue(v) !== null);
  return known.length ? Math.max(...known) : null;
}

/*
 * The one read rule of every front door (the dashboard's header, the side panel, the background), right however
 * far this device's clock is off. It compares only times the server stamped: each event's (`at`: the functions
 * write a post's updatedAt and publishedAt) and the account's `readAt` (request.time). The device's clock is
 * never one of them:
 * - a Mark all read covers at once what the user sees: its local mark is the newest event's own time
 *   (`readMarkOf`), not the device's now, which may be minutes behind the events (they would stay unread) or
 *   ahead of them (events that come after would be read before they are seen);
 * - the state document is read with `inboxStateSnapshot`: while a mark is on its way, `readAt` reads as the
 *   server's previous time, never the SDK's estimate, which is the device's clock;
 * - the read time is the latest of the server's and the client's own marks (`latestReadAt`): the server's
 *   covers every event stamped before the mark reached it, the local one bridges until then and keeps what was
 *   seen read even where the server's answer never comes (offline).
 */

/** Reads an inbox state document's server time as the server last wrote it: a pending `serverTimestamp()` keeps the previous one. */
export const inboxStateSnapshot = { serverTimestamps: 'previous' } as const;

/** An event is unread when the server stamped it after the read time (null: never read). */
export function isUnread(at: Date | number, readAt: number | null): boolean {
  return readAt === null || (typeof at === 'number' ? at : at.getTime()) > readAt;
}

/** What a Mark all read covers at once: the newest event the user sees (its server time), or null with none. */
export function readMarkOf(events: readonly Pick<InboxEvent, 'at'>[]): number | null {
  return latestReadAt(...events.map((e) => e.at.getTime()));
}

/** A failure event (failed, needs reconnect, media refused) the user has not read yet. */
export const isUnreadFailure = (event: InboxEvent): boolean =>
  event.unread && event.kind !== 'published';

/** How many of the inbox's events are failures not read yet: the number on the extension's badge. */
export function unreadFailures(posts: readonly InboxPost[], readAt: number | null): number {
  return inboxEvents(posts, readAt).filter(isUnreadFailure).length;
}
