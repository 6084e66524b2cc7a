import { AlertCircle, Loader2, RotateCcw } from 'lucide-react';
import { platformLabels } from '@core/platforms';
import type { LiveState } from '@core/react/use-live';
import type { SocialPost } from '@core/social-posts';
import { BrandIcon } from '@/components/brand-icon';
import { Button } from '@core/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@core/ui/card';
import type { Channel } from '@core/compose';
import { PostItem } from './post-item';
import { PostsLoadError } from './posts-load-error';

/** One channel of a sent group: on its way, refused by publishPost (nothing stored), or its post's id. */
export type SentChannel =
  | { channel: Channel; state: 'sending' }
  | { channel: Channel; state: 'refused'; reason: string }
  | { channel: Channel; state: 'sent'; postId: string };

/**
 * The last send as one post group: each channel's own state from its post (the same item Recent Posts shows,
 * with its link, Cancel and Retry), or why publishPost refused it with Send again for that channel alone.
 */
export function PostGroup({
  sent,
  posts,
  zoneOf,
  onResend,
}: {
  sent: readonly SentChannel[];
  posts: LiveState<SocialPost[]>;
  /** The zone each channel's times are shown in (dashboard/lib/scheduling.ts useShownZone). */
  zoneOf: (channel: Channel) => string;
  onResend: (channel: Channel) => void;
}) {
  return (
    <Card role="region" aria-labelledby="post-group-title">
      <CardHeader>
        <CardTitle id="post-group-title" className="text-base">
          Post group
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {posts.status === 'error' ? (
          <PostsLoadError error={posts.error} retry={posts.retry} />
        ) : null}
        <ul className="grid gap-3">
          {sent.map((s) => {
            const post =
              s.state === 'sent' && posts.status === 'success'
                ? (posts.data.find((p) => p.id === s.postId) ?? null)
                : null;
            return (
              <li
                key={s.channel}
                role="group"
                aria-label={platformLabels[s.channel]}
                className="grid min-w-0 gap-1 rounded-lg border p-3"
              >
                <p className="flex items-center gap-2 text-sm font-medium">
                  <BrandIcon name={s.channel} className="size-4 shrink-0" />
                  {platformLabels[s.channel]}
                </p>
                {s.state === 'sending' ? (
                  <p
                    role="status"
                    className="flex items-center gap-1.5 text-sm text-muted-foreground"
                  >
                    <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
                    Sending...
                  </p>
                ) : s.state === 'refused' ? (
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
                    <span className="flex min-w-0 items-start gap-1.5 text-destructive">
                      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                      <span className="break-words">Not sent: {s.reason}</span>
                    </span>
                    <Button variant="outline" size="sm" onClick={() => onResend(s.channel)}>
                      <RotateCcw aria-hidden="true" />
                      Send again
                    </Button>
                  </div>
                ) : post ? (
                  <ul>
                    <PostItem
                      post={post}
                      timeZone={zoneOf(s.channel)}
                      onRetried={() => undefined}
                    />
                  </ul>
                ) : (
                  <p
                    role="status"
                    className="flex items-center gap-1.5 text-sm text-muted-foreground"
                  >
                    <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden="true" />
                    Loading its post...
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
