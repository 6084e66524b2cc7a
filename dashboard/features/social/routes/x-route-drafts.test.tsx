// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from '@core/data/draft';

// A draft from the side panel opens in the X composer from ?draft=ID, and Save as draft writes back into it.

const state = vi.hoisted(() => ({ drafts: new Map<string, unknown>(), writes: [] as unknown[][], deleted: [] as string[] }));

vi.mock('@/lib/call', async (load) => {
  const actual = await load<object>();
  const call = (name: string) =>
    name === 'publishPost' ? Promise.resolve({ postId: 'p1', status: 'queued' }) : Promise.resolve({ platform: 'x', name: '@muse', followers: 1, following: 1, posts: 1, authors: [] });
  return { ...actual, call, useCall: (name: string) => ({ run: () => call(name), isPending: false }) };
});
vi.mock('@/lib/live', () => ({
  useUserQuery: () => ({ status: 'success', data: [], retry: () => undefined }),
  useUserCollection: () => ({ state: { status: 'loading' }, retry: () => undefined }),
  useUserDoc: () => ({ status: 'loading', retry: () => undefined }),
}));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {}, db: 'db' }) }));
vi.mock('@/lib/toast', () => ({ toast: () => undefined }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('../api/drafts', () => ({
  usePlatformDrafts: () => ({ status: 'success', data: [...state.drafts.values()], retry: () => undefined }),
  useDraftDoc: (id: string | null) => ({ status: 'success', data: (id && state.drafts.get(id)) ?? null, retry: () => undefined }),
}));
vi.mock('@core/firebase/drafts', () => ({
  newDraftId: () => 'new1',
  DraftsFullError: class extends Error {},
  writeDraft: async (...args: unknown[]) => {
    state.writes.push(args);
    return args[2];
  },
  deleteDraft: async (_db: unknown, _uid: string, id: string) => {
    state.deleted.push(id);
  },
}));

const { XRoute } = await import('./x-route');

const panelDraft: Draft = {
  id: 'd1',
  platform: 'x',
  text: 'Written in the side panel',
  title: '',
  subreddit: '',
  flair: '',
  author: '',
  media: [{ generationId: 'g1', title: 'Harbour at dawn', contentType: 'image/png', sizeBytes: 2048, thumbnailUrl: null }],
  sourceUrl: 'https://example.com/tides',
  createdAt: new Date('2026-11-23T10:00:00Z'),
  updatedAt: new Date('2026-11-23T10:05:00Z'),
};

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <XRoute />
      <Address />
    </MemoryRouter>,
  );
}

describe('drafts in the X composer', () => {
  beforeEach(() => {
    state.drafts = new Map([['d1', panelDraft]]);
    state.writes = [];
    state.deleted = [];
  });
  afterEach(cleanup);

  it('opens the draft named in the address with its text and media', async () => {
    renderAt('/social/x?draft=d1');
    await waitFor(() => expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe('Written in the side panel'));
    expect(within(screen.getByRole('list', { name: 'Attached media' })).getByText('Harbour at dawn')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Drafts' }))
        .getByRole('link', { name: /Written in the side panel/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    // The first render of the page pays for its imports: slow on a loaded machine.
  }, 15_000);

  it('saves the edited text and media back into the open draft', async () => {
    renderAt('/social/x?draft=d1');
    await waitFor(() => expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe('Written in the side panel'));
    fireEvent.change(screen.getByLabelText('Post Content'), { target: { value: 'Finished in the dashboard' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(state.writes).toHaveLength(1));
    const [, uid, id, fields, created] = state.writes[0]!;
    expect({ uid, id, created }).toEqual({ uid: 'u1', id: 'd1', created: true });
    expect(fields).toMatchObject({
      platform: 'x',
      text: 'Finished in the dashboard',
      sourceUrl: 'https://example.com/tides',
      media: [expect.objectContaining({ generationId: 'g1', contentType: 'image/png', sizeBytes: 2048 })],
    });
  });

  it('saves a new draft and leaves the composer clear for the next post', async () => {
    renderAt('/social/x');
    fireEvent.change(screen.getByLabelText('Post Content'), { target: { value: 'Started here' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(state.writes[0]!.slice(1, 3)).toEqual(['u1', 'new1']);
    expect(state.writes[0]![4]).toBe(false);
    await waitFor(() => expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe(''));
    await waitFor(() => expect(screen.getByLabelText('Address').textContent).toBe('/social/x'));
  });

  it('keeps a saved draft when a different post written after it goes out', async () => {
    renderAt('/social/x?draft=d1');
    await waitFor(() => expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe('Written in the side panel'));
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(state.writes).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('Address').textContent).toBe('/social/x'));
    await waitFor(() => expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe(''));
    // The text empties once the draft is saved; the composer remounts without its media once the address lets go of it.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Attached media' })).toBeNull());
    fireEvent.change(screen.getByLabelText('Post Content'), { target: { value: 'Something else entirely' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe(''));
    expect(state.deleted).toEqual([]);
    // Two round trips through the page: slow on a loaded machine.
  }, 15_000);

  it('deletes the draft once it is posted', async () => {
    renderAt('/social/x?draft=d1');
    await waitFor(() => expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe('Written in the side panel'));
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(state.deleted).toEqual(['d1']));
    await waitFor(() => expect(screen.getByLabelText('Address').textContent).toBe('/social/x'));
  });
});
