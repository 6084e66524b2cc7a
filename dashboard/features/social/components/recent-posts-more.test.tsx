// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { toSocialPost } from '@core/social-posts';
import { postDoc, timestampOf } from '../test-support';

// Recent Posts shows the newest page (5) and Show more asks for one more page at a time, never all of them.

const store = vi.hoisted(() => ({ total: 12, asked: [] as number[] }));

// The query as data: what useUserQuery's builder asked for.
vi.mock('firebase/firestore', () => ({
  collection: (_db: unknown, path: string) => ({ path }),
  query: (...parts: object[]) => Object.assign({}, ...parts),
  where: (field: string, op: string, value: unknown) => ({ where: [field, op, value] }),
  orderBy: (field: string, dir: string) => ({ orderBy: [field, dir] }),
  limit: (n: number) => ({ limit: n }),
}));
vi.mock('@/lib/live', async () => {
  const { useMemo } = await import('react');
  return {
    useUserQuery: (
      build: (db: unknown, uid: string) => { limit: number },
      convert: typeof toSocialPost,
    ) => {
      const asked = build('db', 'u1').limit;
      return useMemo(() => {
        store.asked.push(asked);
        const docs = Array.from({ length: Math.min(asked, store.total) }, (_, i) =>
          postDoc(`p${i + 1}`, {
            status: 'published',
            text: `Post number ${i + 1}`,
            createdAt: timestampOf(`2026-11-${String(23 - i).padStart(2, '0')}T10:00:00Z`),
          }),
        );
        return {
          status: 'success',
          data: docs.map((d) => convert(d.id, d.data)),
          retry: () => undefined,
        };
      }, [asked, convert]);
    },
  };
});
vi.mock('@/lib/call', async (load) => ({
  ...(await load<object>()),
  useCall: () => ({ run: () => Promise.resolve(), isPending: false }),
}));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));

const { usePagedRecentPosts } = await import('../api/social-posts');
const { RecentPosts } = await import('./recent-posts');

function Posts() {
  const { posts, showMore } = usePagedRecentPosts('x');
  return (
    <RecentPosts
      posts={posts}
      timeZone="Europe/Berlin"
      onRetried={() => undefined}
      onShowMore={showMore}
    />
  );
}

const shown = () =>
  within(screen.getByRole('region', { name: 'Recent Posts' })).getAllByText(/^Post number/).length;

describe('Recent Posts paging', () => {
  afterEach(() => {
    cleanup();
    store.asked = [];
  });

  it('shows the 5 newest, then 5 more a click, and no Show more once all are there', async () => {
    store.total = 12;
    render(<Posts />);
    expect(shown()).toBe(5);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(shown()).toBe(10));
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(shown()).toBe(12));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect([...new Set(store.asked)]).toEqual([5, 10, 15]);
  });

  it('offers no Show more when there are fewer posts than a page', () => {
    store.total = 3;
    render(<Posts />);
    expect(shown()).toBe(3);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
