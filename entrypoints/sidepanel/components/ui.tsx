import { BrandMark } from '@core/ui/brand-mark';
import { Card } from '@core/ui/card';
import { cn } from '@core/ui/cn';
import type { ComponentProps, ReactNode } from 'react';

/** A titled card of the panel; the heading names the region for assistive tech. */
export function Section({
  title,
  action,
  children,
  className,
  ...rest
}: { title: string; action?: ReactNode; children: ReactNode } & ComponentProps<'section'>) {
  const headingId = `${rest.id ?? title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section aria-labelledby={headingId} className={className} {...rest}>
      <Card className="rounded-lg p-3">
        <div className="mb-2 flex items-center justify-between gap-2">
          <h2
            id={headingId}
            className="text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {title}
          </h2>
          {action}
        </div>
        {children}
      </Card>
    </section>
  );
}

/** The product's mark and name, as the dashboard's sidebar shows them. */
export function Brand({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-sm font-semibold', className)}>
      <BrandMark className="size-6 rounded-md [&_svg]:size-3.5" />
      Muse Studio
    </span>
  );
}
