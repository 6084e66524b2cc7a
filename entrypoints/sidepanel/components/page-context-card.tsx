import { RefreshCw } from 'lucide-react';
import { usePageContext } from '../hooks/use-page-context';
import { buttonClass, Section } from './ui';

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
        <button type="button" onClick={page.refresh} className={buttonClass.ghost}>
          <RefreshCw aria-hidden="true" className="size-3.5" />
          Refresh
        </button>
      }
    >
      {page.status === 'loading' ? (
        <div className="space-y-2" aria-hidden="true">
          <div className="h-4 w-3/4 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
        </div>
      ) : page.context ? (
        <div className="space-y-2 text-sm">
          <div className="min-w-0">
            <p className="truncate font-medium" title={page.context.title}>
              {page.context.title}
            </p>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{hostOf(page.context.url)}</p>
          </div>
          {page.context.selection ? (
            <blockquote aria-label="Selected text" className="line-clamp-4 border-l-2 border-zinc-300 pl-2 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
              {page.context.selection}
            </blockquote>
          ) : (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">Select text on the page to use it here.</p>
          )}
          {page.context.images.length > 0 && (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {page.context.images.length === 1 ? '1 image' : `${page.context.images.length} images`} on this page
            </p>
          )}
        </div>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">This page can&apos;t be read. Open a web page to use its content here.</p>
      )}
    </Section>
  );
}
