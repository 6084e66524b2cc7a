import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { ChevronsUpDown, CreditCard, LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@core/routes';
import { useAuth } from '@/lib/auth';
import { cn } from '@core/ui/cn';
import { pickDisplayName, useProfile } from '@/lib/profile';
import { toast } from '@/lib/toast';
import { sidebarButtonClasses } from './sidebar-button';
import { SidebarTooltip } from './sidebar-tooltip';

function initialsOf(name: string): string {
  const parts = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

const itemClasses =
  'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm text-popover-foreground outline-none data-focus:bg-accent data-focus:text-accent-foreground [&_svg]:size-4 [&_svg]:text-muted-foreground';

export function UserMenu({ collapsed, isMobile }: { collapsed: boolean; isMobile: boolean }) {
  const { user, signOut } = useAuth();
  const { profile } = useProfile();
  const navigate = useNavigate();
  const name = pickDisplayName(profile.displayName, user?.displayName, user?.email);
  const email = user?.email ?? '';

  const logout = async () => {
    try {
      await signOut();
      toast({
        title: 'Logged out successfully',
        description: 'You have been logged out of your account',
      });
      navigate(paths.auth, { replace: true });
    } catch {
      toast({
        title: 'Error logging out',
        description: 'There was a problem logging out. Please try again.',
        variant: 'destructive',
      });
    }
  };

  const avatar = (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-lg bg-primary/10 font-semibold text-primary',
        collapsed ? 'size-6 text-[10px]' : 'size-8 text-xs',
      )}
    >
      {initialsOf(name)}
    </span>
  );

  return (
    <Menu>
      <SidebarTooltip label="User Settings" enabled={collapsed}>
        <MenuButton
          className={sidebarButtonClasses({
            collapsed,
            className: cn(
              !collapsed && 'h-12 px-2',
              collapsed && 'p-1',
              'data-open:bg-sidebar-accent',
            ),
          })}
        >
          {avatar}
          <span className={cn('grid flex-1 text-left leading-tight', collapsed && 'sr-only')}>
            <span className="sr-only">User Settings: </span>
            <span className="truncate text-sm font-medium text-sidebar-foreground">{name}</span>
            <span className="truncate text-xs text-sidebar-muted-foreground">{email}</span>
          </span>
          {collapsed ? null : (
            <ChevronsUpDown aria-hidden="true" className="ml-auto text-sidebar-muted-foreground" />
          )}
        </MenuButton>
      </SidebarTooltip>
      <MenuItems
        anchor={isMobile ? { to: 'top start', gap: 8 } : { to: 'right end', gap: 12 }}
        transition
        className="z-50 min-w-60 rounded-lg border bg-popover p-1 shadow-lg outline-none transition duration-100 data-closed:scale-95 data-closed:opacity-0"
      >
        <div className="flex items-center gap-2 px-2 py-1.5">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-lg bg-primary/10 text-xs font-semibold text-primary"
          >
            {initialsOf(name)}
          </span>
          <span className="grid min-w-0 leading-tight">
            <span className="truncate text-sm font-medium">{name}</span>
            <span className="truncate text-xs text-muted-foreground">{email}</span>
          </span>
        </div>
        <MenuSeparator className="my-1 h-px bg-border" />
        <MenuItem>
          <Link to={paths.settingsPlan} className={itemClasses}>
            <CreditCard aria-hidden="true" />
            Plan Settings
          </Link>
        </MenuItem>
        <MenuSeparator className="my-1 h-px bg-border" />
        <MenuItem>
          <button type="button" onClick={logout} className={itemClasses}>
            <LogOut aria-hidden="true" />
            Logout
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
