// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_RESULTS_YET } from '@core/post-metrics';
import { toSocialPost } from '@core/social-posts';

// Weekly Goals' Engagement Rate is the published posts' own: engagements per impression of their newest snapshots.

const published = vi.hoisted(() => ({
  docs: [] as { id: string; data: Record<string, unknown> }[],
}));
vi.mock('@/lib/live', () => ({
  useUserQuery: () => ({
    status: 'success',
    data: published.docs.map((d) => toSocialPost(d.id, d.data)),
    retry: () => undefined,
  }),
}));
vi.mock('@/lib/use-user-read', () => ({ useUserRead: () => ({ status: 'success', data: 3 }) }));

const { WeeklyGoals } = await import('./weekly-goals');

const at = (iso: string) => ({ toDate: () => new Date(iso) });
const post = (id: string, counts: Record<string, number>) => ({
  id,
  data: {
    platform: 'x',
    status: 'published',
    text: id,
    metrics: { '1d': { takenAt: at('2026-11-24T10:00:00Z'), source: 'X', counts } },
  },
});

function renderCard() {
  render(
    <MemoryRouter>
      <WeeklyGoals />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Weekly Goals' });
}

describe('Weekly Goals: Engagement Rate', () => {
  beforeEach(() => {
    published.docs = [];
  });
  afterEach(cleanup);

  it('is the posts’ engagements per impression, with no sample label', () => {
    published.docs = [
      post('a', { impressions: 400, likes: 20, comments: 4 }),
      post('b', { impressions: 600, likes: 30, shares: 6 }),
    ];
    const card = renderCard();
    expect(within(card).getByText('6%')).toBeTruthy();
    expect(
      within(card)
        .getByRole('progressbar', { name: 'Engagement Rate' })
        .getAttribute('aria-valuenow'),
    ).toBe('6');
    expect(card.textContent).not.toMatch(/sample/i);
  });

  it('says when the first results arrive while no post has any', () => {
    const card = renderCard();
    expect(within(card).getByText(NO_RESULTS_YET)).toBeTruthy();
    expect(within(card).getByText('—')).toBeTruthy();
  });
});
