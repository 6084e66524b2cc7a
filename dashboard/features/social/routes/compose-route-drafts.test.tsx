// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawDoc } from '@core/data/statuses';
import type { ProbeResult } from '@/lib/media-probe';
import { timestampOf, type FakeCalls, type FakeLive } from '../test-support';

// Save as draft on the one composer: the chosen channels, shared text and media, each channel's own text, media and
// fields go into a Compose draft, which reopens from ?draft=ID (the Drafts list links there) and is saved into again.
// Media are kept as library ids: what the composer shows and sends comes from the library records.

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const live = vi.hoisted((): FakeLive => ({ accounts: [] }));
const state = vi.hoisted(() => ({
  drafts: new Map<string, unknown>(),
  writes: [] as unknown[][],
  deleted: [] as string[],
}));

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls),
);
// The library records of a draft's media: each read (draftMediaQuery, here its ids) is logged and answers the
// records it names; every other read is the shared fake's.
const reads = vi.hoisted(() => ({ log: [] as string[][], answers: new Map<string, unknown>() }));
vi.mock('@core/firebase/drafts', async (load) => ({
  ...(await load<object>()),
  draftMediaQuery: (_db: unknown, _uid: string, ids: readonly string[]) =>
    ids.length ? { draftMedia: [...ids] } : null,
}));
vi.mock('@/lib/live', async () => {
  const fake = (await import('../test-support')).fakeLiveModule(live);
  return {
    ...fake,
    useUserQuery: (
      build: (db: unknown, uid: string) => unknown,
      convert: (id: string, data: unknown) => unknown,
    ) => {
      let built: unknown = null;
      try {
        built = build('db', 'u1');
      } catch {
        // A query of the real SDK (not a draft's media): the shared fake answers it.
      }
      const ids = (built as { draftMedia?: string[] } | null)?.draftMedia;
      if (!ids) return fake.useUserQuery(build, convert);
      reads.log.push(ids);
      const key = ids.join(',');
      if (!reads.answers.has(key))
        reads.answers.set(
          key,
          (live.library ?? []).filter((d) => ids.includes(d.id)).map((d) => convert(d.id, d.data)),
        );
      return { status: 'success', data: reads.answers.get(key), retry: () => undefined };
    },
  };
});
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {}, db: 'db' }) }));
const toast = vi.hoisted(() => vi.fn());
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
// The drafts as stored, read through the converter once each (a re-render sees the same data, as the live hooks give).
const converted = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../api/compose-drafts', async () => {
  const { toComposeDraft } = await import('@core/data/compose-draft');
  const once = <T,>(key: string, make: () => T): T =>
    converted.has(key)
      ? (converted.get(key) as T)
      : (converted.set(key, make()), converted.get(key) as T);
  const read = (id: string) => once(`draft:${id}`, () => toComposeDraft(id, state.drafts.get(id)));
  return {
    useComposeDrafts: () => ({
      status: 'success',
      data: once('list', () => [...state.drafts.keys()].map(read)),
      retry: () => undefined,
    }),
    useComposeDraftDoc: (id: string | null) => ({
      status: 'success',
      data: id && state.drafts.has(id) ? read(id) : null,
      retry: () => undefined,
    }),
  };
});
vi.mock('@core/firebase/compose-drafts', () => ({
  writeComposeDraft: async (...args: unknown[]) => {
    state.writes.push(args);
    return (args[2] as string | null) ?? 'c007';
  },
  deleteComposeDraft: async (_db: unknown, _uid: string, id: string) => {
    state.deleted.push(id);
  },
}));

// The files as the browser reads them: a 1200x800 PNG, and a 30 s 1080p H.264 video.
vi.mock('@/lib/media-probe', async () => {
  const { unprobed: bare } = await import('@core/media-probe');
  return {
    probeMediaFileCached: (asset: {
      contentType: string;
      sizeBytes: number;
    }): Promise<ProbeResult> =>
      Promise.resolve({
        read: true,
        probe: asset.contentType.startsWith('video/')
          ? {
              ...bare(asset.contentType, asset.sizeBytes),
              container: 'MP4',
              width: 1920,
              height: 1080,
              durationSeconds: 30,
              frameRate: 30,
              videoCodec: 'avc',
              audioCodec: 'aac',
              audioChannels: 2,
            }
          : { ...bare(asset.contentType, asset.sizeBytes), width: 1200, height: 800 },
      }),
  };
});

vi.setConfig({ testTimeout: 60_000 });

const { clearPlatformProfiles } = await import('@/lib/platform-profile');
const { ComposeRoute } = await import('./compose-route');

const account = (id: string): RawDoc => ({
  id,
  data: {
    configured: true,
    hints: { accessToken: 'oken' },
    values: { clientId: `client-${id}` },
    connected: true,
    updatedAt: timestampOf('2026-11-23T10:00:00Z'),
  },
});

/** A Compose draft as stored. */
const saved = {
  channels: ['x', 'linkedin', 'youtube'],
  text: 'One idea for the week',
  media: ['g1'],
  channelMedia: {},
  versions: { linkedin: 'One idea, told at length for LinkedIn' },
  author: '',
  subreddit: '',
  title: '',
  flairId: '',
  flairText: '',
  videoTitle: 'The week in one video',
  tags: 'week, idea',
  visibility: 'unlisted',
  createdAt: timestampOf('2026-11-23T10:00:00Z'),
  updatedAt: timestampOf('2026-11-23T10:05:00Z'),
};

const LIBRARY_PICTURE =
  'http://127.0.0.1:9199/v0/b/demo-muse.appspot.com/o/u1%2Fgenerations%2Fg1.png?alt=media&token=t';
const library: RawDoc[] = [
  {
    id: 'g1',
    data: {
      type: 'image',
      title: 'Harbour at dawn',
      thumbnailUrl: LIBRARY_PICTURE,
      originalUrl: LIBRARY_PICTURE,
      contentType: 'image/png',
      sizeBytes: 2048,
    },
  },
  {
    id: 'clip',
    data: {
      type: 'video',
      title: 'Harbour clip',
      originalUrl: 'https://files.test/clip.mp4',
      contentType: 'video/mp4',
      sizeBytes: 8 * 1024 * 1024,
    },
  },
];
/** A media entry as Compose drafts stored it before they kept library ids: its own title and picture, never shown. */
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
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ComposeRoute />
      <Address />
    </MemoryRouter>,
  );
const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
const checked = () =>
  ['X', 'LinkedIn', 'Reddit', 'YouTube'].filter(
    (c) => (screen.getByRole('checkbox', { name: c }) as HTMLInputElement).checked,
  );
const saveDraft = () => fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
const attached = () =>
  within(screen.getByRole('list', { name: 'Attached media' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('span[title]')?.textContent);
const openTab = (name: string) =>
  fireEvent.click(screen.getByRole('tab', { name: new RegExp(`^${name}`) }));
const pick = async (button: string, title: string) => {
  fireEvent.click(screen.getByRole('button', { name: button }));
  fireEvent.click(await screen.findByRole('button', { name: `Add ${title}` }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
};
const published = () =>
  calls.log.filter((c) => c.name === 'publishPost').map((c) => c.input as Record<string, unknown>);
const lastWrite = () =>
  state.writes.at(-1) as [unknown, string, string | null, Record<string, unknown>];

describe('Save as draft on the one composer', () => {
  beforeEach(() => {
    calls.log = [];
    calls.handlers = {
      getPlatformProfile: (input) =>
        Promise.resolve({
          platform: (input as { platform: string }).platform,
          name: 'Sandy Box',
          followers: null,
          following: null,
          posts: null,
          authors: [],
        }),
      getSubredditFlairs: (input) =>
        Promise.resolve({
          subreddit: (input as { subreddit: string }).subreddit,
          flairs: [],
          flairRequired: false,
        }),
      publishPost: (input) =>
        Promise.resolve({ postId: (input as { requestId: string }).requestId, status: 'queued' }),
    };
    live.accounts = ['x', 'linkedin', 'reddit', 'youtube'].map((p) => account(p));
    live.posts = [];
    live.library = library;
    toast.mockReset();
    state.drafts = new Map();
    converted.clear();
    state.writes = [];
    state.deleted = [];
    reads.log = [];
    reads.answers.clear();
    clearPlatformProfiles();
  });
  afterEach(cleanup);

  it('saves the channels, the shared text and media, a channel’s own text and its fields as a new draft, then saves into it', async () => {
    renderAt('/compose');
    fireEvent.click(screen.getByRole('checkbox', { name: 'X' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Reddit' }));
    fireEvent.change(screen.getByLabelText('Shared text'), { target: { value: 'One idea' } });
    fireEvent.click(screen.getByRole('tab', { name: /^Reddit/ }));
    fireEvent.change(screen.getByLabelText('Subreddit'), { target: { value: 'r/MuseSandbox' } });
    fireEvent.change(screen.getByLabelText('Post Title'), {
      target: { value: 'A title for Reddit' },
    });
    fireEvent.change(screen.getByLabelText('Text for Reddit'), {
      target: { value: 'Longer, for Reddit' },
    });
    saveDraft();

    await waitFor(() => expect(state.writes).toHaveLength(1));
    const [, uid, id, fields] = lastWrite();
    expect(uid).toBe('u1');
    expect(id).toBeNull();
    expect(fields).toMatchObject({
      channels: ['x', 'reddit'],
      text: 'One idea',
      media: [],
      channelMedia: {},
      versions: { reddit: 'Longer, for Reddit' },
      subreddit: 'MuseSandbox',
      title: 'A title for Reddit',
    });
    // The address follows once the write answers and the composer renders again: allow for a busy machine.
    await waitFor(() => expect(address()).toBe('/compose?draft=c007'));

    fireEvent.change(screen.getByLabelText('Text for Reddit'), {
      target: { value: 'Edited again' },
    });
    saveDraft();
    await waitFor(() => expect(state.writes).toHaveLength(2));
    expect(lastWrite()[2]).toBe('c007');
    expect(lastWrite()[3]).toMatchObject({ versions: { reddit: 'Edited again' } });
  });

  it('reopens a draft from ?draft=ID: its channels, texts, media and fields, listed under Drafts', async () => {
    state.drafts.set('c042', saved);
    renderAt('/compose?draft=c042');
    await waitFor(() => expect(checked()).toEqual(['X', 'LinkedIn', 'YouTube']));
    expect((screen.getByLabelText('Shared text') as HTMLTextAreaElement).value).toBe(
      'One idea for the week',
    );
    expect(
      within(screen.getByRole('list', { name: 'Attached media' })).getByText('Harbour at dawn'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /^LinkedIn/ }));
    expect((screen.getByLabelText('Text for LinkedIn') as HTMLTextAreaElement).value).toBe(
      'One idea, told at length for LinkedIn',
    );
    expect(screen.getByText('Edited for LinkedIn')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /^YouTube/ }));
    expect((screen.getByLabelText('Video Title') as HTMLInputElement).value).toBe(
      'The week in one video',
    );
    expect((screen.getByLabelText('Video Visibility') as HTMLSelectElement).value).toBe('unlisted');

    const drafts = screen.getByRole('region', { name: 'Drafts' });
    const link = within(drafts).getByRole('link', { name: /One idea for the week/ });
    expect(link.getAttribute('href')).toBe('/compose?draft=c042');
    expect(link.getAttribute('aria-current')).toBe('true');

    saveDraft();
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(lastWrite()[2]).toBe('c042');
    expect(lastWrite()[3]).toMatchObject({
      channels: ['x', 'linkedin', 'youtube'],
      versions: { linkedin: 'One idea, told at length for LinkedIn' },
      videoTitle: 'The week in one video',
      visibility: 'unlisted',
      tags: 'week, idea',
    });
  });

  it('deletes the draft once its idea went out, and leaves the address', async () => {
    state.drafts.set('c042', { ...saved, channels: ['x'], media: [], versions: {} });
    renderAt('/compose?draft=c042');
    await waitFor(() => expect(checked()).toEqual(['X']));
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(state.deleted).toEqual(['c042']));
    await waitFor(() => expect(address()).toBe('/compose'));
  });

  it("saves the shared media and a channel's own media as library ids, and says nothing is left out", async () => {
    renderAt('/compose');
    fireEvent.click(screen.getByRole('checkbox', { name: 'X' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'YouTube' }));
    fireEvent.change(screen.getByLabelText('Shared text'), {
      target: { value: 'The harbour at dawn' },
    });
    await pick('Add Media', 'Harbour at dawn');
    openTab('YouTube');
    fireEvent.click(screen.getByRole('button', { name: 'Use different media for this channel' }));
    await pick('Choose Video', 'Harbour clip');
    saveDraft();

    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(lastWrite()[3]).toMatchObject({
      channels: ['x', 'youtube'],
      media: ['g1'],
      channelMedia: { youtube: ['clip'] },
    });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Draft saved',
        description: 'It is under Drafts on this page: open it there to go on.',
      }),
    );
  });

  it("reopens a channel's own media on its tab, from the library records, and saves them again", async () => {
    state.drafts.set('c042', { ...saved, channelMedia: { youtube: ['clip'] } });
    renderAt('/compose?draft=c042');
    await waitFor(() => expect(checked()).toEqual(['X', 'LinkedIn', 'YouTube']));
    expect(attached()).toEqual(['Harbour at dawn']);
    openTab('YouTube');
    expect(screen.getByText('Own media for YouTube')).toBeTruthy();
    expect(attached()).toEqual(['Harbour clip']);
    expect(screen.getByRole('tab', { name: /^YouTube/ }).textContent).toBe('YouTubeedited');
    openTab('X');
    expect(screen.getByText('Follows the shared media: Harbour at dawn.')).toBeTruthy();

    saveDraft();
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(lastWrite()[3]).toMatchObject({ media: ['g1'], channelMedia: { youtube: ['clip'] } });
  });

  it("opens a draft of the older shape with the library's facts, never the draft's, and saves it as ids", async () => {
    state.drafts.set('c042', { ...saved, media: [oldEntry('g1')] });
    renderAt('/compose?draft=c042');
    await waitFor(() => expect(attached()).toEqual(['Harbour at dawn']));
    expect(
      screen
        .getByRole('list', { name: 'Attached media' })
        .querySelector('img')
        ?.getAttribute('src'),
    ).toBe(LIBRARY_PICTURE);
    expect(screen.queryByText('Title kept in the draft')).toBeNull();
    expect(document.querySelector('img[src*="probe"]')).toBeNull();
    saveDraft();
    await waitFor(() => expect(state.writes).toHaveLength(1));
    expect(lastWrite()[3]).toMatchObject({ media: ['g1'] });
  });

  it('names the files the library no longer holds, and where, and sends only the rest', async () => {
    state.drafts.set('c042', {
      ...saved,
      channels: ['x', 'youtube'],
      versions: {},
      media: [oldEntry('g1'), oldEntry('gone')],
      channelMedia: { youtube: ['clip', 'deleted'] },
    });
    renderAt('/compose?draft=c042');
    await waitFor(() => expect(checked()).toEqual(['X', 'YouTube']));
    expect(
      screen.getByText(
        "2 files of this draft's shared media and YouTube media are no longer in your library, so they are left out of this post.",
      ),
    ).toBeTruthy();
    expect(attached()).toEqual(['Harbour at dawn']);
    openTab('YouTube');
    expect(attached()).toEqual(['Harbour clip']);

    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(published()).toHaveLength(2));
    const [x, youtube] = published() as [Record<string, unknown>, Record<string, unknown>];
    expect(x).toMatchObject({ platform: 'x', media: [{ generationId: 'g1' }] });
    expect(youtube).toMatchObject({ platform: 'youtube', media: [{ generationId: 'clip' }] });
  });

  it('reads the media of every list of a draft once, as one read, and matches each list against it', async () => {
    state.drafts.set('c042', {
      ...saved,
      channels: ['x', 'linkedin', 'youtube'],
      versions: {},
      media: ['g1', 'gone'],
      channelMedia: { x: ['g1'], linkedin: ['clip', 'g1'], youtube: ['clip', 'deleted'] },
    });
    renderAt('/compose?draft=c042');
    await waitFor(() => expect(checked()).toEqual(['X', 'LinkedIn', 'YouTube']));
    expect(
      screen.getByText(
        "2 files of this draft's shared media and YouTube media are no longer in your library, so they are left out of this post.",
      ),
    ).toBeTruthy();
    expect(attached()).toEqual(['Harbour at dawn']);
    openTab('LinkedIn');
    expect(attached()).toEqual(['Harbour clip', 'Harbour at dawn']);
    openTab('YouTube');
    expect(attached()).toEqual(['Harbour clip']);
    // One read of the union, each id once, served every list (the Drafts card's drafts all have text: it reads none).
    expect(new Set(reads.log.map((ids) => ids.join(',')))).toEqual(
      new Set(['clip,deleted,g1,gone']),
    );
  });

  it('reads a union of 100 ids in four reads of at most 30, each id once, and finds records in any of them', async () => {
    // 98 ids the library does not hold, sorted before the two it does: those land in the last read.
    const gone = Array.from({ length: 98 }, (_, i) => `a${String(i).padStart(2, '0')}`);
    // 20 ids a list: 19 gone and g1 shared, 20 gone each for X, LinkedIn and Reddit, 19 gone and clip for YouTube.
    const [shared, x, linkedin, reddit, youtube] = [0, 19, 39, 59, 79, 98].flatMap(
      (from, i, all) => (i ? [gone.slice(all[i - 1], from)] : []),
    ) as [string[], string[], string[], string[], string[]];
    state.drafts.set('c042', {
      ...saved,
      channels: ['x', 'linkedin', 'reddit', 'youtube'],
      versions: {},
      media: [...shared, 'g1'],
      channelMedia: { x, linkedin, reddit, youtube: [...youtube, 'clip'] },
    });
    renderAt('/compose?draft=c042');
    await waitFor(() => expect(checked()).toEqual(['X', 'LinkedIn', 'Reddit', 'YouTube']));
    expect(
      screen.getByText(
        "98 files of this draft's shared media and X media and LinkedIn media and Reddit media and YouTube media are no longer in your library, so they are left out of this post.",
      ),
    ).toBeTruthy();
    expect(attached()).toEqual(['Harbour at dawn']);
    openTab('YouTube');
    expect(attached()).toEqual(['Harbour clip']);

    const distinct = [...new Set(reads.log.map((ids) => ids.join(',')))].map((key) =>
      key.split(','),
    );
    expect(distinct).toHaveLength(4);
    for (const ids of distinct) expect(ids.length).toBeLessThanOrEqual(30);
    expect(distinct.flat().sort()).toEqual([...gone, 'clip', 'g1'].sort());
    expect(distinct.at(-1)).toEqual(expect.arrayContaining(['clip', 'g1']));
  });

  it('names a draft of media alone from the library record in the Drafts list', async () => {
    state.drafts.set('c042', {
      ...saved,
      text: '',
      versions: {},
      videoTitle: '',
      media: [oldEntry('g1')],
    });
    renderAt('/compose');
    expect(
      await within(await screen.findByRole('region', { name: 'Drafts' })).findByRole('link', {
        name: /Image: Harbour at dawn/,
      }),
    ).toBeTruthy();
  });
});
