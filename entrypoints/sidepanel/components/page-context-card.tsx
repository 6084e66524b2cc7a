import { RefreshCw } from 'lucide-react';
import { usePageContext } from '../hooks/use-page-context';
import { Button } from '@core/ui/button';
import { Skeleton } from '@core/ui/skeleton';
import { PageImageThumb } from './page-image-thumb';
import { Section } from './ui';

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** How many of the page's images the card previews. */
const PREVIEW_IMAGES = 4;

/** What the extension can read from the page in the active tab; follows the page live. */
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
      ) : page.context.readable ? (
        <div className="space-y-2 text-sm">
          <div className="min-w-0">
            <p className="truncate font-medium" title={page.context.title}>
              {page.context.title}
            </p>
            <p className="truncate text-xs text-muted-foreground">{hostOf(page.context.url)}</p>
          </div>
          {page.context.description && (
            <p className="line-clamp-2 text-xs text-muted-foreground">{page.context.description}</p>
          )}
          {page.context.selection ? (
            <blockquote
              aria-label="Selected text"
              className="line-clamp-4 border-l-2 border-primary pl-2 text-foreground/80"
            >
              {page.context.selection}
            </blockquote>
          ) : (
            <p className="text-xs text-muted-foreground">Select text on the page to use it here.</p>
          )}
          {page.context.images.length > 0 && (
            <div>
              <ul aria-label="Images on this page" className="grid grid-cols-4 gap-1.5">
                {page.context.images.slice(0, PREVIEW_IMAGES).map((image) => (
                  <li key={image.src} className="aspect-square overflow-hidden rounded-md bg-muted">
                    <PageImageThumb
                      src={image.src}
                      alt={image.alt}
                      title={image.alt || undefined}
                      loading="lazy"
                      referrerPolicy="no-referrer"
                      className="size-full object-cover"
                    />
                  </li>
                ))}
              </ul>
              <p className="mt-1 text-xs text-muted-foreground">
                {page.context.images.length === 1
                  ? '1 image'
                  : `${page.context.images.length} images`}{' '}
                on this page
              </p>
            </div>
          )}
        </div>
      ) : (
        <div className="space-y-1 text-sm">
          {page.context.title && (
            <p className="truncate font-medium" title={page.context.title}>
              {page.context.title}
            </p>
          )}
          <p className="text-muted-foreground">
            {page.context.reason ?? "This page can't be read."}
          </p>
        </div>
      )}
    </Section>
  );
}
