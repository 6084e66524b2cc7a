import { ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { cn } from '@core/ui/cn';
import {
  FOOT_NAV_ITEMS,
  isNavItemActive,
  NAV_ITEMS,
  navItemCurrent,
  type NavItem,
} from '../utils/nav';
import { sidebarButtonClasses } from './sidebar-button';
import { SidebarTooltip } from './sidebar-tooltip';

function NavEntry({
  item,
  collapsed,
  pathname,
  onNavigate,
}: {
  item: NavItem;
  collapsed: boolean;
  pathname: string;
  onNavigate?: () => void;
}) {
  const active = isNavItemActive(pathname, item.url);
  const [open, setOpen] = useState(true);
  const subId = useId();
  const Icon = item.icon;
  const showSub = Boolean(item.items?.length) && !collapsed && open;

  return (
    <li className="relative">
      <SidebarTooltip label={item.title} enabled={collapsed}>
        <Link
          to={item.url}
          aria-current={navItemCurrent(pathname, item.url)}
          onClick={onNavigate}
          className={sidebarButtonClasses({
            collapsed,
            active,
            className: item.items && !collapsed ? 'pr-9' : undefined,
          })}
        >
          <Icon aria-hidden="true" />
          <span className={cn('truncate', collapsed && 'sr-only')}>{item.title}</span>
        </Link>
      </SidebarTooltip>
      {item.items && !collapsed ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={subId}
          aria-label={`${open ? 'Hide' : 'Show'} ${item.title} pages`}
          onClick={() => setOpen((o) => !o)}
          className="absolute top-1.5 right-1.5 flex size-6 items-center justify-center rounded-md text-sidebar-foreground/60 hover:bg-sidebar-border hover:text-sidebar-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ChevronRight
            aria-hidden="true"
            className={cn('size-4 transition-transform', open && 'rotate-90')}
          />
        </button>
      ) : null}
      {showSub ? (
        <ul
          id={subId}
          className="mt-0.5 mb-1 ml-[1.05rem] flex flex-col gap-0.5 border-l border-sidebar-border pl-2.5"
        >
          {item.items?.map((sub) => {
            const subActive = isNavItemActive(pathname, sub.url);
            return (
              <li key={sub.url}>
                <Link
                  to={sub.url}
                  aria-current={subActive ? 'page' : undefined}
                  onClick={onNavigate}
                  className={cn(
                    'flex h-8 items-center rounded-md px-2.5 text-[13px] text-sidebar-foreground/70 outline-none transition-colors',
                    'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
                    subActive && 'bg-sidebar-accent font-medium text-sidebar-accent-foreground',
                  )}
                >
                  <span className="truncate">{sub.title}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}

export function SidebarNav({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Main" className="flex flex-col gap-1">
      <p
        className={cn(
          'px-2.5 pt-1 pb-1 text-xs font-medium tracking-wide text-sidebar-muted-foreground uppercase',
          collapsed && 'sr-only',
        )}
      >
        Workspace
      </p>
      <NavList items={NAV_ITEMS} collapsed={collapsed} onNavigate={onNavigate} />
    </nav>
  );
}

/** Settings, pinned at the sidebar's foot above the theme and feedback buttons. */
export function SidebarFootNav({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Account" className={cn(!collapsed && 'w-full')}>
      <NavList items={FOOT_NAV_ITEMS} collapsed={collapsed} onNavigate={onNavigate} />
    </nav>
  );
}

function NavList({
  items,
  collapsed,
  onNavigate,
}: {
  items: readonly NavItem[];
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <ul className={cn('flex flex-col gap-0.5', collapsed && 'items-center')}>
      {items.map((item) => (
        <NavEntry
          key={item.url}
          item={item}
          collapsed={collapsed}
          pathname={pathname}
          onNavigate={onNavigate}
        />
      ))}
    </ul>
  );
}
