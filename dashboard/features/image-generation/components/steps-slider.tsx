import { useId } from 'react';
import { IMAGE } from '@core/constants';
import { Label } from '@core/ui/input';
import { clampSteps } from '../utils/form';

export function StepsSlider({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const pct = ((value - IMAGE.minSteps) / (IMAGE.maxSteps - IMAGE.minSteps)) * 100;
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between">
        <Label htmlFor={id}>Steps</Label>
        <output
          htmlFor={id}
          className="min-w-8 rounded-md bg-muted px-2 py-0.5 text-center text-sm font-medium tabular-nums"
        >
          {value}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={IMAGE.minSteps}
        max={IMAGE.maxSteps}
        step={1}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(clampSteps(Number(e.target.value)))}
        style={{ backgroundSize: `${pct}% 100%` }}
        className="h-2 w-full cursor-pointer appearance-none rounded-full bg-muted bg-gradient-to-r from-primary to-primary bg-no-repeat accent-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 [&::-moz-range-thumb]:size-4 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-primary [&::-moz-range-thumb]:bg-background [&::-webkit-slider-thumb]:size-4 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-primary [&::-webkit-slider-thumb]:bg-background [&::-webkit-slider-thumb]:shadow"
      />
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{IMAGE.minSteps}</span>
        <span>{IMAGE.maxSteps}</span>
      </div>
    </div>
  );
}
