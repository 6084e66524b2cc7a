import { cn } from '@core/ui/cn';

/** Looks shared by every row of the sidebar (links, footer buttons, the user menu). */
export function sidebarButtonClasses({
  collapsed,
  active = false,
  className,
}: {
  collapsed: boolean;
  active?: boolean;
  className?: string;
}): string {
  return cn(
    'flex w-full items-center gap-2 overflow-hidden rounded-md text-left text-sm outline-none transition-colors',
    'text-sidebar-foreground/80 hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
    'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
    '[&_svg]:size-4 [&_svg]:shrink-0',
    collapsed ? 'size-8 justify-center p-2' : 'h-9 px-2.5',
    active && 'bg-sidebar-accent font-medium text-sidebar-accent-foreground',
    className,
  );
}
