// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Settings stays in reach on a short screen (1280x800 scrolled it out of view): it sits in the sidebar's
// foot, which never scrolls, not in the page list, which does.

vi.mock('./user-menu', () => ({ UserMenu: () => null }));
vi.mock('./theme-toggle', () => ({ ThemeToggle: () => null }));

const { SidebarContent } = await import('./sidebar-content');

describe('SidebarContent', () => {
  afterEach(cleanup);

  it.each([false, true])(
    'pins Settings at the foot, outside the scrolling list (icon mode %s)',
    (collapsed) => {
      const { container } = render(
        <MemoryRouter initialEntries={['/settings']}>
          <SidebarContent collapsed={collapsed} isMobile={false} onOpenFeedback={() => undefined} />
        </MemoryRouter>,
      );
      const scroll = container.querySelector('[data-sidebar="scroll"]')!;
      const foot = container.querySelector('[data-sidebar="foot"]')!;
      const settings = screen.getByRole('link', { name: 'Settings' });
      expect(scroll.className).toContain('overflow-y-auto');
      expect(foot.contains(settings)).toBe(true);
      expect(scroll.contains(settings)).toBe(false);
      expect(settings.getAttribute('aria-current')).toBe('page');
      expect(screen.getByRole('navigation', { name: 'Account' }).contains(settings)).toBe(true);
    },
  );
});
