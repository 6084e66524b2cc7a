import type { HTMLAttributes } from 'react';
import { cn } from './cn';

const tones = {
  default: 'border-border bg-muted/50 text-foreground',
  danger: 'border-destructive/40 bg-destructive/10 text-destructive',
} as const;

/** A message box under a form: 'danger' for backend errors, 'default' for success texts. */
export function Alert({
  tone = 'default',
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & { tone?: keyof typeof tones }) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn('rounded-md border px-4 py-3 text-sm', tones[tone], className)}
      {...props}
    />
  );
}
