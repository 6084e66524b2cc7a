import { Description, Field, Label, Switch } from '@headlessui/react';

export function SettingSwitch({
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Field
      disabled={disabled}
      className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0"
    >
      <div className="min-w-0 space-y-0.5">
        <Label className="text-sm font-medium data-disabled:opacity-60">{label}</Label>
        <Description className="text-sm text-muted-foreground">{description}</Description>
      </div>
      <Switch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none data-checked:bg-primary data-disabled:cursor-not-allowed data-disabled:opacity-50"
      >
        <span
          aria-hidden="true"
          className="pointer-events-none block size-5 translate-x-0 rounded-full bg-white shadow-sm ring-0 transition-transform group-data-checked:translate-x-5"
        />
      </Switch>
    </Field>
  );
}
