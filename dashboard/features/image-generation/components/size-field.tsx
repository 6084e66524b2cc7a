import { useId } from 'react';
import { IMAGE } from '@core/constants';
import { Input, Label } from '@core/ui/input';

/** A width or height field: free typing, snapped to 512-2048 in steps of 64 when the field is left. */
export function SizeField({
  label,
  value,
  note,
  onChange,
  onCommit,
  disabled,
}: {
  label: 'Width' | 'Height';
  value: string;
  note: string | null;
  onChange: (value: string) => void;
  onCommit: () => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={IMAGE.minSize}
        max={IMAGE.maxSize}
        step={IMAGE.sizeStep}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onCommit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onCommit();
        }}
        aria-describedby={`${id}-note`}
      />
      <p
        id={`${id}-note`}
        aria-live="polite"
        className={
          note
            ? 'text-xs font-medium text-amber-700 dark:text-amber-400'
            : 'text-xs text-muted-foreground'
        }
      >
        {note ?? `${IMAGE.minSize}-${IMAGE.maxSize}, steps of ${IMAGE.sizeStep}`}
      </p>
    </div>
  );
}
