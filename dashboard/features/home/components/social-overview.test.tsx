// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_RESULTS_YET } from '@core/post-metrics';
import { toSocialPost } from '@core/social-posts';

const accounts = vi.hoisted(() => ({ docs: [] as { id: string; data: unknown }[] }));
const published = vi.hoisted(() => ({
  docs: [] as { id: string; data: Record<string, unknown> }[],
}));
const calls = vi.hoisted(() => ({ log: [] as string[] }));

vi.mock('@/lib/live', () => ({
  useUserCollection: (_name: string, read: (docs: unknown[]) => unknown) => ({
    state: { status: 'success', data: read(accounts.docs) },
    retry: () => undefined,
  }),
  useUserQuery: () => ({
    status: 'success',
    data: published.docs.map((d) => toSocialPost(d.id, d.data)),
    retry: () => undefined,
  }),
}));
vi.mock('@/lib/call', async (load) => ({
  ...(await load<object>()),
  call: (name: string, input: { platform: string }) => {
    calls.log.push(`${name}:${input.platform}`);
    return Promise.resolve({
      platform: input.platform,
      name: '@muse',
      followers: 1234,
      following: null,
      posts: null,
      authors: [],
    });
  },
}));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {}, db: {} }) }));

const { clearPlatformProfiles } = await import('@/lib/platform-profile');
const { SocialOverview } = await import('./social-overview');

const connected = {
  configured: true,
  hints: {},
  values: {},
  connected: true,
  updatedAt: { toDate: () => new Date() },
};
const at = (iso: string) => ({ toDate: () => new Date(iso) });
const post = (id: string, platform: string, windows: Record<string, Record<string, number>>) => ({
  id,
  data: {
    platform,
    status: 'published',
    text: id,
    metrics: Object.fromEntries(
      Object.entries(windows).map(([w, counts]) => [
        w,
        { takenAt: at('2026-11-24T10:00:00Z'), source: 'the platform', counts },
      ]),
    ),
  },
});

function renderCard() {
  render(
    <MemoryRouter>
      <SocialOverview />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Social Media Overview' });
}

describe('Home Social Media Overview', () => {
  beforeEach(() => {
    accounts.docs = [];
    published.docs = [];
    calls.log = [];
    clearPlatformProfiles();
  });
  afterEach(cleanup);

  it('says when the first results arrive, with no sample figures, and asks no platform when nothing is connected', () => {
    published.docs = [post('none-yet', 'x', {})];
    const card = renderCard();
    expect(within(card).getByText(NO_RESULTS_YET)).toBeTruthy();
    expect(card.textContent).not.toMatch(/sample/i);
    expect(within(card).getByRole('link', { name: 'Create Post' }).getAttribute('href')).toBe(
      '/social/x',
    );
    expect(calls.log).toEqual([]);
  });

  it('adds up each platform’s posts by their newest snapshot, beside the real follower count of a connected account', async () => {
    accounts.docs = [{ id: 'x', data: connected }];
    published.docs = [
      post('x1', 'x', {
        '1h': { impressions: 200, likes: 5 },
        '1d': { impressions: 1000, likes: 30, comments: 4, shares: 2 },
      }),
      post('x2', 'x', { '1h': { impressions: 300, likes: 4 } }),
      post('r1', 'reddit', { '1h': { score: 12, upvoteRatio: 0.9, comments: 3 } }),
    ];
    const card = renderCard();
    await waitFor(() =>
      expect(
        within(card).getByText(
          '1.2K followers · 1.3K impressions · 40 engagements · 2 posts measured',
        ),
      ).toBeTruthy(),
    );
    expect(within(card).getByText('15 engagements · 1 post measured')).toBeTruthy();
    expect(within(card).queryByText('LinkedIn')).toBeNull();
    expect(within(card).queryByText(NO_RESULTS_YET)).toBeNull();
    expect(card.textContent).not.toMatch(/sample/i);
    expect(calls.log).toEqual(['getPlatformProfile:x']);
  });
});
