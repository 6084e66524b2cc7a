import { SampleBadge } from '@/components/sample-badge';
import { Card, CardContent } from '@core/ui/card';
import type { PlatformProfile } from '@core/social-posts';
import { formatCount, type PlatformCopy } from '../utils/platforms';

interface Stat {
  label: string;
  value: string;
  sample: boolean;
}

/** Followers from the platform when it reports them; engagement and growth stay labelled samples. */
export function platformStats(copy: PlatformCopy, profile: PlatformProfile | null): Stat[] {
  const followers = profile?.followers ?? null;
  return [
    { label: 'Followers', value: followers === null ? copy.samples.followers : formatCount(followers), sample: followers === null },
    { label: 'Engagement Rate', value: copy.samples.engagement, sample: true },
    { label: 'Growth (30 days)', value: copy.samples.growth, sample: true },
  ];
}

export function PlatformStats({ stats }: { stats: Stat[] }) {
  return (
    <ul aria-label="Account figures" className="grid gap-4 sm:grid-cols-3">
      {stats.map((s) => (
        <li key={s.label}>
          <Card>
            <CardContent className="flex items-start justify-between gap-2 p-4">
              <div className="min-w-0">
                <p className="text-sm text-muted-foreground">{s.label}</p>
                <p className="text-2xl font-bold tabular-nums">{s.value}</p>
              </div>
              {s.sample ? <SampleBadge /> : null}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
