import { collection, limit, orderBy, query, where } from 'firebase/firestore';
import { RECENT_POSTS } from '@core/constants';
import { userCollectionPath } from '@core/firestore-paths';
import type { LiveState } from '@core/react/use-live';
import { toSocialPost, type PublishPlatform, type SocialPost, type SocialPostStatus } from '@core/social-posts';
import { useUserQuery } from '@/lib/live';

// users/{uid}/socialPosts, live. Each query has its index in firestore.indexes.json.

/** A platform's posts, newest first (Recent Posts). */
export function useRecentPosts(platform: PublishPlatform): LiveState<SocialPost[]> {
  return useUserQuery((db, uid) => query(collection(db, userCollectionPath(uid, 'socialPosts')), where('platform', '==', platform), orderBy('createdAt', 'desc'), limit(RECENT_POSTS.limit)), toSocialPost);
}

/** The next scheduled posts across platforms, soonest first. */
export function useScheduledPosts(count = RECENT_POSTS.limit): LiveState<SocialPost[]> {
  return useUserQuery((db, uid) => query(collection(db, userCollectionPath(uid, 'socialPosts')), where('status', '==', 'scheduled'), orderBy('scheduledAt', 'asc'), limit(count)), toSocialPost);
}

/** The latest posts that reached an end state (published or failed), newest change first. */
export function useSettledPosts(statuses: readonly SocialPostStatus[] = ['published', 'failed'], count = RECENT_POSTS.limit): LiveState<SocialPost[]> {
  return useUserQuery((db, uid) => query(collection(db, userCollectionPath(uid, 'socialPosts')), where('status', 'in', [...statuses]), orderBy('updatedAt', 'desc'), limit(count)), toSocialPost);
}
