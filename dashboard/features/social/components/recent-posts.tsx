import type { LiveState } from '@core/react/use-live';
import type { SocialPost } from '@core/social-posts';
import { Button } from '@core/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@core/ui/card';
import { Skeleton } from '@core/ui/skeleton';
import { PostItem } from './post-item';
import { PostsLoadError } from './posts-load-error';

/** The platform's newest posts, live, each in its true state. */
export function RecentPosts({
  posts,
  timeZone,
  onRetried,
  onShowMore = null,
  channelNeedsReconnect = false,
}: {
  posts: LiveState<SocialPost[]>;
  timeZone: string;
  onRetried: (postId: string) => void;
  /** Loads the next page of older posts; null when there are none. */
  onShowMore?: (() => void) | null;
  /** The channel's access was found dead: each scheduled post warns that it will fail (channel-health-alert.tsx). */
  channelNeedsReconnect?: boolean;
}) {
  return (
    <Card role="region" aria-labelledby="recent-posts-title">
      <CardHeader>
        <CardTitle id="recent-posts-title" className="text-base">
          Recent Posts
        </CardTitle>
      </CardHeader>
      <CardContent>
        {posts.status === 'loading' ? (
          <div className="grid gap-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : posts.status === 'error' ? (
          <PostsLoadError error={posts.error} retry={posts.retry} />
        ) : posts.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No posts yet</p>
        ) : (
          <>
            <ul className="divide-y">
              {posts.data.map((post) => (
                <PostItem
                  key={post.id}
                  post={post}
                  timeZone={timeZone}
                  onRetried={onRetried}
                  channelNeedsReconnect={channelNeedsReconnect}
                />
              ))}
            </ul>
            {onShowMore ? (
              <Button
                variant="outline"
                size="sm"
                onClick={onShowMore}
                className="mt-3 w-full sm:w-auto"
              >
                Show more
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
