import { ChevronRight, PanelLeft } from 'lucide-react';
import { Fragment } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { breadcrumbsFor } from '../utils/nav';
import { InboxBell } from './inbox-bell';
import type { SidebarControls } from '../hooks/use-sidebar';

export function TopBar({ sidebar }: { sidebar: SidebarControls }) {
  const { pathname } = useLocation();
  const crumbs = breadcrumbsFor(pathname);
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-4">
      <button
        type="button"
        onClick={sidebar.toggle}
        aria-expanded={sidebar.isMobile ? sidebar.drawerOpen : sidebar.expanded}
        aria-keyshortcuts="Control+B Meta+B"
        title="Toggle Sidebar (Ctrl+B)"
        className="-ml-1 flex size-8 items-center justify-center rounded-md text-foreground/80 transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <PanelLeft className="size-4" aria-hidden="true" />
        <span className="sr-only">Toggle Sidebar</span>
      </button>
      <span aria-hidden="true" className="mr-1 h-4 w-px bg-border" />
      {crumbs.length ? (
        <nav aria-label="Breadcrumb" className="min-w-0">
          <ol className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            {crumbs.map((crumb, i) => {
              const last = i === crumbs.length - 1;
              return (
                <Fragment key={crumb.url}>
                  {i > 0 ? (
                    <li aria-hidden="true" className="flex">
                      <ChevronRight className="size-3.5" />
                    </li>
                  ) : null}
                  <li className="min-w-0 truncate">
                    {last ? (
                      <span aria-current="page" className="font-medium text-foreground">
                        {crumb.title}
                      </span>
                    ) : (
                      <Link
                        to={crumb.url}
                        className="rounded-sm transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      >
                        {crumb.title}
                      </Link>
                    )}
                  </li>
                </Fragment>
              );
            })}
          </ol>
        </nav>
      ) : null}
      <InboxBell />
    </header>
  );
}
