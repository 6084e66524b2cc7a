import { RefreshCw } from 'lucide-react';
import { usePageContext } from '../hooks/use-page-context';
import { Button } from '@core/ui/button';
import { Skeleton } from '@core/ui/skeleton';
import { Section } from './ui';

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** What the extension can read from the page in the active tab. */
export function PageContextCard() {
  const page = usePageContext();
  return (
    <Section
      title="This page"
      id="page-context"
      aria-busy={page.status === 'loading'}
      action={
        <Button variant="ghost" size="xs" onClick={page.refresh}>
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      }
    >
      {page.status === 'loading' ? (
        <div className="space-y-2" aria-hidden="true">
          <Skeleton className="h-4 w-3/4 rounded" />
          <Skeleton className="h-3 w-1/2 rounded" />
        </div>
      ) : page.context ? (
        <div className="space-y-2 text-sm">
          <div className="min-w-0">
            <p className="truncate font-medium" title={page.context.title}>
              {page.context.title}
            </p>
            <p className="truncate text-xs text-muted-foreground">{hostOf(page.context.url)}</p>
          </div>
          {page.context.selection ? (
            <blockquote aria-label="Selected text" className="line-clamp-4 border-l-2 border-border pl-2 text-foreground/80">
              {page.context.selection}
            </blockquote>
          ) : (
            <p className="text-xs text-muted-foreground">Select text on the page to use it here.</p>
          )}
          {page.context.images.length > 0 && <p className="text-xs text-muted-foreground">{page.context.images.length === 1 ? '1 image' : `${page.context.images.length} images`} on this page</p>}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">This page can&apos;t be read. Open a web page to use its content here.</p>
      )}
    </Section>
  );
}
