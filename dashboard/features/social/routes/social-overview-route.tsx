import { AlertCircle, CalendarClock, CheckCircle2, PenSquare } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { SocialPlatform } from '@core/integrations';
import type { LiveState } from '@core/react/use-live';
import { paths } from '@core/routes';
import type { SocialPost } from '@core/social-posts';
import { BrandIcon, type BrandIconName } from '@/components/brand-icon';
import { Alert } from '@core/ui/alert';
import { buttonClasses } from '@core/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@core/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@core/ui/skeleton';
import { cn } from '@core/ui/cn';
import { useSocialConnections } from '../api/social-connections';
import { useScheduledPosts, useSettledPosts } from '../api/social-posts';
import { SOCIAL_INTEGRATIONS } from '../components/connect-alert';
import {
  connectionLabel,
  fixesOnPlatformPage,
  type SocialConnection,
} from '@core/social-connections';
import { PLATFORM_COPY } from '../utils/platforms';
import { formatInZone } from '@core/schedule';
import { useShownZone } from '@/lib/scheduling';

const PLATFORMS: {
  id: SocialPlatform;
  icon: BrandIconName;
  name: string;
  short: string;
  to: string;
}[] = [
  { id: 'x', icon: 'x', name: 'X/Twitter', short: 'X', to: paths.socialX },
  {
    id: 'linkedin',
    icon: 'linkedin',
    name: 'LinkedIn',
    short: 'LinkedIn',
    to: paths.socialLinkedin,
  },
  { id: 'reddit', icon: 'reddit', name: 'Reddit', short: 'Reddit', to: paths.socialReddit },
  { id: 'youtube', icon: 'youtube', name: 'YouTube', short: 'YouTube', to: paths.socialYoutube },
];

const platformName = (p: SocialPost['platform']) => PLATFORM_COPY[p].title;
/** The platform, and for LinkedIn who posts (the member or a page). */
const postedTo = (post: SocialPost) =>
  `${platformName(post.platform)}${post.author?.name ? ` (${post.author.name})` : ''}`;

function ConnectionLine({
  platform,
  connection,
}: {
  platform: (typeof PLATFORMS)[number];
  connection: SocialConnection | undefined;
}) {
  if (!connection) return <Skeleton className="h-4 w-28" />;
  const ok = connection.state === 'connected';
  const onPage = fixesOnPlatformPage(platform.id, connection);
  return (
    <p
      className={cn(
        'flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs',
        ok ? 'text-success' : 'text-destructive',
      )}
    >
      {ok ? (
        <CheckCircle2 className="size-3.5 shrink-0" aria-hidden="true" />
      ) : (
        <AlertCircle className="size-3.5 shrink-0" aria-hidden="true" />
      )}
      {connectionLabel(connection)}
      {ok ? null : (
        <Link
          to={onPage ? platform.to : SOCIAL_INTEGRATIONS}
          className="rounded-sm font-medium whitespace-nowrap underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {onPage
            ? `${connection.state === 'needs-connect' ? 'Connect' : 'Reconnect'} on the ${platform.short} page`
            : 'Fix in Integrations'}
        </Link>
      )}
    </p>
  );
}

function PostList({
  state,
  empty,
  render,
}: {
  state: LiveState<SocialPost[]>;
  empty: string;
  render: (post: SocialPost) => React.ReactNode;
}) {
  if (state.status === 'loading') return <Skeleton className="h-16 w-full" />;
  if (state.status === 'error')
    return <Alert tone="danger">Couldn't load your posts. {state.error.message}</Alert>;
  if (state.data.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="divide-y">
      {state.data.map((post) => (
        <li key={post.id} className="grid min-w-0 gap-1 py-2.5">
          <p className="truncate text-sm">{post.text}</p>
          <p className="text-xs text-muted-foreground">
            {render(post)}
            {post.status === 'published' && post.url ? (
              <>
                {' · '}
                <a
                  href={post.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  View post
                </a>
              </>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** /social: each platform's connection, the next scheduled posts, the latest published and failed ones. */
export function SocialOverviewRoute() {
  const { state: connections } = useSocialConnections();
  const scheduled = useScheduledPosts();
  const settled = useSettledPosts();
  const zoneOf = useShownZone();
  const byPlatform = connections.status === 'success' ? connections.data : null;

  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader
        title="Social Media Management"
        description="Write, schedule and publish posts to your social accounts."
      />
      {connections.status === 'error' ? (
        <Alert tone="danger">
          Failed to load social media credentials. {connections.error.message}
        </Alert>
      ) : null}
      <ul aria-label="Platforms" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {PLATFORMS.map((p) => (
          <li key={p.id}>
            <Card className="flex h-full flex-col">
              <CardContent className="flex flex-1 flex-col gap-3 p-4">
                <div className="flex items-center gap-3">
                  <BrandIcon name={p.icon} className="size-5 shrink-0" />
                  <h2 className="font-semibold">{p.name}</h2>
                </div>
                {byPlatform || connections.status === 'loading' ? (
                  <ConnectionLine platform={p} connection={byPlatform?.[p.id]} />
                ) : null}
                <Link to={p.to} className={buttonClasses('default', 'sm', 'mt-auto')}>
                  <PenSquare aria-hidden="true" />
                  {`Create ${p.short} Post`}
                </Link>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <Card role="region" aria-labelledby="scheduled-title">
          <CardHeader>
            <CardTitle id="scheduled-title" className="flex items-center gap-2 text-base">
              <CalendarClock className="size-4 text-primary" aria-hidden="true" />
              Scheduled Posts
            </CardTitle>
          </CardHeader>
          <CardContent>
            <PostList
              state={scheduled}
              empty="No scheduled posts"
              render={(post) =>
                `${postedTo(post)} · ${post.scheduledAt ? formatInZone(post.scheduledAt, zoneOf(post.platform), { label: true }) : 'time unknown'}`
              }
            />
          </CardContent>
        </Card>
        <Card role="region" aria-labelledby="latest-title">
          <CardHeader>
            <CardTitle id="latest-title" className="text-base">
              Latest Published and Failed
            </CardTitle>
          </CardHeader>
          <CardContent>
            <PostList
              state={settled}
              empty="Nothing published yet"
              render={(post) =>
                post.status === 'failed'
                  ? `${postedTo(post)} · Failed: ${post.error?.message || 'the platform refused the post'}`
                  : `${postedTo(post)} · Published ${post.publishedAt ? formatInZone(post.publishedAt, zoneOf(post.platform), { label: true }) : ''}`
              }
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
