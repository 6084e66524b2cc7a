// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SidebarNav } from './sidebar-nav';

function renderAt(path: string, collapsed = false) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SidebarNav collapsed={collapsed} />
    </MemoryRouter>,
  );
}

describe('SidebarNav', () => {
  afterEach(cleanup);

  it('marks the page and its section as current', () => {
    renderAt('/create/video');
    expect(
      screen.getByRole('link', { name: 'Video Generation' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByRole('link', { name: 'Create' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('lights Dashboard only on the home page', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getAllByRole('link').filter((l) => l.hasAttribute('aria-current'))).toHaveLength(
      1,
    );
  });

  it('folds a section away and back with its chevron', () => {
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Hide Social Media pages' }));
    expect(screen.queryByRole('link', { name: 'Reddit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show Social Media pages' }));
    expect(screen.getByRole('link', { name: 'Reddit' })).toBeTruthy();
  });

  it('in icon mode keeps the names for assistive tech, hides sub-pages and shows a tooltip at once on hover', () => {
    renderAt('/library', true);
    expect(screen.queryByRole('link', { name: 'Image Generation' })).toBeNull();
    const library = screen.getByRole('link', { name: 'Library' });
    fireEvent.pointerEnter(library.parentElement!);
    expect(screen.getByRole('tooltip').textContent).toBe('Library');
    fireEvent.pointerLeave(library.parentElement!);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows no tooltips while expanded', () => {
    renderAt('/library');
    fireEvent.pointerEnter(screen.getByRole('link', { name: 'Library' }).parentElement!);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
