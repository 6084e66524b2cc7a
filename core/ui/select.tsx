import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from './cn';

const classes =
  'flex h-10 w-full appearance-none rounded-md border border-input bg-background bg-[length:1rem] bg-[right_0.75rem_center] bg-no-repeat px-3 py-2 pr-9 text-sm ring-offset-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50';
// A grey chevron that reads in light and dark.
const chevron = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23888' stroke-width='2'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E")`;

/** The native select (keyboard, screen readers and phones for free), styled like the inputs. */
export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function NativeSelect({ className, style, ...props }, ref) {
    return (
      <select
        ref={ref}
        className={cn(classes, className)}
        style={{ backgroundImage: chevron, ...style }}
        {...props}
      />
    );
  },
);
