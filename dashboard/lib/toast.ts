import { toast as sonner } from 'sonner';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** One button in the toast, e.g. 'Open Integrations' when a key is missing. */
  action?: { label: string; onClick: () => void };
}

/** Shows a toast. One is visible at a time (toast limit 1, core/constants.ts); destructive ones read as errors. */
export function toast({ title, description, variant = 'default', action }: ToastInput): void {
  const options = { ...(description ? { description } : {}), ...(action ? { action } : {}) };
  if (variant === 'destructive') sonner.error(title, options);
  else sonner(title, options);
}
