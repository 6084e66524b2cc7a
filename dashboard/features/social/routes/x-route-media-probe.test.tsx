// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaProbe } from '@core/media-probe';
import type { ProbeResult } from '@/lib/media-probe';
import type { FakeCalls, FakeLive } from '../test-support';

// A file X refuses, read from the file itself when it is attached (the probe is faked here; tests/media probes
// real files): it is named with the reason, Post Now and Schedule stay disabled, and "Fix in editor" opens the
// editor with the file and X's preset.

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const live = vi.hoisted((): FakeLive => ({ posts: [], library: [] }));
const toast = vi.hoisted(() => vi.fn());
const probes = vi.hoisted(() => new Map<string, Promise<ProbeResult>>());

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls),
);
vi.mock('@/lib/live', async () => (await import('../test-support')).fakeLiveModule(live));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('../api/drafts', () => ({
  usePlatformDrafts: () => ({ status: 'success', data: [], retry: () => undefined }),
  useDraftDoc: () => ({ status: 'success', data: null, retry: () => undefined }),
}));
vi.mock('@/lib/media-probe', () => ({
  probeMediaFileCached: (file: { url: string }) =>
    probes.get(file.url) ?? Promise.reject(new Error(`no probe for ${file.url}`)),
}));

const { XRoute } = await import('./x-route');

const HEVC_URL = 'https://files.test/hevc.mp4';
const OK_URL = 'https://files.test/ok.mp4';
const probe = (over: Partial<MediaProbe>): ProbeResult => ({
  read: true,
  probe: {
    kind: 'video',
    contentType: 'video/mp4',
    sizeBytes: 8 * 1024 * 1024,
    container: 'MP4',
    width: 1920,
    height: 1080,
    durationSeconds: 12.5,
    frameRate: 30,
    videoCodec: 'avc',
    audioCodec: 'aac',
    audioChannels: 2,
    frames: null,
    ...over,
  },
});

function renderPage() {
  return render(
    <MemoryRouter>
      <XRoute />
    </MemoryRouter>,
  );
}

async function attach(title: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Add Media' }));
  fireEvent.click(await screen.findByRole('button', { name: `Add ${title}` }));
  return screen.findByRole('list', { name: 'Attached media' });
}

describe('the X composer with a file X refuses', () => {
  beforeEach(() => {
    calls.log = [];
    calls.handlers = {
      getPlatformProfile: () =>
        Promise.resolve({
          platform: 'x',
          name: '@muse',
          followers: 1,
          following: 1,
          posts: 1,
          authors: [],
        }),
      publishPost: () => Promise.resolve({ postId: 'p1', status: 'queued' }),
    };
    live.posts = [];
    live.library = [
      {
        id: 'hevc',
        data: {
          type: 'video',
          title: 'Harbour HEVC',
          originalUrl: HEVC_URL,
          contentType: 'video/mp4',
          sizeBytes: 8 * 1024 * 1024,
        },
      },
      {
        id: 'ok',
        data: {
          type: 'video',
          title: 'Harbour H264',
          originalUrl: OK_URL,
          contentType: 'video/mp4',
          sizeBytes: 8 * 1024 * 1024,
        },
      },
    ];
    probes.clear();
    probes.set(HEVC_URL, Promise.resolve(probe({ videoCodec: 'hevc' })));
    probes.set(OK_URL, Promise.resolve(probe({ width: 1280, height: 720 })));
    toast.mockReset();
  });
  afterEach(cleanup);

  it('names the channel and the reason, keeps Schedule disabled and links the fix in the editor with X’s preset', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Post Content'), { target: { value: 'A clip' } });
    fireEvent.change(screen.getByLabelText(/Schedule Date/), {
      target: { value: '2099-01-05T09:00' },
    });
    const attached = await attach('Harbour HEVC');

    const why = await within(attached).findByRole('list', { name: 'Why Harbour HEVC is refused' });
    expect(why.textContent).toBe(
      'X refuses this file: X takes H.264 video only (this one is HEVC (H.265)).Fix in editor',
    );
    const schedule = screen.getByRole('button', { name: 'Schedule Post' }) as HTMLButtonElement;
    expect(schedule.disabled).toBe(true);
    expect(document.getElementById(schedule.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Harbour HEVC: X takes H.264 video only (this one is HEVC (H.265))',
    );

    const fix = within(why).getByRole('link', { name: 'Fix Harbour HEVC for X in the editor' });
    const href = new URL(fix.getAttribute('href')!, 'http://dashboard.test');
    expect(href.pathname).toBe('/create/editor');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      preset: 'x-landscape',
      channel: 'x',
      media: HEVC_URL,
      name: 'Harbour HEVC',
      generation: 'hevc',
      duration: '12.5',
    });

    fireEvent.click(within(attached).getByRole('button', { name: 'Remove Harbour HEVC' }));
    expect(schedule.disabled).toBe(false);
  });

  it('takes a file X takes: no refusal, and the post goes out with it', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Post Content'), { target: { value: 'A clip' } });
    const attached = await attach('Harbour H264');
    await waitFor(() => expect(screen.queryByText(/Checking the attached media/)).toBeNull());
    expect(within(attached).queryByRole('list', { name: /is refused/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    await waitFor(() => expect(calls.log.filter((c) => c.name === 'publishPost')).toHaveLength(1));
    expect(calls.log.find((c) => c.name === 'publishPost')!.input).toMatchObject({
      media: [{ generationId: 'ok' }],
    });
  });

  it('a click while the file is still being read waits for it, and sends nothing X would refuse', async () => {
    let answer: (r: ProbeResult) => void = () => undefined;
    probes.set(HEVC_URL, new Promise((resolve) => (answer = resolve)));
    renderPage();
    fireEvent.change(screen.getByLabelText('Post Content'), { target: { value: 'A clip' } });
    await attach('Harbour HEVC');
    expect(screen.getByText('Checking the attached media against each channel...')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Post Now' }));
    answer(probe({ videoCodec: 'hevc' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          description: 'Harbour HEVC: X takes H.264 video only (this one is HEVC (H.265))',
        }),
      ),
    );
    expect(calls.log.filter((c) => c.name === 'publishPost')).toHaveLength(0);
  });
});

/** Where a link took the page: the editor's address, as the router holds it. */
function EditorAddress() {
  const location = useLocation();
  return <p data-testid="editor-address">{`${location.pathname}${location.search}`}</p>;
}

describe('the X composer offering the editor’s presets for X', () => {
  beforeAll(() => {
    // The menu's anchoring (Headless UI's floating panel) watches its button's size; jsdom has no layout.
    // Vitest takes the stub back after the file (tests/unit/support/fresh-modules.ts).
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  beforeEach(() => {
    calls.handlers = {
      getPlatformProfile: () =>
        Promise.resolve({
          platform: 'x',
          name: '@muse',
          followers: 1,
          following: 1,
          posts: 1,
          authors: [],
        }),
    };
    live.posts = [];
    live.library = [
      {
        id: 'ok',
        data: {
          type: 'video',
          title: 'Harbour H264',
          originalUrl: OK_URL,
          contentType: 'video/mp4',
          sizeBytes: 8 * 1024 * 1024,
        },
      },
    ];
    probes.clear();
    probes.set(OK_URL, Promise.resolve(probe({ width: 1280, height: 720 })));
  });
  afterEach(cleanup);

  it('lists X’s presets beside a video X takes, the default first, and picking one opens the editor with the video in it', async () => {
    render(
      <MemoryRouter initialEntries={['/social/x']}>
        <Routes>
          <Route path="/social/x" element={<XRoute />} />
          <Route path="/create/editor" element={<EditorAddress />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Make a video for X' }).getAttribute('href')).toBe(
      '/create/editor?preset=x-landscape&channel=x',
    );
    const attached = await attach('Harbour H264');
    await waitFor(() => expect(screen.queryByText(/Checking the attached media/)).toBeNull());
    // With a video attached the composer offers to edit it, not to make another.
    expect(screen.queryByRole('link', { name: /Make a video/ })).toBeNull();

    fireEvent.click(within(attached).getByRole('button', { name: 'Edit for X: Harbour H264' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'X · 16:9 · 1280x720(default)',
      'X · 1:1 · 720x720',
      'X · 9:16 · 720x1280',
    ]);

    fireEvent.click(items[2]!);
    const address = new URL(
      (await screen.findByTestId('editor-address')).textContent!,
      'http://dashboard.test',
    );
    expect(address.pathname).toBe('/create/editor');
    expect(Object.fromEntries(address.searchParams)).toEqual({
      preset: 'x-portrait',
      channel: 'x',
      media: OK_URL,
      name: 'Harbour H264',
      generation: 'ok',
      duration: '12.5',
    });
  });

  it('opens and walks the menu from the keyboard', async () => {
    renderPage();
    const attached = await attach('Harbour H264');
    const button = within(attached).getByRole('button', { name: 'Edit for X: Harbour H264' });
    button.focus();
    fireEvent.keyDown(button, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    // Opened from the keyboard, the first preset (X's default) is the active item.
    await waitFor(() =>
      expect(menu.getAttribute('aria-activedescendant')).toBe(
        within(menu).getAllByRole('menuitem')[0]!.id,
      ),
    );
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    await waitFor(() =>
      expect(menu.getAttribute('aria-activedescendant')).toBe(
        within(menu).getAllByRole('menuitem')[1]!.id,
      ),
    );
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
