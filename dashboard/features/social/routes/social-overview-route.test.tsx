// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawDoc } from '@core/data/statuses';
import { postDoc, timestampOf } from '../test-support';

const live = vi.hoisted(() => ({ accounts: [] as RawDoc[], byQuery: [] as RawDoc[][] }));

vi.mock('@/lib/live', () => {
  const cache = new Map<unknown, unknown>();
  let n = 0;
  return {
    // The overview asks for scheduled posts first, then published and failed ones.
    useUserQuery: (_build: unknown, convert: (id: string, data: unknown) => unknown) => {
      const docs = live.byQuery[n++ % 2]!;
      if (!cache.has(docs))
        cache.set(
          docs,
          docs.map((d) => convert(d.id, d.data)),
        );
      return { status: 'success', data: cache.get(docs), retry: () => undefined };
    },
    // The profile: still loading, so the browser's zone is the workspace's.
    useUserDoc: () => ({ status: 'loading', retry: () => undefined }),
    useUserCollection: (_name: string, read: (docs: RawDoc[]) => unknown) => ({
      state: { status: 'success', data: read(live.accounts) },
      retry: () => undefined,
    }),
  };
});

const { SocialOverviewRoute } = await import('./social-overview-route');

const account = (extra: Record<string, unknown>) => ({
  configured: true,
  hints: {},
  values: {},
  connected: true,
  updatedAt: timestampOf('2026-11-01T00:00:00Z'),
  ...extra,
});

describe('the Social overview', () => {
  beforeEach(() => {
    live.accounts = [
      { id: 'x', data: account({}) },
      { id: 'linkedin', data: account({ needsReconnect: true }) },
      { id: 'youtube', data: account({ connected: false }) },
    ];
    live.byQuery = [
      [
        postDoc('s1', {
          status: 'scheduled',
          text: 'Tomorrow on X',
          scheduledAt: timestampOf('2099-01-01T09:00:00Z'),
        }),
      ],
      [
        postDoc('f1', {
          platform: 'linkedin',
          status: 'failed',
          text: 'Refused on LinkedIn',
          error: { code: 'auth', message: 'LinkedIn refused the token' },
        }),
        postDoc('p1', {
          platform: 'linkedin',
          status: 'published',
          text: 'Page news',
          author: { urn: 'urn:li:organization:1000001', name: 'Muse Sandbox Studio' },
          publishedAt: timestampOf('2026-11-23T11:00:00Z'),
        }),
      ],
    ];
  });
  afterEach(cleanup);

  it('shows each platform connection, with a way to fix the broken ones', () => {
    render(
      <MemoryRouter>
        <SocialOverviewRoute />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Social Media Management' })).toBeTruthy();
    const platforms = within(screen.getByRole('list', { name: 'Platforms' })).getAllByRole(
      'listitem',
    );
    expect(platforms.map((p) => p.querySelector('h2')?.textContent)).toEqual([
      'X/Twitter',
      'LinkedIn',
      'Reddit',
      'YouTube',
    ]);
    expect(within(platforms[0]!).getByText('Connected')).toBeTruthy();
    expect(
      within(platforms[0]!).getByRole('link', { name: 'Create X Post' }).getAttribute('href'),
    ).toBe('/social/x');
    expect(within(platforms[1]!).getByText(/Needs reconnect/)).toBeTruthy();
    expect(
      within(platforms[1]!).getByRole('link', { name: 'Fix in Integrations' }).getAttribute('href'),
    ).toBe('/integrations?tab=social');
    expect(within(platforms[2]!).getByText(/Needs credentials/)).toBeTruthy();
    expect(
      within(platforms[2]!).getByRole('link', { name: 'Create Reddit Post' }).getAttribute('href'),
    ).toBe('/social/reddit');
    // YouTube's app credentials are saved but the channel has not consented yet: that is fixed on its page.
    expect(within(platforms[3]!).getByText(/Not connected/)).toBeTruthy();
    expect(
      within(platforms[3]!)
        .getByRole('link', { name: 'Connect on the YouTube page' })
        .getAttribute('href'),
    ).toBe('/social/youtube');
    expect(
      within(screen.getByRole('region', { name: 'Scheduled Posts' })).getByText('Tomorrow on X'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Latest Published and Failed' })).getByText(
        'LinkedIn · Failed: LinkedIn refused the token',
      ),
    ).toBeTruthy();
  });

  it('names the page or member a LinkedIn post went out as', () => {
    render(
      <MemoryRouter>
        <SocialOverviewRoute />
      </MemoryRouter>,
    );
    expect(
      within(screen.getByRole('region', { name: 'Latest Published and Failed' })).getByText(
        /^LinkedIn \(Muse Sandbox Studio\) · Published/,
      ),
    ).toBeTruthy();
  });
});
