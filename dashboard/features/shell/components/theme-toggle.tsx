import { Moon, Sun } from 'lucide-react';
import { cn } from '@core/ui/cn';
import { useTheme } from '@/lib/theme';
import { sidebarButtonClasses } from './sidebar-button';
import { SidebarTooltip } from './sidebar-tooltip';

/** Switches between light and dark (a 'system' user lands on the opposite of what they see now). */
export function ThemeToggle({ collapsed }: { collapsed: boolean }) {
  const { resolvedTheme, toggleTheme } = useTheme();
  const label = resolvedTheme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  const Icon = resolvedTheme === 'dark' ? Sun : Moon;
  return (
    <SidebarTooltip label={label} enabled={collapsed}>
      <button type="button" onClick={toggleTheme} className={sidebarButtonClasses({ collapsed })}>
        <Icon aria-hidden="true" />
        <span className={cn('truncate', collapsed && 'sr-only')}>{label}</span>
      </button>
    </SidebarTooltip>
  );
}
