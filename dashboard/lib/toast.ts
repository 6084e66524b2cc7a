import { useSyncExternalStore } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** One button in the toast, e.g. 'Open Integrations' when a key is missing. */
  action?: { label: string; onClick: () => void };
}

// sonner and its Toaster load with the first toast, not with the first page (`npm run bench --
// first-page-js`). A toast waits until the Toaster is mounted and listening: sonner drops toasts
// published before that.
let wanted = false;
let ready: Promise<void> | null = null;
let resolveReady: () => void = () => undefined;
const listeners = new Set<() => void>();

function whenToasterReady(): Promise<void> {
  if (!ready) {
    ready = new Promise<void>((resolve) => (resolveReady = resolve));
    wanted = true;
    for (const listener of listeners) listener();
  }
  return ready;
}

/** True once a toast has been asked for: the app then mounts the lazily loaded Toaster (app/provider.tsx). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

/** The Toaster's wrapper calls this once mounted (after the Toaster's own effects have subscribed it). */
export function markToasterMounted(): void {
  void whenToasterReady();
  resolveReady();
}

/** Shows a toast. One is visible at a time (toast limit 1, core/constants.ts); destructive ones read as errors. */
export function toast({ title, description, variant = 'default', action }: ToastInput): void {
  const options = { ...(description ? { description } : {}), ...(action ? { action } : {}) };
  void Promise.all([import('sonner'), whenToasterReady()]).then(([{ toast: sonner }]) => {
    if (variant === 'destructive') sonner.error(title, options);
    else sonner(title, options);
  });
}
