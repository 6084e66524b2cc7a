import { collection, limit, orderBy, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { userCollectionPath } from '@core/firestore-paths';
import { platformFacts } from '@core/platforms';
import { channelZone, type PostingSlot } from '@core/queue-slots';
import { toSocialPost, type PublishPlatform, type SocialPost } from '@core/social-posts';
import { useUserQuery } from '@/lib/live';
import { useScheduling } from '@/lib/scheduling';

/** How many of a channel's posts Add to queue looks at to find the taken slots. */
const TAKEN_LOOKAHEAD = 500;

export interface ChannelQueue {
  slots: PostingSlot[];
  /** The zone the slots are wall times in: the channel's own (Settings), else the workspace's. */
  timeZone: string;
  /** The instants the channel's posts already hold: scheduled posts, and YouTube's Publish Times. */
  taken: Date[];
  loading: boolean;
}

/** The instant a post holds in its channel's queue, if any. */
function heldAt(post: SocialPost): Date | null {
  if (post.status === 'scheduled') return post.scheduledAt;
  // YouTube uploads at once and keeps the Publish Time itself: a private video with publishAt holds that slot.
  return post.youtube?.publishAt ?? null;
}

/**
 * A channel's posting slots and zone (Settings) and the slots its posts already take, live; for Add to queue.
 * `enabled: false` (a channel not chosen in the one composer) reads no posts.
 */
export function useChannelQueue(
  platform: PublishPlatform,
  { enabled = true }: { enabled?: boolean } = {},
): ChannelQueue {
  const scheduling = useScheduling();
  // Equality filters only: Firestore serves them from its single-field indexes, no composite index needed.
  const scheduled = useUserQuery(
    (db, uid) =>
      enabled
        ? query(
            collection(db, userCollectionPath(uid, 'socialPosts')),
            where('platform', '==', platform),
            where('status', '==', 'scheduled'),
            limit(TAKEN_LOOKAHEAD),
          )
        : null,
    toSocialPost,
  );
  // A platform that holds uploads until their publish time (YouTube) has no `scheduled` posts for them; its
  // recent uploads carry those times (Recent Posts' query and index).
  const holdsUploads = platformFacts[platform].publishAtOnUpload;
  const recent = useUserQuery(
    (db, uid) =>
      enabled && holdsUploads
        ? query(
            collection(db, userCollectionPath(uid, 'socialPosts')),
            where('platform', '==', platform),
            orderBy('createdAt', 'desc'),
            limit(TAKEN_LOOKAHEAD),
          )
        : null,
    toSocialPost,
  );
  const taken = useMemo(() => {
    const posts = [
      ...(scheduled.status === 'success' ? scheduled.data : []),
      ...(holdsUploads && recent.status === 'success' ? recent.data : []),
    ];
    return posts.filter((p) => p.platform === platform).flatMap((p) => heldAt(p) ?? []);
  }, [scheduled, recent, platform, holdsUploads]);
  return {
    slots: scheduling.slots[platform] ?? [],
    timeZone: channelZone(scheduling, platform, scheduling.zone),
    taken,
    loading: scheduling.loading || (enabled && scheduled.status === 'loading'),
  };
}
