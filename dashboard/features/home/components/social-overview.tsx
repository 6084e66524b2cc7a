import { PenSquare } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@core/routes';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { BrandIcon, type BrandIconName } from '@/components/brand-icon';
import { SampleBadge } from '@/components/sample-badge';

// Sample figures from the spec; they stay labelled as samples until the platforms report real ones.
const PLATFORMS: { icon: BrandIconName; name: string; followers: string; engagement: string; change: number; tint: string }[] = [
  { icon: 'x', name: 'X/Twitter', followers: '12.5K', engagement: '2.3%', change: 5.2, tint: 'bg-foreground text-background' },
  { icon: 'linkedin', name: 'LinkedIn', followers: '8.2K', engagement: '4.1%', change: 3.8, tint: 'bg-[#0A66C2] text-white' },
  { icon: 'youtube', name: 'YouTube', followers: '25.1K', engagement: '6.2%', change: -1.2, tint: 'bg-[#FF0000] text-white' },
];

export function SocialOverview() {
  return (
    <Card role="region" aria-labelledby="social-overview-title" className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle id="social-overview-title" className="text-base">
            Social Media Overview
          </CardTitle>
          <CardDescription>Sample figures until your accounts report real ones.</CardDescription>
        </div>
        <SampleBadge>Sample data</SampleBadge>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <ul className="divide-y rounded-lg border">
          {PLATFORMS.map((p) => (
            <li key={p.name} className="flex items-center gap-3 px-3 py-2.5">
              <span aria-hidden="true" className={cn('flex size-8 shrink-0 items-center justify-center rounded-md', p.tint)}>
                <BrandIcon name={p.icon} className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{p.name}</p>
                <p className="text-xs text-muted-foreground">
                  {p.followers} followers · {p.engagement} engagement
                </p>
              </div>
              <span className={cn('text-sm font-medium tabular-nums', p.change >= 0 ? 'text-success' : 'text-destructive')}>
                {p.change >= 0 ? '+' : '-'}
                {Math.abs(p.change)}%
              </span>
            </li>
          ))}
        </ul>
        <Link to={paths.socialX} className={buttonClasses('default', 'default', 'mt-auto w-full sm:w-auto sm:self-start')}>
          <PenSquare aria-hidden="true" />
          Create Post
        </Link>
      </CardContent>
    </Card>
  );
}
