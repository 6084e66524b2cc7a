// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callableError, type FakeCalls } from '../test-support';

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const toast = vi.hoisted(() => vi.fn());

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls),
);
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));

const { OAuthCallbackRoute } = await import('./oauth-callback-route');

const STATE = 'S'.repeat(43);

function visit(platform: 'reddit' | 'youtube', query: string) {
  return render(
    <MemoryRouter initialEntries={[`/social/${platform}/callback${query}`]}>
      <Routes>
        <Route
          path={`/social/${platform}/callback`}
          element={<OAuthCallbackRoute platform={platform} />}
        />
        <Route path={`/social/${platform}`} element={<p>The {platform} page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the OAuth return pages', () => {
  beforeEach(() => {
    calls.log = [];
    calls.handlers = {};
    toast.mockReset();
  });
  afterEach(cleanup);

  it('show Connecting while the code is exchanged once, then return to the page connected', async () => {
    let finish: (v: unknown) => void = () => undefined;
    calls.handlers.completeSocialOAuth = () => new Promise((resolve) => (finish = resolve));
    visit('reddit', `?code=abc&state=${STATE}`);
    expect(screen.getByRole('heading', { name: 'Connecting Reddit Account' })).toBeTruthy();
    expect(screen.getByText('Please wait while we finish connecting your account.')).toBeTruthy();
    finish({ connected: true });
    await screen.findByText('The reddit page');
    expect(calls.log).toEqual([
      { name: 'completeSocialOAuth', input: { platform: 'reddit', code: 'abc', state: STATE } },
    ]);
    expect(toast).toHaveBeenCalledWith({
      title: 'Success',
      description: 'Reddit account connected',
    });
  });

  it.each([
    [
      'an error parameter',
      '?error=access_denied&state=' + STATE,
      'Failed to connect YouTube account: access_denied',
    ],
    ['no code', `?state=${STATE}`, 'No authorization code received'],
    [
      'a state this app never made',
      '?code=abc&state=short',
      'Failed to complete YouTube authentication: this connection request is not valid. Please connect again.',
    ],
  ])('refuse %s without calling the functions', async (_label, query, description) => {
    visit('youtube', query);
    await screen.findByText('The youtube page');
    expect(calls.log).toEqual([]);
    expect(toast).toHaveBeenCalledWith({
      title: 'Authentication Failed',
      description,
      variant: 'destructive',
    });
  });

  it("show the function's reason when it refuses the state", async () => {
    calls.handlers.completeSocialOAuth = () =>
      Promise.reject(
        callableError(
          'failed-precondition',
          'Failed to complete Reddit authentication: this connection request was already used. Please connect again.',
          'oauth-state',
        ),
      );
    visit('reddit', `?code=abc&state=${STATE}`);
    await screen.findByText('The reddit page');
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Authentication Failed',
        description:
          'Failed to complete Reddit authentication: this connection request was already used. Please connect again.',
        variant: 'destructive',
      }),
    );
  });
});
