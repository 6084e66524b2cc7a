import { SampleBadge } from '@/components/sample-badge';
import { Card, CardContent } from '@core/ui/card';
import type { PlatformProfile } from '@core/social-posts';
import { formatCount, type PlatformCopy } from '../utils/platforms';

interface Stat {
  label: string;
  value: string;
  sample: boolean;
}

/**
 * Followers from the platform when it reports them; the engagement rate from the channel's measured posts
 * (engagements per impression, `rate` in percent) once there is one; each figure not yet known, and the
 * growth, stays a labelled sample.
 */
export function platformStats(
  copy: PlatformCopy,
  profile: PlatformProfile | null,
  rate: number | null = null,
): Stat[] {
  const followers = profile?.followers ?? null;
  return [
    {
      label: 'Followers',
      value: followers === null ? copy.samples.followers : formatCount(followers),
      sample: followers === null,
    },
    engagementStat(copy.samples.engagement, rate),
    { label: 'Growth (30 days)', value: copy.samples.growth, sample: true },
  ];
}

/** Engagement Rate: the measured one (percent, one decimal) or the labelled sample. */
export function engagementStat(sample: string, rate: number | null): Stat {
  return rate === null
    ? { label: 'Engagement Rate', value: sample, sample: true }
    : { label: 'Engagement Rate', value: `${rate}%`, sample: false };
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
