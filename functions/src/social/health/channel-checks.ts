import pLimit from 'p-limit';
import { Timestamp, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { collections, scheduledRunPath, userCollectionPath } from '@core/firestore-paths';
import { publishPlatforms, type PublishPlatform } from '@core/social-posts';
import { HttpsError } from 'firebase-functions/v2/https';
import type { Clock } from '../../lib/clock';
import { log } from '../../lib/log';
import {
  getPlatformProfile,
  type PlatformProfileDeps,
} from '../get-platform-profile/get-platform-profile';

// Warnings before a post can fail: each channel with a scheduled post is checked with the platform's
// identity call (X users/me, LinkedIn userinfo, Reddit api/v1/me, YouTube channels?mine=true, through
// getPlatformProfile, which refreshes an OAuth token first) about a day before the post and again about
// 10 minutes before it. A check the platform refuses for auth marks users/{uid}/socialAccounts/{platform}
// needsReconnect (getPlatformProfile and fresh-credentials.ts do), which the pages show with Reconnect, so a
// dead token is found while there is still time to reconnect, not when the post fails.

/** How long before a scheduled post its channel is checked: about a day ahead, then just before. */
export const CHANNEL_CHECK_LEADS_MS = [24 * 60 * 60_000, 10 * 60_000] as const;

export interface ScheduledPostRef {
  uid: string;
  platform: PublishPlatform;
  /** Epoch ms. */
  scheduledAt: number;
}

export interface ChannelRef {
  uid: string;
  platform: PublishPlatform;
}

export const channelKey = (c: ChannelRef): string => `${c.uid}/${c.platform}`;

/**
 * The channels to check now (pure): a channel is due when one of its posts, still ahead, has passed one of
 * its check times since the channel was last checked. Each channel once, in the order of its first post.
 */
export function dueChannelChecks(
  posts: readonly ScheduledPostRef[],
  lastCheckedAt: ReadonlyMap<string, number>,
  now: number,
): ChannelRef[] {
  const due = new Map<string, ChannelRef>();
  for (const post of [...posts].sort((a, b) => a.scheduledAt - b.scheduledAt)) {
    if (post.scheduledAt <= now) continue;
    const key = channelKey(post);
    if (due.has(key)) continue;
    // The latest check time of this post that has come: checked since then means nothing to do.
    const passed = CHANNEL_CHECK_LEADS_MS.map((lead) => post.scheduledAt - lead).filter(
      (at) => at <= now,
    );
    if (passed.length === 0) continue;
    const latest = Math.max(...passed);
    if ((lastCheckedAt.get(key) ?? -Infinity) < latest)
      due.set(key, { uid: post.uid, platform: post.platform });
  }
  return [...due.values()];
}

export type ChannelCheckOutcome = 'ok' | 'needs_reconnect' | 'unavailable';

export function channelCheckPath(uid: string, platform: PublishPlatform): string {
  return `secrets/${uid}/channelChecks/${platform}`;
}

export interface ChannelChecksDeps extends PlatformProfileDeps {
  clock: Clock;
  /** Checks in flight at once. */
  concurrency?: number;
  /** Posts read per page (PAGE_SIZE). */
  pageSize?: number;
}

/** Where the scheduled check keeps its last run's time: the next run reads only what came due since. */
export const CHANNEL_CHECKS_RUN_PATH = scheduledRunPath('channelChecks');
/** Each run's ranges reach this far into the one before: a write stamped just before a run still reaches it. */
const RUN_OVERLAP_MS = 60_000;
/** Posts read per page. */
const PAGE_SIZE = 500;

/** Every document a query gives, a page at a time (so none is missed however many there are). */
async function pagedDocs(query: Query, pageSize: number): Promise<QueryDocumentSnapshot[]> {
  const docs: QueryDocumentSnapshot[] = [];
  let after: QueryDocumentSnapshot | undefined;
  for (;;) {
    const page = await (after ? query.startAfter(after) : query).limit(pageSize).get();
    docs.push(...page.docs);
    if (page.size < pageSize) return docs;
    after = page.docs.at(-1);
  }
}

/** Merged intervals (start exclusive, end inclusive; epoch ms), without the empty ones. */
function merged(ranges: Array<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [from, to] of ranges.filter(([a, b]) => a < b).sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/**
 * The scheduled posts one of whose check times has come since the last run (`since`), read with only the
 * fields the check needs: those scheduled a lead after that time (a narrow range per lead, paged), and those
 * written since (a post scheduled, or moved, after its check time had passed is checked at once, as before).
 */
async function postsDueSince(
  deps: ChannelChecksDeps,
  since: number,
  now: number,
): Promise<ScheduledPostRef[]> {
  const scheduled = deps.db
    .collectionGroup(collections.socialPosts)
    .where('status', '==', 'scheduled');
  const pageSize = deps.pageSize ?? PAGE_SIZE;
  const ranges = merged(
    CHANNEL_CHECK_LEADS_MS.map((lead) => [Math.max(since + lead, now), now + lead]),
  );
  const pages = await Promise.all([
    ...ranges.map(([from, to]) =>
      pagedDocs(
        scheduled
          .where('scheduledAt', '>', new Date(from))
          .where('scheduledAt', '<=', new Date(to))
          .orderBy('scheduledAt')
          .select('platform', 'scheduledAt'),
        pageSize,
      ),
    ),
    // Where the ranges hold every post due within a day (a first run), the written ones are among them.
    ...(since + CHANNEL_CHECK_LEADS_MS[0] <= now
      ? []
      : [
          pagedDocs(
            scheduled
              .where('updatedAt', '>', new Date(since))
              .orderBy('updatedAt')
              .select('platform', 'scheduledAt', 'updatedAt'),
            pageSize,
          ),
        ]),
  ]);
  const posts = new Map<string, ScheduledPostRef>();
  for (const doc of pages.flat()) {
    const userRef = doc.ref.parent.parent;
    if (!userRef || userRef.parent.id !== collections.users) continue;
    const platform = doc.get('platform') as unknown;
    const scheduledAt = doc.get('scheduledAt') as unknown;
    if (!(publishPlatforms as readonly unknown[]).includes(platform)) continue;
    if (!(scheduledAt instanceof Timestamp)) continue;
    const at = scheduledAt.toMillis();
    if (at <= now || at > now + CHANNEL_CHECK_LEADS_MS[0]) continue;
    posts.set(doc.ref.path, {
      uid: userRef.id,
      platform: platform as PublishPlatform,
      scheduledAt: at,
    });
  }
  return [...posts.values()];
}

/**
 * One run of the scheduled check: reads the scheduled posts whose check time came since the last run (all
 * those due within a day at the first run, or after a day without one), checks each due channel once.
 */
export async function runChannelChecks(
  deps: ChannelChecksDeps,
): Promise<{ checked: Array<ChannelRef & { outcome: ChannelCheckOutcome }> }> {
  const now = deps.clock.now().getTime();
  const state = deps.db.doc(CHANNEL_CHECKS_RUN_PATH);
  const ranAt = (await state.get()).get('ranAt') as unknown;
  const since =
    typeof ranAt === 'number' && ranAt <= now && ranAt > now - CHANNEL_CHECK_LEADS_MS[0]
      ? ranAt - RUN_OVERLAP_MS
      : now - CHANNEL_CHECK_LEADS_MS[0];
  const posts = await postsDueSince(deps, since, now);
  const channels = [
    ...new Map(posts.map((p) => [channelKey(p), { uid: p.uid, platform: p.platform }])).values(),
  ];
  const last = new Map<string, number>();
  await Promise.all(
    channels.map(async (c) => {
      const at = (await deps.db.doc(channelCheckPath(c.uid, c.platform)).get()).get(
        'checkedAt',
      ) as unknown;
      if (typeof at === 'number') last.set(channelKey(c), at);
    }),
  );
  const due = dueChannelChecks(posts, last, now);
  const checked: Array<ChannelRef & { outcome: ChannelCheckOutcome }> = [];
  // `concurrency` checks in flight, the next starting as soon as one ends.
  const limit = pLimit(deps.concurrency ?? 5);
  await Promise.all(
    due.map((c) =>
      limit(async () => {
        const outcome = await checkChannel(deps, c);
        await deps.db.doc(channelCheckPath(c.uid, c.platform)).set({ checkedAt: now, outcome });
        checked.push({ ...c, outcome });
      }),
    ),
  );
  await state.set({ ranAt: now });
  if (checked.length > 0)
    log.info('Channels checked', {
      count: checked.length,
      needsReconnect: checked.filter((c) => c.outcome === 'needs_reconnect').length,
    });
  return { checked };
}

async function checkChannel(
  deps: ChannelChecksDeps,
  channel: ChannelRef,
): Promise<ChannelCheckOutcome> {
  try {
    const profile = await getPlatformProfile(channel.uid, { platform: channel.platform }, deps);
    // Where the access ends on a date the user must act by (LinkedIn: 60 days, no refresh for most apps), the
    // channel's status carries it, and the Social overview counts it down (dashboard utils/connections.ts).
    if (profile.tokenExpiresAt) {
      await deps.db
        .doc(`${userCollectionPath(channel.uid, 'socialAccounts')}/${channel.platform}`)
        .update({ tokenExpiresAt: Timestamp.fromDate(new Date(profile.tokenExpiresAt)) })
        .catch(() => undefined);
    }
    return 'ok';
  } catch (error) {
    // A refusal for auth is marked needs reconnect where it was found; anything else is not the user's to fix.
    if (
      error instanceof HttpsError &&
      (error.details as { reason?: unknown } | undefined)?.reason === 'needs-reconnect'
    )
      return 'needs_reconnect';
    log.warn('Channel check unavailable', { uid: channel.uid, platform: channel.platform });
    return 'unavailable';
  }
}
