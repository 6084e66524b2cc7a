import { CircleAlert, CircleCheck, CircleDashed, Link2 } from 'lucide-react';
import { cn } from '@core/ui/cn';

const styles = {
  configured: 'border-success/30 bg-success/10 text-success',
  connected: 'border-primary/30 bg-primary/10 text-primary',
  empty: 'border-border bg-muted text-muted-foreground',
  attention: 'border-destructive/40 bg-destructive/10 text-destructive',
} as const;

const icons = {
  configured: CircleCheck,
  connected: Link2,
  empty: CircleDashed,
  attention: CircleAlert,
} as const;

export function StatusBadge({ kind, children }: { kind: keyof typeof styles; children: string }) {
  const Icon = icons[kind];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
        styles[kind],
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {children}
    </span>
  );
}
