// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timestampOf, type FakeCalls, type FakeLive } from '../test-support';

// The channel-health warning on the YouTube page, as on the X, LinkedIn and Reddit pages.

const calls = vi.hoisted((): FakeCalls => ({ handlers: {}, log: [] }));
const live = vi.hoisted((): FakeLive => ({ posts: [], library: [], accounts: [] }));

vi.mock('@/lib/call', async (load) =>
  (await import('../test-support')).fakeCallModule(await load<object>(), calls),
);
vi.mock('@/lib/live', async () => (await import('../test-support')).fakeLiveModule(live));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: vi.fn() }));

const { clearPlatformProfiles } = await import('@/lib/platform-profile');
const { YouTubePage } = await import('./youtube-page');

const account = (extra: Record<string, unknown>) => ({
  id: 'youtube',
  data: {
    configured: true,
    hints: {},
    values: { clientId: 'client-1' },
    connected: true,
    updatedAt: timestampOf('2026-11-23T10:00:00Z'),
    ...extra,
  },
});

function renderPage() {
  render(
    <MemoryRouter>
      <YouTubePage connectAction={<button type="button">Authenticate with YouTube</button>} />
    </MemoryRouter>,
  );
}

describe('the YouTube page’s channel health', () => {
  beforeEach(() => {
    calls.handlers = {
      getPlatformProfile: () =>
        Promise.resolve({
          platform: 'youtube',
          name: 'Muse Sandbox Channel',
          followers: 1,
          following: null,
          posts: 1,
          views: 1,
          authors: [],
        }),
    };
    live.posts = [];
    clearPlatformProfiles();
  });
  afterEach(cleanup);

  it('warns with Reconnect to the page’s Connect when the channel’s access was found dead', () => {
    live.accounts = [account({ needsReconnect: true })];
    renderPage();
    const alert = screen
      .getAllByRole('alert')
      .find((a) => a.textContent?.includes('Your YouTube connection needs to be renewed'));
    expect(alert).toBeTruthy();
    expect(within(alert!).getByRole('link', { name: 'Reconnect' }).getAttribute('href')).toBe(
      '#connect',
    );
  });

  it('says nothing while the channel is healthy', () => {
    live.accounts = [account({})];
    renderPage();
    expect(screen.queryByText('Your YouTube connection needs to be renewed')).toBeNull();
  });
});
