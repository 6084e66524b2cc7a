import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatInZone } from '@core/schedule';
import type { PublishPlatform, SocialPost } from '@core/social-posts';
import { buttonClasses } from '@core/ui/button';
import { useSocialConnections } from '../api/social-connections';
import type { SocialConnection } from '@core/social-connections';
import { PLATFORM_COPY } from '../utils/platforms';
import { SOCIAL_INTEGRATIONS } from './connect-alert';

// The warning before a post can fail: the channel's last check (functions/src/social/health/) or a refresh
// found its access dead, so the posts scheduled on it would fail when due. Says which and when, with the one
// fix: Reconnect (the platform's own consent for Reddit and YouTube, the credentials form for X and LinkedIn).

const RECONNECT_HREF: Record<PublishPlatform, string> = {
  x: SOCIAL_INTEGRATIONS,
  linkedin: SOCIAL_INTEGRATIONS,
  reddit: '#connect',
  youtube: '#connect',
};

export function ChannelHealthAlert({
  platform,
  connection,
  posts,
  timeZone,
  action,
}: {
  platform: PublishPlatform;
  connection: SocialConnection | null;
  /** The channel's posts as listed (the scheduled ones are named). */
  posts: readonly SocialPost[] | null;
  timeZone: string;
  /** The page's own Reconnect (the platform's consent), in place of the link to it: one alert, one button. */
  action?: ReactNode;
}) {
  if (connection?.state !== 'needs-reconnect') return null;
  const name = PLATFORM_COPY[platform].name;
  const scheduled = (posts ?? [])
    .filter((p) => p.status === 'scheduled' && p.scheduledAt)
    .sort((a, b) => a.scheduledAt!.getTime() - b.scheduledAt!.getTime());
  const next = scheduled[0]?.scheduledAt;
  const reconnect = RECONNECT_HREF[platform];
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-medium">Your {name} connection needs to be renewed</p>
          <p className="text-foreground">
            {scheduled.length === 0
              ? `${name} refused the saved access. Reconnect before you post again.`
              : `${scheduled.length === 1 ? '1 scheduled post' : `${scheduled.length} scheduled posts`} will fail unless you reconnect${next ? `; the next is due ${formatInZone(next, timeZone, { label: true })}` : ''}.`}
          </p>
        </div>
      </div>
      {action ? (
        <div className="shrink-0">{action}</div>
      ) : reconnect.startsWith('#') ? (
        <a href={reconnect} className={buttonClasses('outline', 'sm', 'shrink-0 text-foreground')}>
          Reconnect
        </a>
      ) : (
        <Link to={reconnect} className={buttonClasses('outline', 'sm', 'shrink-0 text-foreground')}>
          Reconnect
        </Link>
      )}
    </div>
  );
}

/** Whether the channel's access was found dead (the scheduled posts on it would fail), live. */
export function useChannelNeedsReconnect(platform: PublishPlatform): boolean {
  const { state } = useSocialConnections();
  return state.status === 'success' && state.data[platform]?.state === 'needs-reconnect';
}

/** The alert for one platform's page, fed live from users/{uid}/socialAccounts. */
export function ChannelHealth({
  platform,
  posts,
  timeZone,
  action,
}: {
  platform: PublishPlatform;
  posts: readonly SocialPost[] | null;
  timeZone: string;
  action?: ReactNode;
}) {
  const { state } = useSocialConnections();
  return (
    <ChannelHealthAlert
      platform={platform}
      connection={state.status === 'success' ? state.data[platform] : null}
      posts={posts}
      timeZone={timeZone}
      action={action}
    />
  );
}
