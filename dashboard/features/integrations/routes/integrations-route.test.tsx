// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryState } from '@core/react/use-live';

const keys = vi.hoisted(() => ({ state: { status: 'loading' } as QueryState<unknown> }));
const social = vi.hoisted(() => ({ state: { status: 'loading' } as QueryState<unknown> }));
const toast = vi.fn();

vi.mock('@/lib/integration-statuses', () => ({
  useKeyStatuses: () => ({ state: keys.state, retry: () => undefined }),
}));
vi.mock('../api/get-social-accounts', () => ({
  useSocialAccounts: () => ({ state: social.state, retry: () => undefined }),
}));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'alice' } }) }));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));

const { IntegrationsRoute } = await import('./integrations-route');

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{pathname + search}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <IntegrationsRoute />
      <Address />
    </MemoryRouter>,
  );
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('IntegrationsRoute', () => {
  beforeEach(() => {
    keys.state = { status: 'loading' };
    social.state = { status: 'loading' };
    toast.mockReset();
  });
  afterEach(cleanup);

  it('opens on Generation APIs with the three generation cards, skeletons while loading', () => {
    renderAt('/integrations');
    expect(screen.getByRole('tab', { name: 'Generation APIs' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const cards = ['Black Forest Labs', 'Luma', 'ElevenLabs'].map((name) =>
      screen.getByRole('region', { name }),
    );
    expect(within(cards[2]!).getByText('Replaces Suno, which has no public API.')).toBeTruthy();
    expect(within(cards[0]!).getAllByTestId('skeleton').length).toBeGreaterThan(0);
  });

  it('opens the tab named in the address', () => {
    renderAt('/integrations?tab=llm');
    expect(screen.getByRole('tab', { name: 'LLM APIs' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(
      ['OpenAI', 'Anthropic', 'Gemini'].map((name) => screen.getByRole('region', { name })),
    ).toHaveLength(3);
  });

  it('keeps the chosen tab in the address, by click and by arrow key', async () => {
    renderAt('/integrations?tab=social');
    expect(screen.getByRole('tab', { name: 'Social Media' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'LLM APIs' }));
    expect(address()).toBe('/integrations?tab=llm');
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Generation APIs' }));
    expect(screen.getByRole('tab', { name: 'Generation APIs' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(address()).toBe('/integrations');
  });

  it('says when the keys or the social credentials cannot be loaded', () => {
    keys.state = { status: 'error', error: new Error('Missing or insufficient permissions.') };
    social.state = { status: 'error', error: new Error('offline') };
    renderAt('/integrations?tab=social');
    expect(toast).toHaveBeenCalledWith({
      title: 'Failed to load API keys',
      description: 'Missing or insufficient permissions.',
      variant: 'destructive',
    });
    expect(toast).toHaveBeenCalledWith({
      title: 'Failed to load social media credentials',
      description: 'offline',
      variant: 'destructive',
    });
    expect(screen.getByRole('alert').textContent).toContain(
      'Failed to load social media credentials.',
    );
  });
});
