// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_RESULTS_YET } from '@core/post-metrics';
import { toSocialPost } from '@core/social-posts';
import { postDoc, timestampOf, type FakeCalls } from '../test-support';

// A published post's Results: the snapshots the scheduled function stored on the post (the shape
// functions/src/social/metrics/post-metrics.ts writes), charted with the same numbers, and how its media was made.

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const library = vi.hoisted(() => ({
  generation: null as null | { id: string; data: Record<string, unknown> },
  asked: [] as string[],
}));

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls, () =>
    Promise.resolve({}),
  ),
);
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {}, db: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));
vi.mock('@/lib/live', async () => {
  const { toGeneration } = await import('@core/data/generation');
  return {
    useUserDoc: (build: (db: unknown, uid: string) => unknown) => {
      const ref = build({}, 'u1');
      if (ref) library.asked.push('generation');
      const g = library.generation;
      return {
        status: 'success',
        data: ref && g ? toGeneration(g.id, g.data) : null,
        retry: () => undefined,
      };
    },
  };
});
vi.mock('firebase/firestore', async (load) => ({
  ...(await load<object>()),
  doc: (_db: unknown, path: string, id: string) => ({ path: `${path}/${id}` }),
}));

// Role queries over SVG charts are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const { PostItem } = await import('./post-item');

const snapshot = (
  iso: string,
  counts: Record<string, unknown>,
  source = 'LinkedIn socialActions',
) => ({ takenAt: timestampOf(iso), source, counts });
const stored = {
  '1h': snapshot('2026-11-23T12:01:00Z', { likes: 5, comments: 1 }),
  '1d': snapshot('2026-11-24T11:02:00Z', { likes: 23, comments: 4 }),
  // A figure a newer writer added that this reader does not know is left out; a broken window is skipped.
  '7d': 'not a snapshot',
  '30d': snapshot('2026-12-23T11:00:00Z', { likes: 99 }),
};
const image = {
  generationId: 'gen-1',
  contentType: 'image/png',
  sizeBytes: 2048,
  title: 'Harbour',
};

function renderPost(data: Record<string, unknown>) {
  const post = toSocialPost(
    'p1',
    postDoc('p1', {
      platform: 'linkedin',
      status: 'published',
      text: 'Harbour at dawn',
      url: 'https://www.linkedin.com/feed/update/urn:li:share:1',
      publishedAt: timestampOf('2026-11-23T11:00:00Z'),
      ...data,
    }).data,
  );
  render(
    <ul>
      <PostItem post={post} timeZone="Europe/Berlin" onRetried={vi.fn()} />
    </ul>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Results' }));
  return screen.getByRole('region', { name: 'Results' });
}

describe('Post results', () => {
  beforeEach(() => {
    library.generation = {
      id: 'gen-1',
      data: {
        type: 'image',
        title: 'Harbour',
        prompt: 'A harbour at dawn, oil paint',
        metadata: { model: 'flux-pro-1.1' },
      },
    };
    library.asked = [];
  });
  afterEach(cleanup);

  it('charts each stored figure with the snapshot’s numbers, window by window, and says where each came from', () => {
    const region = within(renderPost({ metrics: stored, media: [image] }));
    expect(
      region.getByRole('img', { name: 'Reactions: 1 hour 5, 1 day 23, 7 days not yet' }),
    ).toBeTruthy();
    expect(
      region.getByRole('img', { name: 'Comments: 1 hour 1, 1 day 4, 7 days not yet' }),
    ).toBeTruthy();
    expect(region.getAllByRole('img')).toHaveLength(2);
    const likes = within(region.getByRole('img', { name: /^Reactions/ }).closest('li')!);
    expect(likes.getByText('5')).toBeTruthy();
    expect(likes.getByText('23')).toBeTruthy();
    expect(
      region.getByText(
        'After 1 hour: LinkedIn socialActions, Nov 23, 2026, 1:01 PM (Europe/Berlin)',
      ),
    ).toBeTruthy();
    expect(
      region.getByText(
        'After 1 day: LinkedIn socialActions, Nov 24, 2026, 12:02 PM (Europe/Berlin)',
      ),
    ).toBeTruthy();
  });

  it('names the model and prompt of the library item the post carried', () => {
    const region = within(renderPost({ metrics: stored, media: [image] }));
    expect(region.getByText('flux-pro-1.1').closest('p')!.textContent).toBe(
      'Made with flux-pro-1.1 · “A harbour at dawn, oil paint”',
    );
  });

  it('says when the first results arrive while there are none, and asks the library nothing for a post without media', () => {
    const region = within(renderPost({}));
    expect(region.getByText(NO_RESULTS_YET)).toBeTruthy();
    expect(region.queryAllByRole('img')).toHaveLength(0);
    expect(library.asked).toEqual([]);
  });

  it('shows a Reddit ratio as a percentage', () => {
    const region = within(
      renderPost({
        platform: 'reddit',
        reddit: { subreddit: 'MuseSandbox', title: 'T' },
        metrics: {
          '1h': snapshot(
            '2026-11-23T12:00:00Z',
            { score: -2, upvoteRatio: 0.4, comments: 3 },
            'Reddit API: GET /api/info',
          ),
        },
      }),
    );
    expect(
      region.getByRole('img', { name: 'Score: 1 hour -2, 1 day not yet, 7 days not yet' }),
    ).toBeTruthy();
    expect(
      region.getByRole('img', { name: 'Upvote ratio: 1 hour 40%, 1 day not yet, 7 days not yet' }),
    ).toBeTruthy();
  });
});
