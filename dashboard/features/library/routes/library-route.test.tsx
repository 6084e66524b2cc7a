// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toGeneration } from '@core/data/generation';
import type { LiveState } from '@core/react/use-live';
import type { GenerationsFeed, LibraryItem, TypeFilter } from '../api/get-generations';

const items: LibraryItem[] = [
  toGeneration('a', {
    type: 'image',
    title: 'Red fox in snow',
    prompt: 'A red fox in fresh snow',
    thumbnailUrl: null,
    originalUrl: 'https://o/a',
    contentType: 'image/png',
    createdAt: new Date(),
  }),
  toGeneration('b', {
    type: 'video',
    title: 'Waves at dawn',
    prompt: 'Slow waves, golden light',
    thumbnailUrl: null,
    originalUrl: 'https://o/b',
    contentType: 'video/mp4',
    createdAt: new Date(),
  }),
  toGeneration('c', {
    type: 'audio',
    title: 'Calm piano',
    prompt: 'calm piano with rain',
    thumbnailUrl: null,
    originalUrl: 'https://o/c',
    contentType: 'audio/mpeg',
    createdAt: new Date(),
  }),
];

let feed: Partial<GenerationsFeed> = {};
const useGenerations = vi.fn((type: TypeFilter): GenerationsFeed => ({
  status: 'ready',
  items: type === 'all' ? items : items.filter((i) => i.type === type),
  hasMore: false,
  loadingMore: false,
  error: null,
  moreError: null,
  loadMore: vi.fn(),
  remove: vi.fn(),
  retry: vi.fn(),
  ...feed,
}));
vi.mock('../api/get-generations', async (load) => ({
  ...(await load<object>()),
  useGenerations: (type: TypeFilter) => useGenerations(type),
}));
let linked: LiveState<LibraryItem | null> = { status: 'loading', retry: vi.fn() };
const useGeneration = vi.fn((_id: string | null) => linked);
vi.mock('../api/get-generation', () => ({
  useGeneration: (id: string | null) => useGeneration(id),
}));
vi.mock('../api/delete-generation', () => ({
  useDeleteGeneration: () => ({ remove: vi.fn(), isPending: false }),
}));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

const { LibraryRoute } = await import('./library-route');

beforeAll(() => {
  // jsdom has no layout: give the grid a width and stub the observers it uses. Vitest takes both back
  // after the file (tests/unit/support/fresh-modules.ts), so the next file in the worker sees jsdom's own.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(960);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

beforeEach(() => {
  feed = {};
  linked = { status: 'loading', retry: vi.fn() };
  useGenerations.mockClear();
  useGeneration.mockClear();
});
afterEach(cleanup);

function show(url = '/library') {
  const router = createMemoryRouter([{ path: '/library', element: <LibraryRoute /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const cards = () =>
  within(screen.getByRole('list', { name: 'Projects' }))
    .queryAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));

describe('LibraryRoute', () => {
  it('shows every project, newest first, with Download and Delete', () => {
    show();
    expect(cards()).toEqual(['Red fox in snow', 'Waves at dawn', 'Calm piano']);
    expect(screen.getByRole('button', { name: 'Download Red fox in snow' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Calm piano' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New Project' }).getAttribute('href')).toBe('/create');
  });

  it('marks a video tile as a video, and only that one', () => {
    show();
    expect(
      within(screen.getByRole('article', { name: 'Waves at dawn' })).getByTestId('video-badge')
        .textContent,
    ).toBe('Video');
    expect(screen.getAllByTestId('video-badge')).toHaveLength(1);
  });

  it('shows 6 skeletons while loading', () => {
    feed = { status: 'loading', items: [] };
    show();
    expect(
      screen
        .getByRole('status', { name: 'Loading projects' })
        .querySelectorAll('[data-testid="skeleton"]').length,
    ).toBeGreaterThanOrEqual(6);
    expect(screen.getByRole('status', { name: 'Loading projects' }).children).toHaveLength(6);
  });

  it('filters by title and prompt once typing pauses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const router = show();
      await userEvent.type(screen.getByLabelText('Search projects'), 'rain');
      expect(cards()).toHaveLength(3);
      await act(() => vi.advanceTimersByTimeAsync(300));
      expect(cards()).toEqual(['Calm piano']);
      expect(router.state.location.search).toBe('?q=rain');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says No projects found when nothing matches, and clears the filters', async () => {
    show('/library?q=tokyo');
    expect(await screen.findByText('No projects found')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('article', { name: 'Waves at dawn' })).toBeTruthy();
  });

  it('offers a link to /create when the library is empty', () => {
    feed = { items: [] };
    show();
    expect(screen.getByText('No projects found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a project' }).getAttribute('href')).toBe(
      '/create',
    );
  });

  it('filters by type through the feed query', async () => {
    const router = show();
    await userEvent.click(screen.getByRole('radio', { name: 'Videos' }));
    expect(useGenerations).toHaveBeenLastCalledWith('video');
    expect(cards()).toEqual(['Waves at dawn']);
    expect(router.state.location.search).toBe('?type=video');
  });

  it('keeps paging through older projects while a search has few matches', async () => {
    const loadMore = vi.fn();
    feed = { hasMore: true, loadMore };
    show('/library?q=fox');
    expect(loadMore).toHaveBeenCalledWith(100);
    expect(
      screen.getByText(/Searching your library… 3 projects checked, 1 found so far/),
    ).toBeTruthy();
  });

  it('asks for the delete confirmation', async () => {
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Waves at dawn' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure?')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'This action cannot be undone. This will permanently delete your project.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('shows the item a link points at (?item=) above the feed, and Close shows the library alone', async () => {
    linked = { status: 'success', data: items[1]!, retry: vi.fn() };
    const router = show('/library?item=b');
    expect(useGeneration).toHaveBeenCalledWith('b');
    const region = screen.getByRole('region', { name: 'Linked project' });
    expect(within(region).getByText('Waves at dawn')).toBeTruthy();
    await userEvent.click(within(region).getByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('region', { name: 'Linked project' })).toBeNull();
  });

  it('says when the linked item is no longer in the library', () => {
    linked = { status: 'success', data: null, retry: vi.fn() };
    show('/library?item=gone');
    expect(
      within(screen.getByRole('region', { name: 'Linked project' })).getByText(
        'This project is no longer in your library.',
      ),
    ).toBeTruthy();
  });

  it('ignores an item id that cannot be a document id', () => {
    show('/library?item=a%2Fb');
    expect(useGeneration).toHaveBeenCalledWith(null);
    expect(screen.queryByRole('region', { name: 'Linked project' })).toBeNull();
  });
});
