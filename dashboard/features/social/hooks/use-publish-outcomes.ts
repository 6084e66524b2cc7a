import { useCallback, useEffect, useRef } from 'react';
import type { SocialPost } from '@core/social-posts';
import { toast } from '@/lib/toast';
import type { PlatformCopy } from '../utils/platforms';

/**
 * Announces how a post sent from this page ends, once: the success text when it is published, the failure
 * text with the platform's reason when it fails. Posts are followed through the live Recent Posts list.
 */
export function usePublishOutcomes(
  posts: readonly SocialPost[] | null,
  copy: PlatformCopy,
): (postId: string) => void {
  const watched = useRef(new Set<string>());
  useEffect(() => {
    for (const post of posts ?? []) {
      if (!watched.current.has(post.id)) continue;
      if (post.status === 'published') {
        watched.current.delete(post.id);
        toast({ title: copy.published });
      } else if (post.status === 'failed') {
        watched.current.delete(post.id);
        toast({
          title: copy.failed,
          description: post.error?.message || undefined,
          variant: 'destructive',
        });
      } else if (post.status === 'scheduled' || post.status === 'cancelled') {
        watched.current.delete(post.id);
      }
    }
  }, [posts, copy]);
  return useCallback((postId: string) => {
    watched.current.add(postId);
  }, []);
}
