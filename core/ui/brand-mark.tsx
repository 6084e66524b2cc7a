import { Sparkles } from 'lucide-react';
import { cn } from './cn';

/** Muse Studio's mark: the dashboard's sidebar and the extension's side panel show the same one. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-violet-500 to-fuchsia-500 text-white shadow-sm',
        className,
      )}
    >
      <Sparkles className="size-4" />
    </span>
  );
}
