import { PenSquare } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@core/routes';
import type { PublishPlatform } from '@core/social-posts';
import { BrandIcon, type BrandIconName } from '@/components/brand-icon';
import { SampleBadge } from '@/components/sample-badge';
import { buttonClasses } from '@core/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { cn } from '@core/ui/cn';
import { usePlatformProfile } from '@/lib/platform-profile';
import { useSocialAccounts } from '@/lib/social-accounts';

// Sample figures, labelled as samples; a connected X, LinkedIn or YouTube account replaces the follower
// count (YouTube: subscribers) with the one the platform reports. Engagement and growth stay samples (no platform API gives them here).
const PLATFORMS: { id: PublishPlatform; icon: BrandIconName; name: string; followers: string; engagement: string; change: number; tint: string }[] = [
  { id: 'x', icon: 'x', name: 'X/Twitter', followers: '12.5K', engagement: '2.3%', change: 5.2, tint: 'bg-foreground text-background' },
  { id: 'linkedin', icon: 'linkedin', name: 'LinkedIn', followers: '8.2K', engagement: '4.1%', change: 3.8, tint: 'bg-[#0A66C2] text-white' },
  { id: 'youtube', icon: 'youtube', name: 'YouTube', followers: '25.1K', engagement: '6.2%', change: -1.2, tint: 'bg-[#FF0000] text-white' },
];

const compact = (n: number) => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n);

/** The real follower count of a connected account, or null. */
function useRealFollowers(platform: PublishPlatform, connected: boolean): number | null {
  const profile = usePlatformProfile(platform, { enabled: connected });
  return connected && profile.status === 'success' ? profile.data.followers : null;
}

export function SocialOverview() {
  const { state } = useSocialAccounts();
  const accounts = state.status === 'success' ? state.data : {};
  const real: Record<string, number | null> = {
    x: useRealFollowers('x', Boolean(accounts.x?.connected)),
    linkedin: useRealFollowers('linkedin', Boolean(accounts.linkedin?.connected)),
    youtube: useRealFollowers('youtube', Boolean(accounts.youtube?.connected)),
  };
  const anyReal = Object.values(real).some((n) => n !== null);
  return (
    <Card role="region" aria-labelledby="social-overview-title" className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle id="social-overview-title" className="text-base">
            Social Media Overview
          </CardTitle>
          <CardDescription>{anyReal ? 'Followers from your connected accounts; the rest are sample figures.' : 'Sample figures until your accounts report real ones.'}</CardDescription>
        </div>
        {anyReal ? null : <SampleBadge>Sample data</SampleBadge>}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <ul className="divide-y rounded-lg border">
          {PLATFORMS.map((p) => {
            const followers = real[p.id] ?? null;
            return (
              <li key={p.name} className="flex items-center gap-3 px-3 py-2.5">
                <span aria-hidden="true" className={cn('flex size-8 shrink-0 items-center justify-center rounded-md', p.tint)}>
                  <BrandIcon name={p.icon} className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{p.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {followers === null ? p.followers : compact(followers)} followers · {p.engagement} engagement{followers === null ? '' : ' (sample)'}
                  </p>
                </div>
                {anyReal && followers === null ? <SampleBadge /> : null}
                <span className={cn('text-sm font-medium tabular-nums', p.change >= 0 ? 'text-success' : 'text-destructive')}>
                  {p.change >= 0 ? '+' : '-'}
                  {Math.abs(p.change)}%
                </span>
              </li>
            );
          })}
        </ul>
        <Link to={paths.socialX} className={buttonClasses('default', 'default', 'mt-auto w-full sm:w-auto sm:self-start')}>
          <PenSquare aria-hidden="true" />
          Create Post
        </Link>
      </CardContent>
    </Card>
  );
}
