import { CircleCheck, CircleX, Clock, TriangleAlert, WifiOff } from 'lucide-react';
import type { KeyTestStatus } from '@core/integrations';
import { cn } from '@core/ui/cn';
import { keyVerdict, type VerdictTone } from '../utils/key-verdict';

const toneClass: Record<VerdictTone, string> = {
  success: 'border-success/30 bg-success/10 text-success',
  warning: 'border-amber-500/30 bg-amber-500/10 text-amber-700 dark:text-amber-300',
  danger: 'border-destructive/30 bg-destructive/10 text-destructive',
  muted: 'border-border bg-muted text-muted-foreground',
};

const icons = {
  ok: CircleCheck,
  invalid: CircleX,
  no_credit: TriangleAlert,
  rate_limited: Clock,
  unavailable: WifiOff,
} as const;

/** The Test answer under a key: the verdict in words, then the server's advice. */
export function KeyVerdictLine({ status, message }: { status: KeyTestStatus; message: string }) {
  const { title, tone } = keyVerdict(status);
  const Icon = icons[status];
  return (
    <p
      className={cn('flex items-start gap-2 rounded-md border px-3 py-2 text-sm', toneClass[tone])}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <span className="font-semibold">{title}.</span>{' '}
        <span className="text-foreground/80">{message}</span>
      </span>
    </p>
  );
}
