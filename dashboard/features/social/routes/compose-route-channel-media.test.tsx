// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawDoc } from '@core/data/statuses';
import type { ProbeResult } from '@/lib/media-probe';
import { timestampOf, type FakeCalls, type FakeLive } from '../test-support';

// Media per channel on the one composer: a channel's tab forks the shared media ("Use different media for this
// channel") and joins it again ("Use shared media"); each channel's checks read its own files. So YouTube takes
// its video in the same group as X's image.

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
const problemsOf = (channel: string) => {
  const list = screen.queryByRole('list', { name: `${channel} problems` });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    : [];
};
const openTab = (name: string) =>
  fireEvent.click(screen.getByRole('tab', { name: new RegExp(`^${name}`) }));
const postButton = () => screen.getByRole('button', { name: 'Post Now' }) as HTMLButtonElement;
const published = () =>
  calls.log.filter((c) => c.name === 'publishPost').map((c) => c.input as Record<string, unknown>);
const attached = () =>
  within(screen.getByRole('list', { name: 'Attached media' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('span[title]')?.textContent);
const pick = async (button: string, title: string) => {
  fireEvent.click(screen.getByRole('button', { name: button }));
  fireEvent.click(await screen.findByRole('button', { name: `Add ${title}` }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
};

describe('media per channel on the one composer', () => {
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
        id: 'still',
        data: {
          type: 'image',
          title: 'Harbour still',
          originalUrl: 'https://files.test/still.png',
          contentType: 'image/png',
          sizeBytes: 400_000,
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
    toast.mockReset();
    clearPlatformProfiles();
  });
  afterEach(cleanup);

  it('sends X an image and YouTube a video in one group, each checked on its own media', async () => {
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
    // The shared media: an image and a video. X refuses the two together.
    await pick('Add Media', 'Harbour still');
    await pick('Add Media', 'Harbour clip');
    await waitFor(() =>
      expect(problemsOf('X')).toEqual([
        'A post on X takes up to 4 images, or one GIF, or one video',
      ]),
    );

    // YouTube's own media: the shared video alone, with its title, tags and visibility.
    openTab('YouTube');
    expect(screen.getByText('Follows the shared media: Harbour still, Harbour clip.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use different media for this channel' }));
    expect(screen.getByText('Own media for YouTube')).toBeTruthy();
    expect(attached()).toEqual(['Harbour clip']);
    fireEvent.change(screen.getByLabelText('Video Title'), { target: { value: 'Dawn' } });
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: 'harbour, dawn' } });
    fireEvent.change(screen.getByLabelText('Video Visibility'), { target: { value: 'unlisted' } });
    await waitFor(() => expect(problemsOf('YouTube')).toEqual([]));
    expect(screen.getByRole('tab', { name: /^YouTube/ }).textContent).toBe('YouTubeedited');

    // X's own media: the image alone; its checks now pass, the shared media is unchanged.
    openTab('X');
    fireEvent.click(screen.getByRole('button', { name: 'Use different media for this channel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Harbour clip' }));
    expect(attached()).toEqual(['Harbour still']);
    await waitFor(() => expect(problemsOf('X')).toEqual([]));
    expect(postButton().disabled).toBe(false);
    openTab('Shared');
    expect(attached()).toEqual(['Harbour still', 'Harbour clip']);

    fireEvent.click(postButton());
    await waitFor(() => expect(published()).toHaveLength(2));
    const [x, youtube] = published() as [Record<string, unknown>, Record<string, unknown>];
    expect(x).toMatchObject({
      platform: 'x',
      text: 'The harbour at dawn',
      media: [{ generationId: 'still' }],
    });
    expect(youtube).toMatchObject({
      platform: 'youtube',
      text: 'The harbour at dawn',
      media: [{ generationId: 'clip' }],
      youtube: {
        title: 'Dawn',
        tags: ['harbour', 'dawn'],
        privacyStatus: 'unlisted',
        publishAt: null,
      },
    });
    expect(youtube.groupId).toBe(x.groupId);
  });

  it('joins the shared media again in one click, and its checks follow', async () => {
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
    await pick('Add Media', 'Harbour still');
    openTab('YouTube');
    fireEvent.change(screen.getByLabelText('Video Title'), { target: { value: 'Dawn' } });
    // The shared image is no video: YouTube says so until it has its own.
    await waitFor(() => expect(problemsOf('YouTube').join(' ')).toMatch(/video/i));
    fireEvent.click(screen.getByRole('button', { name: 'Use different media for this channel' }));
    await pick('Choose Video', 'Harbour clip');
    await waitFor(() => expect(problemsOf('YouTube')).toEqual([]));

    fireEvent.click(screen.getByRole('button', { name: 'Use shared media' }));
    expect(screen.getByText('Follows the shared media: Harbour still.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /^YouTube/ }).textContent).toBe('YouTube');
    await waitFor(() => expect(problemsOf('YouTube').join(' ')).toMatch(/video/i));
    expect(postButton().disabled).toBe(true);
  });
});
