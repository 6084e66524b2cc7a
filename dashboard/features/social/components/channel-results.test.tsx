// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toGeneration } from '@core/data/generation';
import { NO_RESULTS_YET } from '@core/post-metrics';
import { postDoc, timestampOf } from '../test-support';

// A channel's results: its measured posts added up by their newest snapshot, and grouped by the model of
// the library item each carried ("which model's images do best on LinkedIn").

const live = vi.hoisted(() => ({
  posts: [] as { id: string; data: unknown }[],
  library: [] as { id: string; data: unknown }[],
}));
vi.mock('@/lib/live', () => ({
  useUserQuery: (_build: unknown, convert: (id: string, data: unknown) => unknown) => ({
    status: 'success',
    data: (convert === toGeneration ? live.library : live.posts).map((d) => convert(d.id, d.data)),
    retry: () => undefined,
  }),
}));

vi.mock('@/lib/scheduling', () => ({ useWorkspaceTimeZone: () => 'Asia/Kolkata' }));

vi.setConfig({ testTimeout: 30_000 });
const { ChannelResults } = await import('./channel-results');

const snap = (counts: Record<string, number>) => ({
  takenAt: timestampOf('2026-11-24T10:00:00Z'),
  source: 'LinkedIn socialActions',
  counts,
});
const media = (generationId: string) => [
  { generationId, contentType: 'image/png', sizeBytes: 1, title: 'T' },
];

describe('Channel results', () => {
  beforeEach(() => {
    live.posts = [];
    live.library = [];
  });
  afterEach(cleanup);

  it('adds up the measured posts and ranks the models of their media by engagements per post', () => {
    live.posts = [
      postDoc('a', {
        platform: 'linkedin',
        status: 'published',
        media: media('g-flux'),
        metrics: {
          '1h': snap({ impressions: 10, likes: 1 }),
          '1d': snap({ impressions: 500, likes: 20, comments: 4 }),
        },
      }),
      postDoc('b', {
        platform: 'linkedin',
        status: 'published',
        media: media('g-flux'),
        metrics: { '1h': snap({ impressions: 300, likes: 10 }) },
      }),
      postDoc('c', {
        platform: 'linkedin',
        status: 'published',
        media: media('g-ray'),
        metrics: { '1h': snap({ impressions: 900, likes: 40, shares: 5 }) },
      }),
      postDoc('d', {
        platform: 'linkedin',
        status: 'published',
        text: 'No media',
        metrics: { '1h': snap({ likes: 2 }) },
      }),
      postDoc('e', { platform: 'linkedin', status: 'scheduled', media: media('g-ray') }),
    ];
    live.library = [
      { id: 'g-flux', data: { type: 'image', title: 'F', metadata: { model: 'flux-pro-1.1' } } },
      { id: 'g-ray', data: { type: 'video', title: 'R', metadata: { model: 'ray-2' } } },
    ];
    render(<ChannelResults platform="linkedin" />);
    const card = within(screen.getByRole('region', { name: 'Results on LinkedIn' }));
    const figure = (name: string) => card.getByText(name).nextElementSibling?.textContent;
    expect(figure('Posts measured')).toBe('4');
    expect(figure('Impressions')).toBe('1,700');
    expect(figure('Engagements')).toBe(`${24 + 10 + 45 + 2}`);
    const rows = card
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['ray-2', '1', '45'],
      ['flux-pro-1.1', '2', '17'],
      ['No library media', '1', '2'],
    ]);
  });

  it('lists the best times to post from the measured posts, read in the workspace zone', () => {
    // 03:30 UTC on Tuesdays is 09:00 in Kolkata; 23:30 UTC on Sundays is 05:00 on Monday there.
    const at = (id: string, iso: string, likes: number) =>
      postDoc(id, {
        platform: 'linkedin',
        status: 'published',
        publishedAt: timestampOf(iso),
        metrics: { '1d': snap({ impressions: 1000, likes }) },
      });
    live.posts = [
      ...['2026-11-03', '2026-11-10', '2026-11-17', '2026-11-24', '2026-10-27'].map((day, i) =>
        at(`tue-${i}`, `${day}T03:30:00Z`, [30, 41, 50, 41, 38][i]!),
      ),
      ...['2026-11-15', '2026-11-22'].map((day, i) => at(`mon-${i}`, `${day}T23:30:00Z`, 60)),
      at('fri-0', '2026-11-20T12:00:00Z', 10),
      at('fri-1', '2026-11-13T12:10:00Z', 20),
      at('sat-0', '2026-11-21T08:00:00Z', 200),
    ];
    render(<ChannelResults platform="linkedin" />);
    const best = within(
      within(screen.getByRole('region', { name: 'Results on LinkedIn' })).getByRole('region', {
        name: /Best times to post/,
      }),
    );
    expect(best.getByRole('heading').textContent).toContain('Asia/Kolkata');
    expect(best.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Mon 05:00-06:00 · 6% engagement (2 posts)',
      'Tue 09:00-10:00 · 4.1% engagement (5 posts)',
      'Fri 17:00-18:00 · 1.5% engagement (2 posts)',
    ]);
  });

  it('says how many more measured posts the best times need', () => {
    live.posts = Array.from({ length: 7 }, (_, i) =>
      postDoc(`p${i}`, {
        platform: 'linkedin',
        status: 'published',
        publishedAt: timestampOf('2026-11-24T03:30:00Z'),
        metrics: { '1h': snap({ impressions: 100, likes: 3 }) },
      }),
    );
    render(<ChannelResults platform="linkedin" />);
    const best = within(screen.getByRole('region', { name: /Best times to post/ }));
    expect(
      best.getByText('Not enough results yet: 3 more measured posts are needed.'),
    ).toBeTruthy();
    expect(best.queryAllByRole('listitem')).toEqual([]);
  });

  it('says there is no engagement per view to compare where the platform gives no views', () => {
    live.posts = [
      postDoc('r', {
        platform: 'reddit',
        status: 'published',
        publishedAt: timestampOf('2026-11-24T03:30:00Z'),
        metrics: { '1d': snap({ score: 12, comments: 3 }) },
      }),
    ];
    render(<ChannelResults platform="reddit" />);
    // Only the figures Reddit reports: no "Impressions 0".
    const card = within(screen.getByRole('region', { name: 'Results on Reddit' }));
    expect(card.getByText('Engagements')).toBeTruthy();
    expect(card.queryByText('Impressions')).toBeNull();
    const best = within(screen.getByRole('region', { name: /Best times to post/ }));
    expect(
      best.getByText(
        'Reddit gave no impressions for your posts, so there is no engagement per view to compare.',
      ),
    ).toBeTruthy();
  });

  it('says when the first results arrive while no post has any', () => {
    live.posts = [postDoc('a', { platform: 'linkedin', status: 'published' })];
    render(<ChannelResults platform="linkedin" />);
    expect(
      within(screen.getByRole('region', { name: 'Results on LinkedIn' })).getByText(NO_RESULTS_YET),
    ).toBeTruthy();
  });
});
