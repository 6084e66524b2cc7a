// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const accounts = vi.hoisted(() => ({ docs: [] as { id: string; data: unknown }[] }));
const calls = vi.hoisted(() => ({ log: [] as string[] }));

vi.mock('@/lib/live', () => ({
  useUserCollection: (_name: string, read: (docs: unknown[]) => unknown) => ({ state: { status: 'success', data: read(accounts.docs) }, retry: () => undefined }),
}));
vi.mock('@/lib/call', async (load) => ({
  ...(await load<object>()),
  call: (name: string, input: { platform: string }) => {
    calls.log.push(`${name}:${input.platform}`);
    return Promise.resolve({ platform: input.platform, name: '@muse', followers: 1234, following: null, posts: null, authors: [] });
  },
}));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));

const { clearPlatformProfiles } = await import('@/lib/platform-profile');
const { SocialOverview } = await import('./social-overview');

const connected = { configured: true, hints: {}, values: {}, connected: true, updatedAt: { toDate: () => new Date() } };

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
    calls.log = [];
    clearPlatformProfiles();
  });
  afterEach(cleanup);

  it('shows labelled sample figures and asks no platform when nothing is connected', () => {
    const card = renderCard();
    expect(within(card).getByText('Sample data')).toBeTruthy();
    expect(within(card).getByText('12.5K followers · 2.3% engagement')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Create Post' }).getAttribute('href')).toBe('/social/x');
    expect(calls.log).toEqual([]);
  });

  it('shows the real follower count of a connected account, the others still labelled samples', async () => {
    accounts.docs = [{ id: 'x', data: connected }];
    const card = renderCard();
    await waitFor(() => expect(within(card).getByText('1.2K followers · 2.3% engagement (sample)')).toBeTruthy());
    expect(calls.log).toEqual(['getPlatformProfile:x']);
    expect(within(card).getAllByText('Sample')).toHaveLength(2);
  });
});
