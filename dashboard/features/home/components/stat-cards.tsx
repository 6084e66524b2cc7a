import { AudioLines, Film, ImageIcon, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { GenerationType } from '@core/schemas';
import { Card, CardContent, CardHeader } from '@core/ui/card';
import { Skeleton } from '@core/ui/skeleton';
import { cn } from '@core/ui/cn';
import { useGenerationStats, type PeriodCounts } from '../api/get-generation-stats';
import { formatChange, percentChange } from '../utils/stats';

const CARDS: { type: GenerationType; title: string; icon: LucideIcon; tint: string }[] = [
  {
    type: 'image',
    title: 'Images Generated',
    icon: ImageIcon,
    tint: 'bg-violet-500/10 text-violet-600 dark:text-violet-300',
  },
  {
    type: 'video',
    title: 'Videos Created',
    icon: Film,
    tint: 'bg-sky-500/10 text-sky-600 dark:text-sky-300',
  },
  {
    type: 'audio',
    title: 'Audio Generated',
    icon: AudioLines,
    tint: 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-300',
  },
];

function ChangeLine({ counts }: { counts: PeriodCounts }) {
  const change = percentChange(counts.current, counts.previous);
  const tone =
    change === null || change === 0
      ? 'text-muted-foreground'
      : change > 0
        ? 'text-success'
        : 'text-destructive';
  return (
    <p className="text-xs text-muted-foreground">
      <span className={cn('font-medium', tone)}>{formatChange(change)}</span>{' '}
      {change === null ? 'no earlier data to compare' : 'vs the previous 30 days'}
    </p>
  );
}

function StatCard({
  title,
  icon: Icon,
  tint,
  counts,
  state,
}: {
  title: string;
  icon: LucideIcon;
  tint: string;
  counts?: PeriodCounts;
  state: 'loading' | 'error' | 'success';
}) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} aria-busy={state === 'loading' || undefined}>
      <CardHeader className="flex-row items-start justify-between gap-3 pb-2">
        <div className="space-y-1">
          <h2 id={titleId} className="text-sm font-medium">
            {title}
          </h2>
          <p className="text-xs text-muted-foreground">Last 30 days</p>
        </div>
        <span
          aria-hidden="true"
          className={cn('flex size-9 items-center justify-center rounded-lg', tint)}
        >
          <Icon className="size-4.5" />
        </span>
      </CardHeader>
      <CardContent className="space-y-1">
        {state === 'loading' ? (
          <>
            <Skeleton className="h-8 w-16" />
            <Skeleton className="h-3.5 w-40" />
          </>
        ) : state === 'error' || !counts ? (
          <>
            <p className="text-3xl font-bold tracking-tight">—</p>
            <p className="text-xs text-muted-foreground">Couldn't load this figure.</p>
          </>
        ) : (
          <>
            <p className="text-3xl font-bold tracking-tight tabular-nums">
              {counts.current.toLocaleString()}
            </p>
            <ChangeLine counts={counts} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function StatCards() {
  const stats = useGenerationStats();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {CARDS.map((card) => (
        <StatCard
          key={card.type}
          {...card}
          state={stats.status}
          counts={stats.status === 'success' ? stats.data[card.type] : undefined}
        />
      ))}
    </div>
  );
}
