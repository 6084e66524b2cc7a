import { AlertCircle, Ban, CheckCircle2, Loader2 } from 'lucide-react';
import { Button } from '@core/ui/button';
import { cn } from '@core/ui/cn';
import type { RenderJob } from '../api/render-jobs';
import { formatEta, renderBanner } from '../utils/render-banner';

const TONES = {
  info: 'border-sky-500/40 bg-sky-500/10 text-sky-900 dark:text-sky-100',
  success: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-900 dark:text-emerald-100',
  error: 'border-destructive/40 bg-destructive/10 text-destructive',
  neutral: 'border-border bg-muted/60 text-foreground',
} as const;

/** The latest render job of the project, with progress, the time left and Cancel while this tab renders it. */
export function RenderBanner({
  job,
  stage,
  etaSec = null,
  onCancel,
}: {
  job: RenderJob;
  stage: string | null;
  etaSec?: number | null;
  onCancel: (() => void) | null;
}) {
  const { text, tone } = renderBanner(job);
  const Icon =
    tone === 'success'
      ? CheckCircle2
      : tone === 'error'
        ? AlertCircle
        : tone === 'neutral'
          ? Ban
          : Loader2;
  const processing = job.status === 'processing';
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex flex-col gap-2 rounded-lg border px-4 py-3 text-sm', TONES[tone])}
    >
      <div className="flex items-center gap-2">
        <Icon className={cn('size-4 shrink-0', processing && 'animate-spin')} aria-hidden="true" />
        <p className="flex-1 font-medium">{text}</p>
        {processing && onCancel ? (
          <Button variant="outline" size="sm" onClick={onCancel}>
            Cancel render
          </Button>
        ) : null}
      </div>
      {processing ? (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label="Render progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(job.progress)}
            className="h-2 flex-1 overflow-hidden rounded-full bg-background/60"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-300"
              style={{ width: `${job.progress}%` }}
            />
          </div>
          <span className="min-w-28 text-right text-xs tabular-nums">
            {Math.round(job.progress)}%{stage ? ` · ${stage}` : ''}
            {etaSec !== null ? ` · ${formatEta(etaSec)}` : ''}
          </span>
        </div>
      ) : null}
      {processing && !onCancel ? (
        <p className="text-xs opacity-80">
          This render runs in another tab or window. Keep it open until it finishes.
        </p>
      ) : null}
    </div>
  );
}
