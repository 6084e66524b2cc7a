import { collection, limit, orderBy, query, where } from 'firebase/firestore';
import { useRef, useState } from 'react';
import { RECENT_POSTS } from '@core/constants';
import { userCollectionPath } from '@core/firestore-paths';
import type { LiveState } from '@core/react/use-live';
import {
  toSocialPost,
  type PublishPlatform,
  type SocialPost,
  type SocialPostStatus,
} from '@core/social-posts';
import { useUserQuery } from '@/lib/live';

// users/{uid}/socialPosts, live. Each query has its index in firestore.indexes.json.

/** A platform's newest posts, `pages` pages of RECENT_POSTS.limit (Recent Posts). */
export function useRecentPosts(platform: PublishPlatform, pages = 1): LiveState<SocialPost[]> {
  return useUserQuery(
    (db, uid) =>
      query(
        collection(db, userCollectionPath(uid, 'socialPosts')),
        where('platform', '==', platform),
        orderBy('createdAt', 'desc'),
        limit(RECENT_POSTS.limit * pages),
      ),
    toSocialPost,
  );
}

export interface PagedRecentPosts {
  posts: LiveState<SocialPost[]>;
  /** Loads one more page; null when the last answer had fewer posts than asked for (there are no more). */
  showMore: (() => void) | null;
}

/** Recent Posts with Show more: the live query grows a page at a time, and keeps the posts on screen while the next page loads. */
export function usePagedRecentPosts(platform: PublishPlatform): PagedRecentPosts {
  const [pages, setPages] = useState(1);
  const live = useRecentPosts(platform, pages);
  // The last answer is remembered without a state update, so a live source that hands out a new object
  // on every render cannot drive a render loop.
  const answered = useRef<LiveState<SocialPost[]> | null>(null);
  if (live.status !== 'loading') answered.current = live;
  const shown = answered.current;
  const posts = live.status === 'loading' && shown?.status === 'success' ? shown : live;
  const full = live.status === 'success' && live.data.length >= RECENT_POSTS.limit * pages;
  return { posts, showMore: full ? () => setPages((n) => n + 1) : null };
}

/** The next scheduled posts across platforms, soonest first. */
export function useScheduledPosts(count = RECENT_POSTS.limit): LiveState<SocialPost[]> {
  return useUserQuery(
    (db, uid) =>
      query(
        collection(db, userCollectionPath(uid, 'socialPosts')),
        where('status', '==', 'scheduled'),
        orderBy('scheduledAt', 'asc'),
        limit(count),
      ),
    toSocialPost,
  );
}

/** The latest posts that reached an end state (published or failed), newest change first. */
export function useSettledPosts(
  statuses: readonly SocialPostStatus[] = ['published', 'failed'],
  count = RECENT_POSTS.limit,
): LiveState<SocialPost[]> {
  return useUserQuery(
    (db, uid) =>
      query(
        collection(db, userCollectionPath(uid, 'socialPosts')),
        where('status', 'in', [...statuses]),
        orderBy('updatedAt', 'desc'),
        limit(count),
      ),
    toSocialPost,
  );
}

/** The posts of one post group (the composer's send to several channels, one post each), live; none while groupId is null. */
export function useGroupPosts(groupId: string | null): LiveState<SocialPost[]> {
  return useUserQuery(
    (db, uid) =>
      groupId
        ? query(
            collection(db, userCollectionPath(uid, 'socialPosts')),
            where('groupId', '==', groupId),
          )
        : null,
    toSocialPost,
  );
}
