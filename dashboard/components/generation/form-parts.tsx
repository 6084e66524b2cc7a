import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@core/ui/button';
import { Label, Textarea } from '@core/ui/input';

// Form parts every generation page shares: the prompt box with its inline error (and the enhancer under
// it), and the big submit button that reads 'Generating...' while the job runs.

export function PromptField({
  label,
  placeholder,
  value,
  onChange,
  error,
  disabled,
  extra,
  rows = 4,
  maxLength = 4000,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  disabled: boolean;
  /** Under the box: the prompt enhancer, a counter. */
  extra?: ReactNode;
  rows?: number;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={rows}
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="resize-y"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {extra}
    </div>
  );
}

export function GenerateButton({
  busy,
  icon: Icon,
  label,
  disabled,
}: {
  busy: boolean;
  icon: LucideIcon;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Button type="submit" size="lg" className="w-full" loading={busy} disabled={disabled}>
      {busy ? (
        'Generating...'
      ) : (
        <>
          <Icon aria-hidden="true" />
          {label}
        </>
      )}
    </Button>
  );
}
