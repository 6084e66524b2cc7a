import { PenSquare } from 'lucide-react';
import { Link } from 'react-router-dom';
import { platformFacts } from '@core/platforms';
import { NO_RESULTS_YET, resultsTotals } from '@core/post-metrics';
import { paths } from '@core/routes';
import type { PublishPlatform } from '@core/social-posts';
import { BrandIcon, type BrandIconName } from '@/components/brand-icon';
import { buttonClasses } from '@core/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { cn } from '@core/ui/cn';
import { Skeleton } from '@core/ui/skeleton';
import { usePlatformProfile } from '@/lib/platform-profile';
import { useSocialAccounts } from '@/lib/social-accounts';
import { usePublishedPosts } from '../api/get-social-results';

// What the user's published posts did, from the platforms' own figures (the snapshots in core/post-metrics.ts,
// each post by its newest), and the follower count a connected account reports. No sample figures.
const PLATFORMS: { id: PublishPlatform; icon: BrandIconName; name: string; tint: string }[] = [
  { id: 'x', icon: 'x', name: 'X/Twitter', tint: 'bg-foreground text-background' },
  { id: 'linkedin', icon: 'linkedin', name: 'LinkedIn', tint: 'bg-[#0A66C2] text-white' },
  { id: 'reddit', icon: 'reddit', name: 'Reddit', tint: 'bg-[#FF4500] text-white' },
  { id: 'youtube', icon: 'youtube', name: 'YouTube', tint: 'bg-[#FF0000] text-white' },
];

const compact = (n: number) =>
  new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n);

/** The real follower count of a connected account, or null. */
function useRealFollowers(platform: PublishPlatform, connected: boolean): number | null {
  const profile = usePlatformProfile(platform, { enabled: connected });
  return connected && profile.status === 'success' ? profile.data.followers : null;
}

export function SocialOverview() {
  const { state } = useSocialAccounts();
  const accounts = state.status === 'success' ? state.data : {};
  const followers: Record<PublishPlatform, number | null> = {
    x: useRealFollowers('x', Boolean(accounts.x?.connected)),
    linkedin: useRealFollowers('linkedin', Boolean(accounts.linkedin?.connected)),
    reddit: useRealFollowers('reddit', Boolean(accounts.reddit?.connected)),
    youtube: useRealFollowers('youtube', Boolean(accounts.youtube?.connected)),
  };
  const posts = usePublishedPosts();
  const published = posts.status === 'success' ? posts.data : [];
  const rows = PLATFORMS.map((p) => ({
    ...p,
    totals: resultsTotals(published.filter((post) => post.platform === p.id)),
    followers: followers[p.id],
  })).filter((row) => row.totals.posts > 0 || row.followers !== null);
  const measured = rows.some((row) => row.totals.posts > 0);
  return (
    <Card role="region" aria-labelledby="social-overview-title" className="flex flex-col">
      <CardHeader className="space-y-1.5">
        <CardTitle id="social-overview-title" className="text-base">
          Social Media Overview
        </CardTitle>
        <CardDescription>
          What your published posts did, in each platform's own figures.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        {posts.status === 'loading' ? (
          <Skeleton className="h-24 w-full" />
        ) : posts.status === 'error' ? (
          <p className="text-sm text-muted-foreground">Couldn't load your results.</p>
        ) : (
          <>
            {measured ? null : <p className="text-sm text-muted-foreground">{NO_RESULTS_YET}</p>}
            {rows.length > 0 ? (
              <ul className="divide-y rounded-lg border">
                {rows.map((row) => (
                  <li key={row.id} className="flex items-center gap-3 px-3 py-2.5">
                    <span
                      aria-hidden="true"
                      className={cn(
                        'flex size-8 shrink-0 items-center justify-center rounded-md',
                        row.tint,
                      )}
                    >
                      <BrandIcon name={row.icon} className="size-4" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium">{row.name}</p>
                      <p className="text-xs text-muted-foreground">
                        {[
                          row.followers === null ? null : `${compact(row.followers)} followers`,
                          row.totals.views > 0
                            ? `${compact(row.totals.views)} ${platformFacts[row.id].viewsLabel.toLowerCase()}`
                            : null,
                          row.totals.posts > 0
                            ? `${compact(row.totals.engagements)} engagements`
                            : null,
                          row.totals.posts > 0
                            ? `${row.totals.posts} ${row.totals.posts === 1 ? 'post' : 'posts'} measured`
                            : 'no results yet',
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
        <Link
          to={paths.socialX}
          className={buttonClasses('default', 'default', 'mt-auto w-full sm:w-auto sm:self-start')}
        >
          <PenSquare aria-hidden="true" />
          Create Post
        </Link>
      </CardContent>
    </Card>
  );
}
