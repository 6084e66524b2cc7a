import { MessageSquarePlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@core/routes';
import { BrandMark } from '@core/ui/brand-mark';
import { cn } from '@core/ui/cn';
import { sidebarButtonClasses } from './sidebar-button';
import { SidebarFootNav, SidebarNav } from './sidebar-nav';
import { SidebarTooltip } from './sidebar-tooltip';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

/** Brand, navigation and footer; the same in the desktop sidebar and the phone drawer. */
export function SidebarContent({
  collapsed,
  isMobile,
  onNavigate,
  onOpenFeedback,
}: {
  collapsed: boolean;
  isMobile: boolean;
  onNavigate?: () => void;
  onOpenFeedback: () => void;
}) {
  return (
    <div className="flex h-full w-full flex-col overflow-hidden">
      <div className={cn('flex shrink-0 items-center p-2', collapsed ? 'justify-center' : 'px-2')}>
        <SidebarTooltip
          label="Muse Studio"
          enabled={collapsed}
          className={collapsed ? undefined : 'min-w-0 flex-1'}
        >
          <Link
            to={paths.home}
            onClick={onNavigate}
            className={cn(
              'flex items-center gap-2.5 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring',
              collapsed
                ? 'size-8 justify-center'
                : cn('w-full p-1.5 hover:bg-sidebar-accent', isMobile && 'pr-10'),
            )}
          >
            <BrandMark />
            <span className={cn('grid leading-tight', collapsed && 'sr-only')}>
              <span className="truncate text-sm font-semibold text-sidebar-foreground">
                Muse Studio
              </span>
              <span className="truncate text-xs text-sidebar-muted-foreground">
                Create. Edit. Publish.
              </span>
            </span>
          </Link>
        </SidebarTooltip>
      </div>
      <div
        data-sidebar="scroll"
        className={cn('min-h-0 flex-1 overflow-x-hidden overflow-y-auto p-2', collapsed && 'px-2')}
      >
        <SidebarNav collapsed={collapsed} onNavigate={onNavigate} />
      </div>
      <div
        data-sidebar="foot"
        className={cn(
          'flex shrink-0 flex-col gap-0.5 border-t border-sidebar-border p-2',
          collapsed && 'items-center',
        )}
      >
        <SidebarFootNav collapsed={collapsed} onNavigate={onNavigate} />
        <ThemeToggle collapsed={collapsed} />
        <SidebarTooltip label="Send Feedback" enabled={collapsed}>
          <button
            type="button"
            onClick={onOpenFeedback}
            className={sidebarButtonClasses({ collapsed })}
          >
            <MessageSquarePlus aria-hidden="true" />
            <span className={cn('truncate', collapsed && 'sr-only')}>Send Feedback</span>
          </button>
        </SidebarTooltip>
        <div className={cn('mt-1', !collapsed && 'w-full')}>
          <UserMenu collapsed={collapsed} isMobile={isMobile} />
        </div>
      </div>
    </div>
  );
}
