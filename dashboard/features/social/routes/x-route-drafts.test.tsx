// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toDraft, type Draft } from '@core/data/draft';
import { toGeneration } from '@core/data/generation';

// A draft from the side panel opens in the X composer from ?draft=ID, and Save as draft writes back into it.
// A draft keeps library ids only: what the composer and the Drafts list show about its media comes from the
// library records (useDraftMediaRecords), never from the draft.

const state = vi.hoisted(() => ({
  drafts: new Map<string, unknown>(),
  library: [] as { id: string; data: Record<string, unknown> }[],
  writes: [] as unknown[][],
  deleted: [] as string[],
  published: [] as unknown[],
}));

vi.mock('@/lib/call', async (load) => {
  const actual = await load<object>();
  const call = (name: string, input?: unknown) => {
    if (name === 'publishPost') state.published.push(input);
    return name === 'publishPost'
      ? Promise.resolve({ postId: 'p1', status: 'queued' })
      : Promise.resolve({
          platform: 'x',
          name: '@muse',
          followers: 1,
          following: 1,
          posts: 1,
          authors: [],
        });
  };
  return {
    ...actual,
    call,
    useCall: (name: string) => ({ run: (input: unknown) => call(name, input), isPending: false }),
  };
});
vi.mock('@/lib/live', () => ({
  useUserQuery: () => ({ status: 'success', data: [], retry: () => undefined }),
  useUserCollection: () => ({ state: { status: 'loading' }, retry: () => undefined }),
  useUserDoc: () => ({ status: 'loading', retry: () => undefined }),
}));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {}, db: 'db' }) }));
vi.mock('@/lib/toast', () => ({ toast: () => undefined }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
// Drafts are stored documents, read through the real converter (an older draft keeps maps in `media`).
const asDraft = (id: string) => toDraft(id, state.drafts.get(id));
const converted = new Map<string, unknown>();
const once = <T,>(key: string, make: () => T): T =>
  converted.has(key)
    ? (converted.get(key) as T)
    : (converted.set(key, make()), converted.get(key) as T);
vi.mock('../api/drafts', () => ({
  usePlatformDrafts: () => ({
    status: 'success',
    data: once('list', () => [...state.drafts.keys()].map(asDraft)),
    retry: () => undefined,
  }),
  useDraftDoc: (id: string | null) => ({
    status: 'success',
    data: id && state.drafts.has(id) ? once(`draft:${id}`, () => asDraft(id)) : null,
    retry: () => undefined,
  }),
}));
vi.mock('../api/draft-media', () => ({
  useDraftMediaRecords: (ids: readonly string[]) => ({
    status: 'success',
    data: once(`library:${ids.join(',')}`, () =>
      state.library.filter((r) => ids.includes(r.id)).map((r) => toGeneration(r.id, r.data)),
    ),
    retry: () => undefined,
  }),
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

const panelDraft: Omit<Draft, 'id'> = {
  platform: 'x',
  text: 'Written in the side panel',
  title: '',
  subreddit: '',
  flair: '',
  author: '',
  media: ['g1'],
  sourceUrl: 'https://example.com/tides',
  createdAt: new Date('2026-11-23T10:00:00Z'),
  updatedAt: new Date('2026-11-23T10:05:00Z'),
};

const LIBRARY_PICTURE =
  'http://127.0.0.1:9199/v0/b/demo-muse.appspot.com/o/u1%2Fgenerations%2Fg1.png?alt=media&token=t';
const harbour = {
  type: 'image',
  title: 'Harbour at dawn',
  thumbnailUrl: LIBRARY_PICTURE,
  originalUrl: LIBRARY_PICTURE,
  contentType: 'image/png',
  sizeBytes: 2048,
};
/** A media entry as drafts stored it before they kept ids only: its own title and picture, which are never shown. */
const oldEntry = (generationId: string) => ({
  generationId,
  title: 'Title kept in the draft',
  contentType: 'image/png',
  sizeBytes: 1,
  thumbnailUrl: 'http://127.0.0.1:8080/v0/b/x/o/probe',
});

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
    state.library = [{ id: 'g1', data: harbour }];
    state.writes = [];
    state.deleted = [];
    state.published = [];
    converted.clear();
  });
  afterEach(cleanup);

  it('opens the draft named in the address with its text and media', async () => {
    renderAt('/social/x?draft=d1');
    await waitFor(() =>
      expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe(
        'Written in the side panel',
      ),
    );
    expect(
      within(screen.getByRole('list', { name: 'Attached media' })).getByText('Harbour at dawn'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Drafts' }))
        .getByRole('link', { name: /Written in the side panel/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    // The first render of the page pays for its imports: slow on a loaded machine.
  });

  it('saves the edited text and media back into the open draft', async () => {
    renderAt('/social/x?draft=d1');
    await waitFor(() =>
      expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe(
        'Written in the side panel',
      ),
    );
    fireEvent.change(screen.getByLabelText('Post Content'), {
      target: { value: 'Finished in the dashboard' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(state.writes).toHaveLength(1));
    const [, uid, id, fields, created] = state.writes[0]!;
    expect({ uid, id, created }).toEqual({ uid: 'u1', id: 'd1', created: true });
    expect(fields).toMatchObject({
      platform: 'x',
      text: 'Finished in the dashboard',
      sourceUrl: 'https://example.com/tides',
      media: ['g1'],
    });
  });

  it("shows a draft's media from the library record, never from the draft", async () => {
    state.drafts = new Map([['d1', { ...panelDraft, media: [oldEntry('g1')] }]]);
    renderAt('/social/x?draft=d1');
    const attached = await screen.findByRole('list', { name: 'Attached media' });
    expect(within(attached).getByText('Harbour at dawn')).toBeTruthy();
    expect(attached.querySelector('img')?.getAttribute('src')).toBe(LIBRARY_PICTURE);
    expect(screen.queryByText('Title kept in the draft')).toBeNull();
    expect(document.querySelector('img[src*="probe"]')).toBeNull();
  });

  it('names a draft of media alone from the library record in the Drafts list', async () => {
    state.drafts = new Map([['d2', { ...panelDraft, text: '', media: [oldEntry('g1')] }]]);
    renderAt('/social/x');
    expect(
      await within(await screen.findByRole('region', { name: 'Drafts' })).findByRole('link', {
        name: /Image: Harbour at dawn/,
      }),
    ).toBeTruthy();
  });

  it('opens an older draft with its media, says which file the library no longer holds, and sends only the rest', async () => {
    state.drafts = new Map([['d1', { ...panelDraft, media: [oldEntry('g1'), oldEntry('gone')] }]]);
    renderAt('/social/x?draft=d1');
    const attached = await screen.findByRole('list', { name: 'Attached media' });
    expect(within(attached).getAllByRole('listitem')).toHaveLength(1);
    expect(
      screen.getByText(/A file attached to this draft is no longer in your library/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(state.published).toHaveLength(1));
    expect(state.published[0]).toMatchObject({ media: [{ generationId: 'g1' }] });
  });

  it('saves a new draft and leaves the composer clear for the next post', async () => {
    renderAt('/social/x');
    fireEvent.change(screen.getByLabelText('Post Content'), { target: { value: 'Started here' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(state.writes[0]!.slice(1, 3)).toEqual(['u1', 'new1']);
    expect(state.writes[0]![4]).toBe(false);
    await waitFor(() =>
      expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe(''),
    );
    await waitFor(() => expect(screen.getByLabelText('Address').textContent).toBe('/social/x'));
  });

  it('keeps a saved draft when a different post written after it goes out', async () => {
    renderAt('/social/x?draft=d1');
    await waitFor(() =>
      expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe(
        'Written in the side panel',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(state.writes).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('Address').textContent).toBe('/social/x'));
    await waitFor(() =>
      expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe(''),
    );
    // The text empties once the draft is saved; the composer remounts without its media once the address lets go of it.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Attached media' })).toBeNull());
    fireEvent.change(screen.getByLabelText('Post Content'), {
      target: { value: 'Something else entirely' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe(''),
    );
    expect(state.deleted).toEqual([]);
    // Two round trips through the page: slow on a loaded machine.
  });

  it('deletes the draft once it is posted', async () => {
    renderAt('/social/x?draft=d1');
    await waitFor(() =>
      expect((screen.getByLabelText('Post Content') as HTMLTextAreaElement).value).toBe(
        'Written in the side panel',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(state.deleted).toEqual(['d1']));
    await waitFor(() => expect(screen.getByLabelText('Address').textContent).toBe('/social/x'));
  });
});
