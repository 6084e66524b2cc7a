// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The card's header says what the view is for: a new user signing up is not welcomed back.

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: null }) }));
vi.mock('@/lib/firebase-app', () => ({ getFirebaseApp: () => ({}) }));

const { AuthScreen } = await import('./auth-screen');

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AuthScreen />
    </MemoryRouter>,
  );
}

describe('the sign-in screen header', () => {
  afterEach(cleanup);

  it('welcomes back on sign-in', async () => {
    renderAt('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeTruthy();
    expect(screen.getByText('Sign in to manage your integrations')).toBeTruthy();
  });

  it('invites a new user to create an account on sign-up', async () => {
    renderAt('/auth?view=sign_up');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeTruthy();
    expect(screen.queryByText('Welcome Back')).toBeNull();
    expect(screen.queryByText('Sign in to manage your integrations')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
  });
});
