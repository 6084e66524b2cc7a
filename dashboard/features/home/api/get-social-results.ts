import { collection, limit, orderBy, query, where } from 'firebase/firestore';
import { userCollectionPath } from '@core/firestore-paths';
import type { LiveState } from '@core/react/use-live';
import { toSocialPost, type SocialPost } from '@core/social-posts';
import { useUserQuery } from '@/lib/live';

/** How many of the newest published posts the home figures add up. */
export const HOME_RESULTS_POSTS = 200;

/** The newest published posts, with their snapshots (the (status, updatedAt) index). */
export function usePublishedPosts(): LiveState<SocialPost[]> {
  return useUserQuery(
    (db, uid) =>
      query(
        collection(db, userCollectionPath(uid, 'socialPosts')),
        where('status', '==', 'published'),
        orderBy('updatedAt', 'desc'),
        limit(HOME_RESULTS_POSTS),
      ),
    toSocialPost,
  );
}
