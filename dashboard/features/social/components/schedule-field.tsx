import { useId } from 'react';
import { Input, Label } from '@core/ui/input';

/** Optional Schedule Date: a datetime-local read in the workspace's time zone, whose name shows beside it. */
export function ScheduleField({
  value,
  onChange,
  timeZone,
  error,
  label = 'Schedule Date',
}: {
  value: string;
  onChange: (value: string) => void;
  timeZone: string;
  error: string | null;
  label?: string;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>
        {label} <span className="font-normal text-muted-foreground">(optional)</span>
      </Label>
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center">
        <Input
          id={id}
          type="datetime-local"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-zone${error ? ` ${id}-error` : ''}`}
          className="min-w-0 sm:max-w-64"
        />
        <span id={`${id}-zone`} className="text-xs text-muted-foreground">
          Times in {timeZone}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
