import {
  metricLabel,
  metricWindowLabels,
  metricWindows,
  postMetricKeys,
  type PostMetricKey,
  type PostMetrics,
} from '@core/post-metrics';
import type { PublishPlatform } from '@core/social-posts';

// A post's snapshots as small bar charts, one per figure (each on its own scale: views run far above
// comments), a bar per window with its value written on it. Each chart's accessible name reads every value.

const numberFormat = new Intl.NumberFormat('en-US');
export function formatFigure(key: PostMetricKey, value: number): string {
  return key === 'upvoteRatio' ? `${Math.round(value * 100)}%` : numberFormat.format(value);
}

const WIDTH = 168;
const HEIGHT = 80;
const BAR = 36;
const GAP = 18;
const TOP = 18;
const BASELINE = 58;

export function ResultsChart({
  platform,
  metrics,
}: {
  platform: PublishPlatform;
  metrics: PostMetrics;
}) {
  const keys = postMetricKeys.filter((k) =>
    metricWindows.some((w) => metrics[w]?.counts[k] !== undefined),
  );
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Results by figure">
      {keys.map((key) => {
        const values = metricWindows.map((w) => metrics[w]?.counts[key]);
        const max = Math.max(1, ...values.map((v) => Math.abs(v ?? 0)));
        const label = metricLabel(platform, key);
        const summary = `${label}: ${metricWindows.map((w, i) => `${metricWindowLabels[w]} ${values[i] === undefined ? 'not yet' : formatFigure(key, values[i])}`).join(', ')}`;
        return (
          <li key={key} className="grid min-w-0 gap-1">
            <span className="truncate text-xs font-medium">{label}</span>
            <svg
              role="img"
              aria-label={summary}
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              className="h-auto w-full max-w-56"
            >
              <line
                x1="0"
                x2={WIDTH}
                y1={BASELINE}
                y2={BASELINE}
                className="stroke-border"
                strokeWidth="1"
              />
              {metricWindows.map((w, i) => {
                const value = values[i];
                const x = GAP / 2 + i * (BAR + GAP) + 4;
                const height =
                  value === undefined ? 0 : Math.max(2, (Math.abs(value) / max) * (BASELINE - TOP));
                return (
                  <g key={w}>
                    {value === undefined ? null : (
                      <rect
                        x={x}
                        y={BASELINE - height}
                        width={BAR}
                        height={height}
                        rx="3"
                        className={i === 2 ? 'fill-primary' : 'fill-primary/60'}
                      />
                    )}
                    <text
                      x={x + BAR / 2}
                      y={value === undefined ? BASELINE - 4 : BASELINE - height - 4}
                      textAnchor="middle"
                      className="fill-foreground text-[13px] tabular-nums"
                      aria-hidden="true"
                    >
                      {value === undefined ? '—' : formatFigure(key, value)}
                    </text>
                    <text
                      x={x + BAR / 2}
                      y={HEIGHT - 6}
                      textAnchor="middle"
                      className="fill-muted-foreground text-[11px]"
                      aria-hidden="true"
                    >
                      {w}
                    </text>
                  </g>
                );
              })}
            </svg>
          </li>
        );
      })}
    </ul>
  );
}
