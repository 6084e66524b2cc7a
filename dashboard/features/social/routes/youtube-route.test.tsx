// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawDoc } from '@core/data/statuses';
import {
  callableError,
  postDoc,
  timestampOf,
  type FakeCalls,
  type FakeLive,
} from '../test-support';

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const live = vi.hoisted((): FakeLive => ({ posts: [], library: [], accounts: [] }));
const toast = vi.hoisted(() => vi.fn());

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls),
);
vi.mock('@/lib/live', async () => (await import('../test-support')).fakeLiveModule(live));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));

const { clearPlatformProfiles } = await import('@/lib/platform-profile');
const { YouTubePage } = await import('../components/youtube-page');

const account = (values: Record<string, string>, connected: boolean): RawDoc => ({
  id: 'youtube',
  data: {
    configured: true,
    hints: {},
    values,
    connected,
    updatedAt: timestampOf('2026-11-23T10:00:00Z'),
  },
});

function renderPage() {
  return render(
    <MemoryRouter>
      <YouTubePage connectAction={<button type="button">Authenticate with YouTube</button>} />
    </MemoryRouter>,
  );
}

const uploadButton = () =>
  screen.getByRole('button', { name: 'Upload to YouTube' }) as HTMLButtonElement;

describe('the YouTube page', () => {
  beforeEach(() => {
    calls.log = [];
    calls.handlers = {
      getPlatformProfile: () =>
        Promise.resolve({
          platform: 'youtube',
          name: 'Muse Sandbox Channel',
          followers: 4200,
          following: null,
          posts: 17,
          views: 123_456,
          authors: [],
        }),
      publishPost: () => Promise.resolve({ postId: 'p1', status: 'queued' }),
    };
    live.posts = [];
    live.accounts = [account({ clientId: 'client-1' }, true)];
    live.library = [
      {
        id: 'clip',
        data: {
          type: 'video',
          title: 'Lighthouse clip',
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

  it('without saved credentials points to Integrations and cannot upload', () => {
    live.accounts = [];
    renderPage();
    expect(
      screen.getByText('Please connect your YouTube account in the Integrations page'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect YouTube Account' }).getAttribute('href')).toBe(
      '/integrations?tab=social',
    );
    expect(uploadButton().disabled).toBe(true);
  });

  it('with a client but no token asks to authenticate, with the connect control beside it', () => {
    live.accounts = [account({ clientId: 'client-1' }, false)];
    renderPage();
    const panel = screen.getByTestId('youtube-authenticate');
    expect(within(panel).getByText('Authentication Required')).toBeTruthy();
    expect(within(panel).getByText('Please authenticate with YouTube first')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Authenticate with YouTube' })).toBeTruthy();
    expect(uploadButton().disabled).toBe(true);
  });

  it("when connected shows the channel's subscribers and views", async () => {
    renderPage();
    await waitFor(() => expect(screen.getByText('Connected to Muse Sandbox Channel')).toBeTruthy());
    const figures = screen.getByRole('list', { name: 'Account figures' });
    expect(within(figures).getByText('4.2K')).toBeTruthy();
    expect(within(figures).getByText('123.5K')).toBeTruthy();
    expect(within(figures).getAllByText('Sample')).toHaveLength(1);
  });

  it('when connected offers Reconnect beside the channel', async () => {
    render(
      <MemoryRouter>
        <YouTubePage connectAction={<button type="button">Reconnect</button>} />
      </MemoryRouter>,
    );
    const account = (
      await screen.findByText('Connected to Muse Sandbox Channel')
    ).closest<HTMLElement>('[role="status"]')!;
    expect(within(account).getByRole('button', { name: 'Reconnect' })).toBeTruthy();
  });

  it.each([
    [
      'a used-up quota',
      callableError(
        'resource-exhausted',
        "YouTube's daily API quota for this app is used up. Use Retry.",
      ),
      /daily API quota is used up or it is limiting requests/,
    ],
    [
      'an outage',
      callableError('unavailable', 'YouTube could not be reached. Please try again.'),
      /^The channel's figures could not be loaded: YouTube could not be reached/,
    ],
  ])(
    'when the channel cannot be read (%s) says why beside Connected, and the figures stay samples',
    async (_case, error, says) => {
      calls.handlers.getPlatformProfile = () => Promise.reject(error);
      renderPage();
      await waitFor(() => expect(screen.getByText(says)).toBeTruthy());
      expect(screen.getByText('YouTube connected')).toBeTruthy();
      expect(
        within(screen.getByRole('list', { name: 'Account figures' })).getAllByText('Sample'),
      ).toHaveLength(3);
    },
  );

  it('refuses a click with blank fields, sending nothing', async () => {
    renderPage();
    fireEvent.click(uploadButton());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'Please add a video title and a video' }),
      ),
    );
    expect(calls.log.filter((c) => c.name === 'publishPost')).toHaveLength(0);
  });

  it('names what is missing: a title alone still needs its video', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Video Title'), {
      target: { value: 'Lighthouse at dusk' },
    });
    fireEvent.click(uploadButton());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'Please add a video' }),
      ),
    );
    expect(calls.log.filter((c) => c.name === 'publishPost')).toHaveLength(0);
  });

  it('uploads a video with a title and no description, as YouTube allows', async () => {
    renderPage();
    expect(screen.getByLabelText(/^Description/).closest('div')!.textContent).toContain(
      '(optional)',
    );
    fireEvent.change(screen.getByLabelText('Video Title'), {
      target: { value: 'Lighthouse at dusk' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Choose Video' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Lighthouse clip' }));
    await screen.findByRole('list', { name: 'Attached media' });
    fireEvent.click(uploadButton());
    await waitFor(() => expect(calls.log.filter((c) => c.name === 'publishPost')).toHaveLength(1));
    expect(calls.log.find((c) => c.name === 'publishPost')!.input).toMatchObject({
      platform: 'youtube',
      text: '',
      youtube: { title: 'Lighthouse at dusk' },
    });
    // The media dialog mounts the library picker: slow on a loaded machine, so this test gets more time.
  });

  it('sends the title, description, split tags, visibility and the chosen library video', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Video Title'), {
      target: { value: 'Lighthouse at dusk' },
    });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'A short film.' } });
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: ' muse, ,short film ,' } });
    fireEvent.change(screen.getByLabelText('Video Visibility'), { target: { value: 'unlisted' } });
    fireEvent.click(screen.getByRole('button', { name: 'Choose Video' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Lighthouse clip' }));
    await screen.findByRole('list', { name: 'Attached media' });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload to YouTube' }));

    await waitFor(() => expect(calls.log.filter((c) => c.name === 'publishPost')).toHaveLength(1));
    expect(calls.log.find((c) => c.name === 'publishPost')!.input).toMatchObject({
      platform: 'youtube',
      text: 'A short film.',
      media: [{ generationId: 'clip' }],
      scheduledAt: null,
      youtube: {
        title: 'Lighthouse at dusk',
        tags: ['muse', 'short film'],
        privacyStatus: 'unlisted',
        publishAt: null,
      },
    });
    // The media dialog mounts the library picker: slow on a loaded machine, so this test gets more time.
  });

  it('names the limit and disables Upload for a title over 100 characters', () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Video Title'), { target: { value: 'a'.repeat(101) } });
    expect(screen.getByRole('alert').textContent).toBe(
      'YouTube titles can be at most 100 characters (this one is 101)',
    );
    expect(uploadButton().disabled).toBe(true);
  });

  it('shows an upload in progress, and a published video with its link and notice', () => {
    live.posts = [
      postDoc('up', {
        platform: 'youtube',
        status: 'publishing',
        progress: 40,
        text: 'Uploading one',
        youtube: { title: 'Still uploading', tags: [], privacyStatus: 'private', publishAt: null },
      }),
      postDoc('done', {
        platform: 'youtube',
        status: 'published',
        url: 'https://www.youtube.com/watch?v=abcdefghijk',
        text: 'Done one',
        notice: 'YouTube kept this video private.',
        youtube: { title: 'Out now', tags: ['muse'], privacyStatus: 'public', publishAt: null },
      }),
    ];
    renderPage();
    const posts = screen.getByRole('region', { name: 'Recent Posts' });
    expect(within(posts).getByText('Uploading... 40%')).toBeTruthy();
    expect(within(posts).getByText('Out now')).toBeTruthy();
    expect(
      within(posts)
        .getByRole('link', { name: /View on YouTube/ })
        .getAttribute('href'),
    ).toBe('https://www.youtube.com/watch?v=abcdefghijk');
    expect(within(posts).getByText('YouTube kept this video private.')).toBeTruthy();
  });
});
