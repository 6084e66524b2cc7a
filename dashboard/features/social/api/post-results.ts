import { collection, doc, documentId, limit, orderBy, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { toGeneration, type Generation } from '@core/data/generation';
import { userCollectionPath } from '@core/firestore-paths';
import { engagementRate } from '@core/post-metrics';
import type { LiveState } from '@core/react/use-live';
import { toSocialPost, type PublishPlatform, type SocialPost } from '@core/social-posts';
import { useUserDoc, useUserQuery } from '@/lib/live';

// What a channel's posts did (core/post-metrics.ts) and the library items they carried.

/** How many of a channel's newest posts its results add up. */
export const CHANNEL_RESULTS_POSTS = 100;

/** A channel's newest posts (the (platform, createdAt) index Recent Posts uses); the caller keeps the published ones. */
export function useChannelPosts(platform: PublishPlatform): LiveState<SocialPost[]> {
  return useUserQuery(
    (db, uid) =>
      query(
        collection(db, userCollectionPath(uid, 'socialPosts')),
        where('platform', '==', platform),
        orderBy('createdAt', 'desc'),
        limit(CHANNEL_RESULTS_POSTS),
      ),
    toSocialPost,
  );
}

/** The published posts that have at least one snapshot of the platform's figures. */
export function measuredPosts(posts: readonly SocialPost[]): SocialPost[] {
  return posts.filter((p) => p.status === 'published' && Object.keys(p.metrics).length > 0);
}

/** The channel's engagements per impression in percent, over its measured posts (core/post-metrics.ts); null until loaded or without impressions. */
export function useChannelEngagementRate(platform: PublishPlatform): number | null {
  const posts = useChannelPosts(platform);
  return useMemo(
    () => (posts.status === 'success' ? engagementRate(measuredPosts(posts.data)) : null),
    [posts],
  );
}

/** The library item a post carried (how it was made), or null when it is gone. */
export function useGeneration(generationId: string | null): LiveState<Generation | null> {
  return useUserDoc(
    (db, uid) =>
      generationId ? doc(db, userCollectionPath(uid, 'generations'), generationId) : null,
    toGeneration,
  );
}

/** Firestore's `in` takes at most 30 values. */
const IN_LIMIT = 30;

/** The library items of these ids (the first 30), for the by-model table. */
export function useGenerations(ids: readonly string[]): LiveState<Generation[]> {
  const key = [...new Set(ids)].slice(0, IN_LIMIT).sort().join(',');
  const list = useMemo(() => (key ? key.split(',') : []), [key]);
  return useUserQuery(
    (db, uid) =>
      list.length
        ? query(
            collection(db, userCollectionPath(uid, 'generations')),
            where(documentId(), 'in', list),
          )
        : null,
    toGeneration,
  );
}
