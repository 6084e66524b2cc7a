// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The home page greets a new account with "Welcome", and "Welcome back" only once it has been here before.

const session = vi.hoisted(() => ({ metadata: {} as Record<string, string> }));
vi.mock('@/lib/auth', () => ({
  useAuth: () => ({
    user: { displayName: 'Ada', email: 'ada@example.com', metadata: session.metadata },
  }),
}));
vi.mock('@/lib/profile', () => ({
  useProfile: () => ({ profile: { displayName: null }, loading: false, error: null }),
  pickDisplayName: (a: string | null, b: string | null) => a ?? b,
}));
vi.mock('../components/creative-assistant', () => ({ CreativeAssistant: () => null }));
vi.mock('../components/quick-actions', () => ({ QuickActions: () => null }));
vi.mock('../components/recent-projects', () => ({ RecentProjects: () => null }));
vi.mock('../components/social-overview', () => ({ SocialOverview: () => null }));
vi.mock('../components/stat-cards', () => ({ StatCards: () => null }));
vi.mock('../components/weekly-goals', () => ({ WeeklyGoals: () => null }));

const { HomeRoute } = await import('./home-route');

describe('HomeRoute', () => {
  afterEach(cleanup);

  it('says "Welcome" on the sign-in that created the account', () => {
    session.metadata = {
      creationTime: 'Tue, 01 Dec 2026 10:00:00 GMT',
      lastSignInTime: 'Tue, 01 Dec 2026 10:00:00 GMT',
    };
    render(<HomeRoute />);
    expect(screen.getByText(/^Welcome, Ada!/)).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it('says "Welcome back" after a later sign-in', () => {
    session.metadata = {
      creationTime: 'Tue, 01 Dec 2026 10:00:00 GMT',
      lastSignInTime: 'Wed, 02 Dec 2026 09:30:00 GMT',
    };
    render(<HomeRoute />);
    expect(screen.getByText(/^Welcome back, Ada!/)).toBeTruthy();
  });
});
