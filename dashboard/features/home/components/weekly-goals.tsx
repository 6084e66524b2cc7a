import { Sparkles, Target } from 'lucide-react';
import { Link } from 'react-router-dom';
import { WEEKLY_GOALS } from '@core/constants';
import { paths } from '@core/routes';
import { buttonClasses } from '@core/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { Skeleton } from '@core/ui/skeleton';
import { useWeeklyContentCount } from '../api/get-weekly-content-count';
import { goalPercent } from '../utils/stats';
import { ProgressBar } from './progress-bar';
import { engagementRate, NO_RESULTS_YET } from '@core/post-metrics';
import { usePublishedPosts } from '../api/get-social-results';

function goalMessage(done: number, target: number): string {
  if (done >= target) return 'Goal reached. Anything more is a bonus.';
  const left = target - done;
  return `${left} more ${left === 1 ? 'piece' : 'pieces'} to reach this week's goal.`;
}

export function WeeklyGoals() {
  const weekly = useWeeklyContentCount();
  const target = WEEKLY_GOALS.contentTarget;
  // Engagements per impression of the published posts' newest snapshots (core/post-metrics.ts).
  const published = usePublishedPosts();
  const rate = published.status === 'success' ? engagementRate(published.data) : null;
  return (
    // A column like Social Media Overview beside it: the action sits at the bottom, so a card stretched to
    // its neighbour's height has no empty half.
    <Card role="region" aria-labelledby="weekly-goals-title" className="flex flex-col">
      <CardHeader>
        <CardTitle id="weekly-goals-title" className="flex items-center gap-2 text-base">
          <Target className="size-4 text-primary" aria-hidden="true" />
          Weekly Goals
        </CardTitle>
        <CardDescription>Your progress since Monday.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-6">
        <div className="space-y-2">
          <div className="flex items-center justify-between text-sm">
            <span className="font-medium">Content Created</span>
            {weekly.status === 'loading' ? (
              <Skeleton className="h-4 w-12" />
            ) : (
              <span className="text-muted-foreground tabular-nums">
                {weekly.status === 'success' ? `${weekly.data}/${target}` : `—/${target}`}
              </span>
            )}
          </div>
          <ProgressBar
            label="Content Created"
            value={weekly.status === 'success' ? goalPercent(weekly.data, target) : 0}
          />
          {weekly.status === 'success' ? (
            <p className="text-xs text-muted-foreground">{goalMessage(weekly.data, target)}</p>
          ) : null}
        </div>
        <div className="space-y-2">
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="font-medium">Engagement Rate</span>
            {published.status === 'loading' ? (
              <Skeleton className="h-4 w-12" />
            ) : (
              <span className="text-muted-foreground tabular-nums">
                {rate === null ? '—' : `${rate}%`}
              </span>
            )}
          </div>
          <ProgressBar label="Engagement Rate" value={rate === null ? 0 : Math.min(100, rate)} />
          {published.status === 'success' && rate === null ? (
            <p className="text-xs text-muted-foreground">{NO_RESULTS_YET}</p>
          ) : null}
        </div>
        <Link
          to={paths.create}
          className={buttonClasses('outline', 'default', 'mt-auto w-full sm:w-auto sm:self-start')}
        >
          <Sparkles aria-hidden="true" />
          Create Content
        </Link>
      </CardContent>
    </Card>
  );
}
