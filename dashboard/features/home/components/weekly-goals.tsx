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
import { SampleBadge } from '@/components/sample-badge';

function goalMessage(done: number, target: number): string {
  if (done >= target) return 'Goal reached. Anything more is a bonus.';
  const left = target - done;
  return `${left} more ${left === 1 ? 'piece' : 'pieces'} to reach this week's goal.`;
}

export function WeeklyGoals() {
  const weekly = useWeeklyContentCount();
  const target = WEEKLY_GOALS.contentTarget;
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
              <span className="text-muted-foreground tabular-nums">{weekly.status === 'success' ? `${weekly.data}/${target}` : `—/${target}`}</span>
            )}
          </div>
          <ProgressBar label="Content Created" value={weekly.status === 'success' ? goalPercent(weekly.data, target) : 0} />
          {weekly.status === 'success' ? <p className="text-xs text-muted-foreground">{goalMessage(weekly.data, target)}</p> : null}
        </div>
        <div className="space-y-2">
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="flex items-center gap-2 font-medium">
              Engagement Rate <SampleBadge />
            </span>
            <span className="text-muted-foreground tabular-nums">{WEEKLY_GOALS.engagementRate}%</span>
          </div>
          <ProgressBar label="Engagement Rate" value={WEEKLY_GOALS.engagementRate} />
        </div>
        <Link to={paths.create} className={buttonClasses('outline', 'default', 'mt-auto w-full sm:w-auto sm:self-start')}>
          <Sparkles aria-hidden="true" />
          Create Content
        </Link>
      </CardContent>
    </Card>
  );
}
