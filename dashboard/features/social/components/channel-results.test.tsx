// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toGeneration } from '@core/data/generation';
import { NO_RESULTS_YET } from '@core/post-metrics';
import { postDoc, timestampOf } from '../test-support';

// A channel's results: its measured posts added up by their newest snapshot, and grouped by the model of
// the library item each carried ("which model's images do best on LinkedIn").

const live = vi.hoisted(() => ({ posts: [] as { id: string; data: unknown }[], library: [] as { id: string; data: unknown }[] }));
vi.mock('@/lib/live', () => ({
  useUserQuery: (_build: unknown, convert: (id: string, data: unknown) => unknown) => ({
    status: 'success',
    data: (convert === toGeneration ? live.library : live.posts).map((d) => convert(d.id, d.data)),
    retry: () => undefined,
  }),
}));

vi.setConfig({ testTimeout: 30_000 });
const { ChannelResults } = await import('./channel-results');

const snap = (counts: Record<string, number>) => ({ takenAt: timestampOf('2026-11-24T10:00:00Z'), source: 'LinkedIn socialActions', counts });
const media = (generationId: string) => [{ generationId, contentType: 'image/png', sizeBytes: 1, title: 'T' }];

describe('Channel results', () => {
  beforeEach(() => {
    live.posts = [];
    live.library = [];
  });
  afterEach(cleanup);

  it('adds up the measured posts and ranks the models of their media by engagements per post', () => {
    live.posts = [
      postDoc('a', { platform: 'linkedin', status: 'published', media: media('g-flux'), metrics: { '1h': snap({ impressions: 10, likes: 1 }), '1d': snap({ impressions: 500, likes: 20, comments: 4 }) } }),
      postDoc('b', { platform: 'linkedin', status: 'published', media: media('g-flux'), metrics: { '1h': snap({ impressions: 300, likes: 10 }) } }),
      postDoc('c', { platform: 'linkedin', status: 'published', media: media('g-ray'), metrics: { '1h': snap({ impressions: 900, likes: 40, shares: 5 }) } }),
      postDoc('d', { platform: 'linkedin', status: 'published', text: 'No media', metrics: { '1h': snap({ likes: 2 }) } }),
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

  it('says when the first results arrive while no post has any', () => {
    live.posts = [postDoc('a', { platform: 'linkedin', status: 'published' })];
    render(<ChannelResults platform="linkedin" />);
    expect(within(screen.getByRole('region', { name: 'Results on LinkedIn' })).getByText(NO_RESULTS_YET)).toBeTruthy();
  });
});
