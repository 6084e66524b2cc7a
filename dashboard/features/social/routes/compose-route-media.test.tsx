// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawDoc } from '@core/data/statuses';
import type { ProbeResult } from '@/lib/media-probe';
import { timestampOf, type FakeCalls, type FakeLive } from '../test-support';

// The one composer checks the shared media against each chosen channel's rules, read from the file (the probe
// is faked here): the channel that refuses it lists why, Post Now stays disabled, and the file offers Fix in
// editor with that channel's preset; the channels that take it stay ready.

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const live = vi.hoisted((): FakeLive => ({ accounts: [] }));
const toast = vi.hoisted(() => vi.fn());

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls),
);
vi.mock('@/lib/live', async () => (await import('../test-support')).fakeLiveModule(live));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('../api/compose-drafts', async () => (await import('../test-support')).noComposeDrafts);
vi.mock('@/lib/media-probe', () => ({
  probeMediaFileCached: (): Promise<ProbeResult> =>
    Promise.resolve({
      read: true,
      probe: {
        kind: 'video',
        contentType: 'video/mp4',
        sizeBytes: 8 * 1024 * 1024,
        container: 'MP4',
        width: 1920,
        height: 1080,
        durationSeconds: 45,
        frameRate: 30,
        videoCodec: 'hevc',
        audioCodec: 'aac',
        audioChannels: 2,
        frames: null,
      },
    }),
}));

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
const problemsOf = (channel: string) =>
  within(screen.getByRole('list', { name: `${channel} problems` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('the one composer with a file some channels refuse', () => {
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
      publishPost: (input) =>
        Promise.resolve({ postId: (input as { requestId: string }).requestId, status: 'queued' }),
    };
    live.accounts = [account('x'), account('youtube')];
    live.posts = [];
    live.library = [
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
    toast.mockReset();
    clearPlatformProfiles();
  });
  afterEach(cleanup);

  it('names the refusing channel, disables Schedule for it, and fixes with that channel’s preset', async () => {
    render(
      <MemoryRouter>
        <ComposeRoute />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'X' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'YouTube' }));
    fireEvent.change(screen.getByLabelText('Shared text'), {
      target: { value: 'The harbour at dawn' },
    });
    fireEvent.change(screen.getByLabelText(/Schedule Date/), {
      target: { value: '2099-01-05T09:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Media' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Harbour clip' }));

    const why = await screen.findByRole('list', { name: 'Why Harbour clip is refused' });
    expect(why.textContent).toBe(
      'X refuses this file: X takes H.264 video only (this one is HEVC (H.265)).Fix in editor',
    );
    expect(problemsOf('X')).toEqual(['X takes H.264 video only (this one is HEVC (H.265))']);
    // YouTube takes HEVC (it still wants its title, as before).
    expect(problemsOf('YouTube').join(' ')).not.toMatch(/H\.264|HEVC/);
    expect((screen.getByRole('button', { name: 'Schedule' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      within(why)
        .getByRole('link', { name: 'Fix Harbour clip for X in the editor' })
        .getAttribute('href'),
    ).toMatch(/^\/create\/editor\?preset=x-landscape&/);

    // #Shorts in the YouTube title: the same 16:9 file is now refused as a Short, fixed as a vertical video.
    fireEvent.click(screen.getByRole('tab', { name: /^YouTube/ }));
    fireEvent.change(screen.getByLabelText('Video Title'), { target: { value: 'Dawn #Shorts' } });
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'YouTube problems' }).textContent).toContain(
        'YouTube Shorts takes videos square or vertical (this one is 16:9, 1920x1080)',
      ),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Shared' }));
    const fixes = within(screen.getByRole('list', { name: 'Why Harbour clip is refused' }));
    expect(
      fixes
        .getByRole('link', { name: 'Fix Harbour clip for YouTube Shorts in the editor' })
        .getAttribute('href'),
    ).toMatch(/^\/create\/editor\?preset=hd-portrait&/);
    expect(calls.log.filter((c) => c.name === 'publishPost')).toHaveLength(0);
  });

  it('offers each chosen channel’s presets beside the shared video, and a new video per channel before one is attached', async () => {
    // The menu's anchoring watches its button's size; jsdom has no layout (Vitest takes the stub back after the file).
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    render(
      <MemoryRouter>
        <ComposeRoute />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'X' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'YouTube' }));
    fireEvent.change(screen.getByLabelText('Shared text'), {
      target: { value: 'The harbour at dawn' },
    });
    expect(
      screen
        .getAllByRole('link', { name: /^Make a video for/ })
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Make a video for X', '/create/editor?preset=x-landscape&channel=x'],
      ['Make a video for YouTube', '/create/editor?preset=hd-landscape&channel=youtube'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Add Media' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Harbour clip' }));
    const attached = await screen.findByRole('list', { name: 'Attached media' });
    await screen.findByRole('list', { name: 'Why Harbour clip is refused' });
    expect(
      within(attached)
        .getAllByRole('button', { name: /^Edit for/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Edit for X: Harbour clip', 'Edit for YouTube: Harbour clip']);
    expect(screen.queryByRole('link', { name: /^Make a video for/ })).toBeNull();

    fireEvent.click(
      within(attached).getByRole('button', { name: 'Edit for YouTube: Harbour clip' }),
    );
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'YouTube · 16:9 · 1920x1080(default)',
      'YouTube · 16:9 · 3840x2160',
      'YouTube Shorts · 9:16 · 1080x1920',
    ]);
    const shorts = new URL(items[2]!.getAttribute('href')!, 'http://dashboard.test');
    expect(Object.fromEntries(shorts.searchParams)).toEqual({
      preset: 'hd-portrait',
      channel: 'youtube-shorts',
      media: 'https://files.test/clip.mp4',
      name: 'Harbour clip',
      generation: 'clip',
      duration: '45',
    });
  });
});
