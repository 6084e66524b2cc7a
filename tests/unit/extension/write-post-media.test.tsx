// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toDraft, type DraftFields } from '@core/data/draft';
import { toGeneration, type Generation } from '@core/data/generation';
import type { SidePanelServices } from '../../../entrypoints/sidepanel/firebase';
import type { PanelDraft } from '../../../entrypoints/sidepanel/hooks/use-panel-draft';

// The panel's Write a post card and a draft's media: the draft keeps library ids only, and everything the
// card shows, checks and sends about them comes from the user's library records (written by functions). A
// draft of the older shape (a map per entry, with a title and a picture of its own) opens with its media.

const state = vi.hoisted(() => ({ publish: [] as unknown[], library: [] as Generation[] }));

vi.mock('@core/firebase/call', async (load) => ({
  ...(await load<object>()),
  callFunction: (_functions: unknown, name: string, input: unknown) => {
    if (name === 'publishPost') {
      state.publish.push(input);
      return Promise.resolve({ postId: 'p1', status: 'queued' });
    }
    return Promise.reject(new Error(`unexpected ${name}`));
  },
}));
vi.mock('../../../entrypoints/sidepanel/firebase', async (load) => ({
  ...(await load<object>()),
  panelFirebaseConfig: () => ({
    projectId: 'demo-muse',
    storageBucket: 'demo-muse.appspot.com',
    emulators: { host: '127.0.0.1', auth: 9099, firestore: 8080, functions: 5001, storage: 9199 },
  }),
}));
vi.mock('../../../entrypoints/sidepanel/hooks/use-panel-reads', async (load) => ({
  ...(await load<object>()),
  useRecentDrafts: () => [],
  useTextModels: () => ({ configured: null, preferred: 'gpt-5-mini' }),
  useChannelConnections: () => null,
  useWorkspaceTimeZone: () => 'UTC',
  useDraftMediaRecords: (_db: unknown, _uid: string, ids: readonly string[]) =>
    state.library.filter((g) => ids.includes(g.id)),
}));
vi.mock('../../../entrypoints/sidepanel/components/post-outcome', () => ({
  PostOutcome: ({ postId }: { postId: string }) => (
    <p role="status">{`Posted ${postId}. View post`}</p>
  ),
}));

const { WritePostCard } = await import('../../../entrypoints/sidepanel/components/write-post-card');

const services = {
  clients: { db: {}, functions: {} },
  dashboardUrl: 'http://127.0.0.1:5173',
} as unknown as SidePanelServices;
const LIBRARY_PICTURE =
  'http://127.0.0.1:9199/v0/b/demo-muse.appspot.com/o/u1%2Fgenerations%2Fg1.png?alt=media&token=t';
/** A media entry as drafts stored it before they kept ids only: a title, size and picture of its own, never used. */
const oldEntry = (generationId: string) => ({
  generationId,
  title: 'Title kept in the draft',
  contentType: 'image/png',
  sizeBytes: 1,
  thumbnailUrl: 'http://127.0.0.1:8080/v0/b/x/o/probe',
});
const record = (id: string, data: Record<string, unknown>) =>
  toGeneration(id, {
    type: 'image',
    title: 'Harbour at dawn',
    thumbnailUrl: LIBRARY_PICTURE,
    originalUrl: LIBRARY_PICTURE,
    contentType: 'image/png',
    sizeBytes: 2048,
    ...data,
  });

/** The panel's draft as state, opened from a stored document read by the real converter. */
function Card({ stored }: { stored: Record<string, unknown> }) {
  const [fields, setFields] = useState<DraftFields>(() => {
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = toDraft('d1', stored);
    return rest;
  });
  const draft: PanelDraft = {
    ready: true,
    id: 'd1',
    fields,
    saveState: 'saved',
    update: (patch) => setFields((f) => ({ ...f, ...patch })),
    saveNow: () => Promise.resolve('d1'),
    open: () => Promise.resolve(true),
    startNew: () => undefined,
    finish: () => Promise.resolve(),
  };
  return <WritePostCard services={services} uid="u1" page={null} draft={draft} />;
}

describe("the panel's draft media", () => {
  beforeEach(() => {
    state.library = [record('g1', {})];
  });
  afterEach(() => {
    cleanup();
    state.publish = [];
  });

  it('opens a draft of the older shape showing each file from its library record, and a gone one as missing', () => {
    render(
      <Card stored={{ platform: 'x', text: 'Tides', media: [oldEntry('g1'), oldEntry('gone')] }} />,
    );
    const items = within(screen.getByRole('list', { name: 'Attached media' })).getAllByRole(
      'listitem',
    );
    expect(items.map((li) => li.textContent)).toEqual([
      'Harbour at dawn',
      'Missing from your library',
    ]);
    expect(items[0]!.querySelector('img')?.getAttribute('src')).toBe(LIBRARY_PICTURE);
    expect(items[1]!.querySelector('img')).toBeNull();
    expect(screen.queryByText('Title kept in the draft')).toBeNull();
    expect(document.querySelector('img[src*="probe"]')).toBeNull();
  });

  it("never loads a picture the draft names, even one in the build's own bucket, when the record has none", () => {
    state.library = [record('g1', { thumbnailUrl: null, originalUrl: null, type: 'video' })];
    const another =
      'http://127.0.0.1:9199/v0/b/demo-muse.appspot.com/o/bob%2Fgenerations%2Fx.png?alt=media';
    render(
      <Card
        stored={{
          platform: 'x',
          text: 'Tides',
          media: [{ ...oldEntry('g1'), thumbnailUrl: another }],
        }}
      />,
    );
    expect(document.querySelector('img')).toBeNull();
  });

  it('sends only the files the library holds', async () => {
    render(<Card stored={{ platform: 'x', text: 'Tides', media: ['g1', 'gone'] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(state.publish).toHaveLength(1));
    expect(state.publish[0]).toMatchObject({ media: [{ generationId: 'g1' }] });
  });

  it("checks a file's size from its library record, not the size the draft kept", () => {
    state.library = [record('g1', { sizeBytes: 6 * 1024 * 1024 })];
    render(<Card stored={{ platform: 'x', text: 'Tides', media: [oldEntry('g1')] }} />);
    expect((screen.getByRole('button', { name: 'Post Now' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
