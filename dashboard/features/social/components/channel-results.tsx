import { useId, useMemo } from 'react';
import { bestTimeSlotLabel, bestTimesToPost, type BestTimes } from '@core/best-times';
import { modelOf, NO_RESULTS_YET, resultsByModel, resultsTotals } from '@core/post-metrics';
import { platformFacts, platformLabels } from '@core/platforms';
import type { PublishPlatform } from '@core/social-posts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { Skeleton } from '@core/ui/skeleton';
import { useWorkspaceTimeZone } from '@/lib/scheduling';
import {
  CHANNEL_RESULTS_POSTS,
  measuredPosts,
  useChannelPosts,
  useGenerations,
} from '../api/post-results';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const rateFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** The channel's best weekday hours in the workspace zone, from its own measured posts (core/best-times.ts). */
function BestTimesToPost({
  bestTimes,
  timeZone,
  noViews,
}: {
  bestTimes: BestTimes;
  timeZone: string;
  noViews: string | null;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-1.5">
      <h3 id={titleId} className="text-xs font-medium text-muted-foreground">
        Best times to post{' '}
        <span className="font-normal">({timeZone}, by median engagement per view)</span>
      </h3>
      {noViews ? (
        <p className="text-sm text-muted-foreground">{noViews}</p>
      ) : bestTimes.status === 'ready' ? (
        <ol className="grid gap-1 text-sm">
          {bestTimes.slots.map((slot) => (
            <li key={`${slot.weekday}-${slot.hour}`} className="tabular-nums">
              <span className="font-medium">{bestTimeSlotLabel(slot)}</span> ·{' '}
              {rateFormat.format(slot.engagementRate)} engagement ({slot.posts} posts)
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">
          Not enough results yet: {bestTimes.needed} more measured{' '}
          {bestTimes.needed === 1 ? 'post is' : 'posts are'} needed.
        </p>
      )}
    </section>
  );
}

/** A channel's results: what its measured posts add up to, and which model's media did best. */
export function ChannelResults({ platform }: { platform: PublishPlatform }) {
  const posts = useChannelPosts(platform);
  const measured = useMemo(
    () => (posts.status === 'success' ? measuredPosts(posts.data) : []),
    [posts],
  );
  const generations = useGenerations(
    measured.map((p) => p.media[0]?.generationId).filter((id): id is string => Boolean(id)),
  );
  const models = useMemo(
    () =>
      new Map(
        generations.status === 'success'
          ? generations.data.map((g) => [g.id, modelOf(g.metadata)])
          : [],
      ),
    [generations],
  );
  const totals = resultsTotals(measured);
  const byModel = resultsByModel(
    measured.map((p) => ({
      metrics: p.metrics,
      model: (p.media[0] && models.get(p.media[0].generationId)) ?? null,
    })),
  );
  const timeZone = useWorkspaceTimeZone();
  const bestTimes = useMemo(() => bestTimesToPost(measured, timeZone), [measured, timeZone]);
  const label = platformLabels[platform];
  return (
    <Card role="region" aria-labelledby={`${platform}-results-title`}>
      <CardHeader>
        <CardTitle id={`${platform}-results-title`} className="text-base">
          Results on {label}
        </CardTitle>
        <CardDescription>
          Your {CHANNEL_RESULTS_POSTS} newest posts, each by its latest snapshot from {label}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {posts.status === 'loading' ? (
          <Skeleton className="h-16 w-full" />
        ) : posts.status === 'error' ? (
          <p className="text-sm text-muted-foreground">Couldn't load your results.</p>
        ) : totals.posts === 0 ? (
          <p className="text-sm text-muted-foreground">{NO_RESULTS_YET}</p>
        ) : (
          <>
            {/* Side by side from the sm breakpoint; on a phone each figure is a row, so no label is cut. */}
            <dl className="grid gap-2 sm:grid-cols-3 sm:gap-3">
              {/* Only the figures the platform reports: Reddit gives no impressions, which is not 0. */}
              {(
                [
                  ['Posts measured', totals.posts],
                  ...(totals.viewsReported
                    ? [[platformFacts[platform].viewsLabel, totals.views] as const]
                    : []),
                  ['Engagements', totals.engagements],
                ] as const
              ).map(([name, value]) => (
                <div
                  key={name}
                  className="flex min-w-0 items-baseline justify-between gap-3 rounded-md border px-3 py-2 sm:block sm:p-3"
                >
                  <dt className="text-xs text-muted-foreground sm:truncate">{name}</dt>
                  <dd className="text-lg font-bold tabular-nums sm:text-xl">
                    {numberFormat.format(Number(value))}
                  </dd>
                </div>
              ))}
            </dl>
            <div className="min-w-0 overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="pb-2 text-left text-xs font-medium text-muted-foreground">
                  By model of the media each post carried
                </caption>
                <thead>
                  <tr className="border-b text-left text-xs text-muted-foreground">
                    <th scope="col" className="py-1.5 pr-3 font-medium">
                      Model
                    </th>
                    <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                      Posts
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      Engagements per post
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {byModel.map((row) => (
                    <tr key={row.model} className="border-b last:border-0">
                      <th
                        scope="row"
                        className="max-w-40 truncate py-1.5 pr-3 text-left font-medium"
                      >
                        {row.model}
                      </th>
                      <td className="py-1.5 pr-3 text-right tabular-nums">{row.posts}</td>
                      <td className="py-1.5 text-right tabular-nums">
                        {numberFormat.format(row.engagementsPerPost)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <BestTimesToPost
              bestTimes={bestTimes}
              timeZone={timeZone}
              noViews={
                !totals.viewsReported
                  ? `${label} gave no ${platformFacts[platform].viewsLabel.toLowerCase()} for your posts, so there is no engagement per view to compare.`
                  : null
              }
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
