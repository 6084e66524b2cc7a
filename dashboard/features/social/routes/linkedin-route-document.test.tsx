// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentMessages } from '@core/document-posts';
import type { ProbeResult } from '@/lib/media-probe';
import type { FakeCalls, FakeLive } from '../test-support';

// "Post as document" in the LinkedIn composer: offered from 2 JPEG or PNG images, it needs a title, and the
// post goes out with the document's title (the functions make the PDF: tests/functions/linkedin-documents.test.ts).

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const live = vi.hoisted((): FakeLive => ({ posts: [], library: [] }));
const toast = vi.hoisted(() => vi.fn());

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
  probeMediaFileCached: (file: { contentType: string; sizeBytes: number }): Promise<ProbeResult> =>
    Promise.resolve({
      read: true,
      probe: {
        kind: 'image',
        contentType: file.contentType,
        sizeBytes: file.sizeBytes,
        container: null,
        width: 1080,
        height: 1080,
        durationSeconds: null,
        frameRate: null,
        videoCodec: null,
        audioCodec: null,
        audioChannels: null,
        frames: null,
      } as unknown as ProbeResult['probe'],
    }),
}));

const { clearPlatformProfiles } = await import('@/lib/platform-profile');
const { LinkedinRoute } = await import('./linkedin-route');

const image = (id: string, title: string, contentType = 'image/png') => ({
  id,
  data: {
    type: 'image',
    title,
    originalUrl: `https://files.test/${id}`,
    contentType,
    sizeBytes: 200_000,
  },
});

async function attach(title: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Add Media' }));
  fireEvent.click(await screen.findByRole('button', { name: `Add ${title}` }));
  await screen.findByRole('list', { name: 'Attached media' });
}

const sent = () => calls.log.filter((c) => c.name === 'publishPost');

describe('the LinkedIn composer’s Post as document', () => {
  beforeEach(() => {
    calls.log = [];
    calls.handlers = {
      getPlatformProfile: () =>
        Promise.resolve({
          platform: 'linkedin',
          name: 'Ada',
          followers: null,
          following: null,
          posts: null,
          authors: [{ urn: 'urn:li:person:abc', name: 'Ada', kind: 'person' }],
        }),
      publishPost: () => Promise.resolve({ postId: 'p1', status: 'queued' }),
    };
    live.posts = [];
    live.library = [
      image('one', 'Slide one'),
      image('two', 'Slide two', 'image/jpeg'),
      image('gif', 'Moving slide', 'image/gif'),
    ];
    toast.mockReset();
    clearPlatformProfiles();
  });
  afterEach(cleanup);

  /** The LinkedIn page, posting as the member, with `text` typed. */
  async function openComposer(text: string): Promise<void> {
    render(
      <MemoryRouter>
        <LinkedinRoute />
      </MemoryRouter>,
    );
    const from = screen.getByLabelText('Post From') as HTMLSelectElement;
    await waitFor(() => expect(from.options).toHaveLength(2));
    fireEvent.change(from, { target: { value: 'urn:li:person:abc' } });
    fireEvent.change(screen.getByLabelText('Post Content'), { target: { value: text } });
  }

  it('is offered from two images, needs a title, and sends the document with its title', async () => {
    await openComposer('Our spring deck');

    await attach('Slide one');
    expect(screen.queryByRole('checkbox', { name: 'Post as document' })).toBeNull();
    await attach('Slide two');
    const choice = screen.getByRole('checkbox', { name: 'Post as document' });
    expect(screen.getByText(/a PDF of 2 pages, one image per page/)).toBeTruthy();

    fireEvent.click(choice);
    const post = screen.getByRole('button', { name: 'Post to LinkedIn' }) as HTMLButtonElement;
    await waitFor(() => expect(post.disabled).toBe(true));
    expect(document.getElementById(post.getAttribute('aria-describedby')!)?.textContent).toBe(
      documentMessages.noTitle,
    );

    fireEvent.change(screen.getByLabelText('Document title'), {
      target: { value: '  Spring lookbook ' },
    });
    await waitFor(() => expect(post.disabled).toBe(false));
    fireEvent.click(post);
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.input).toMatchObject({
      platform: 'linkedin',
      media: [{ generationId: 'one' }, { generationId: 'two' }],
      document: { title: 'Spring lookbook' },
    });
  });

  it('is not offered when a GIF is attached, and a post without the choice goes out as images', async () => {
    await openComposer('Two slides');
    await attach('Slide one');
    await attach('Moving slide');
    expect(screen.queryByRole('checkbox', { name: 'Post as document' })).toBeNull();
    const post = screen.getByRole('button', { name: 'Post to LinkedIn' }) as HTMLButtonElement;
    await waitFor(() => expect(post.disabled).toBe(false));
    fireEvent.click(post);
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.input).not.toHaveProperty('document');
  });
});
