import { LoaderCircle } from 'lucide-react';

/** What the guard and the sign-in screen show while the session is still being determined. */
export function FullPageLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-svh items-center justify-center gap-3 bg-background text-sm text-muted-foreground"
    >
      <LoaderCircle className="size-5 animate-spin text-primary" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}
