// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from './require-auth';

const auth = vi.hoisted(() => ({ current: { user: null as object | null, loading: true } }));
vi.mock('@/lib/auth', () => ({ useAuth: () => auth.current }));

function SignInProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return <p>sign-in screen, from {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <SignInProbe /> },
      {
        element: <RequireAuth />,
        children: [{ path: '/settings', element: <p>settings page</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(cleanup);

describe('RequireAuth', () => {
  it('says Loading... while the session is being determined', () => {
    auth.current = { user: null, loading: true };
    renderAt('/settings');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('sends a signed-out visitor to /auth, replacing the entry and remembering the page', () => {
    auth.current = { user: null, loading: false };
    const router = renderAt('/settings?tab=1');
    expect(screen.getByText('sign-in screen, from /settings?tab=1')).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a user whose email is not confirmed to /auth', () => {
    auth.current = { user: { uid: 'u1', emailVerified: false }, loading: false };
    renderAt('/settings');
    expect(screen.getByText('sign-in screen, from /settings')).toBeTruthy();
  });

  it('shows the page to a signed-in user', () => {
    auth.current = { user: { uid: 'u1', emailVerified: true }, loading: false };
    renderAt('/settings');
    expect(screen.getByText('settings page')).toBeTruthy();
  });
});
