// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// /extension-sign-in with a code in the fragment (login CSRF): any page can open it with a code of its
// own account, so a signed-out browser is asked "Sign in as ...?" before the code is spent.

const auth = vi.hoisted(() => ({
  current: {
    user: null as { uid: string; email: string; emailVerified: boolean } | null,
    loading: false,
  },
}));
const calls = vi.hoisted(() => ({ log: [] as string[] }));
const signIn = vi.hoisted(() => vi.fn(async () => undefined));

vi.mock('@/lib/auth', () => ({ useAuth: () => auth.current }));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ auth: {} }) }));
vi.mock('firebase/auth', () => ({ signInWithCustomToken: signIn }));
vi.mock('@/lib/call', () => ({
  call: async (name: string) => {
    calls.log.push(name);
    if (name === 'describeSignInCode') return { email: 'owner@muse.test' };
    if (name === 'createSignInCode') return { code: 'B'.repeat(43) };
    if (name === 'redeemSignInCode')
      return { token: `x.${btoa(JSON.stringify({ uid: 'owner' }))}.y` };
    throw new Error(`unexpected ${name}`);
  },
  readCallableError: (_error: unknown, fallback: string) => ({ message: fallback }),
}));

const { ExtensionSignInRoute } = await import('./extension-sign-in-route');

const CODE = 'A'.repeat(43);

function renderAt(hash: string) {
  const router = createMemoryRouter(
    [
      { path: '/extension-sign-in', element: <ExtensionSignInRoute /> },
      { path: '/auth', element: <p>sign-in screen</p> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: [`/extension-sign-in${hash}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  calls.log = [];
  signIn.mockClear();
  auth.current = { user: null, loading: false };
});
afterEach(cleanup);

describe('/extension-sign-in from the extension, signed out', () => {
  it('asks "Sign in as ...?" and spends nothing until Continue', async () => {
    renderAt(`#code=${CODE}&next=/`);
    expect(await screen.findByText('owner@muse.test')).toBeTruthy();
    expect(screen.getByText(/Sign in as/).textContent).toBe('Sign in as owner@muse.test?');
    expect(calls.log).toEqual(['describeSignInCode']);
    expect(signIn).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('home page');
    expect(calls.log).toEqual(['describeSignInCode', 'redeemSignInCode']);
    expect(signIn).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a tab', '%09'],
    ['a newline', '%0A'],
    ['a carriage return', '%0D'],
  ])('lands on the home page after Continue when next holds %s', async (_case, control) => {
    const router = renderAt(`#code=${CODE}&next=/${control}/evil.example/`);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByText('home page');
    expect(router.state.location.pathname).toBe('/');
    expect(signIn).toHaveBeenCalledTimes(1);
  });

  it('Cancel signs nobody in and leaves the code unspent', async () => {
    renderAt(`#code=${CODE}&next=/`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await screen.findByText('sign-in screen');
    expect(calls.log).toEqual(['describeSignInCode']);
    expect(signIn).not.toHaveBeenCalled();
  });
});

describe('/extension-sign-in to the extension', () => {
  it('names the account the panel will use while it hands over', async () => {
    auth.current = {
      user: { uid: 'u1', email: 'me@muse.test', emailVerified: true },
      loading: false,
    };
    renderAt('');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('me@muse.test'));
  });
});
