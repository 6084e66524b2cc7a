import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';

export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-violet-500 focus-visible:ring-offset-2 focus-visible:ring-offset-zinc-50 dark:focus-visible:ring-offset-zinc-950';

export const buttonClass = {
  primary: clsx(
    'inline-flex w-full items-center justify-center gap-2 rounded-md bg-violet-600 px-3 py-2 text-sm font-medium text-white',
    'hover:bg-violet-700 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-violet-500 dark:hover:bg-violet-400 dark:text-zinc-950',
    focusRing,
  ),
  ghost: clsx(
    'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-zinc-600 hover:bg-zinc-200/70 hover:text-zinc-900',
    'disabled:opacity-60 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100',
    focusRing,
  ),
};

export function Section({ title, action, children, ...rest }: { title: string; action?: ReactNode; children: ReactNode } & ComponentProps<'section'>) {
  const headingId = `${rest.id ?? title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900" {...rest}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function DangerAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200">
      {children}
    </div>
  );
}

export function Brand() {
  return (
    <span className="inline-flex items-center gap-2 text-sm font-semibold">
      <span aria-hidden="true" className="grid size-6 place-items-center rounded-md bg-violet-600 text-xs font-bold text-white dark:bg-violet-500 dark:text-zinc-950">
        M
      </span>
      Muse Studio
    </span>
  );
}
