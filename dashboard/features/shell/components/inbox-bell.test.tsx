// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const live = vi.hoisted(() => ({ docs: [] as { id: string; data: Record<string, unknown> }[] }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('@/lib/live', () => ({
  useUserQuery: (_build: unknown, convert: (id: string, data: unknown) => unknown) => ({
    status: 'success',
    data: live.docs.map((d) => convert(d.id, d.data)),
    retry: () => undefined,
  }),
  // The account's shared read time (dashboard/features/shell/api/inbox.test.tsx): never marked in Firestore here.
  useUserDoc: () => ({ status: 'success', data: null, retry: () => undefined }),
}));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ db: {} }) }));
vi.mock('@core/firebase/inbox', () => ({ markInboxRead: () => Promise.resolve() }));

const { InboxBell } = await import('./inbox-bell');

const at = (iso: string) => ({ toDate: () => new Date(iso) });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

function renderBell(entry = '/') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <InboxBell />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the inbox in the header', () => {
  beforeEach(() => {
    window.localStorage.clear();
    live.docs = [
      {
        id: 'ok1',
        data: {
          platform: 'x',
          status: 'published',
          text: 'Live on X',
          publishedAt: at('2026-11-25T10:00:00Z'),
          updatedAt: at('2026-11-25T10:00:00Z'),
        },
      },
      {
        id: 'f1',
        data: {
          platform: 'reddit',
          status: 'failed',
          text: 'Body',
          reddit: { subreddit: 'FlairRequired', title: 'Harbour at dawn' },
          updatedAt: at('2026-11-25T12:00:00Z'),
          error: {
            code: 'invalid_content',
            message: 'r/FlairRequired requires a post flair',
            step: 'create',
            summary: 'This subreddit requires a post flair.',
            fix: { action: 'choose-flair', label: 'Choose a flair' },
          },
        },
      },
      {
        id: 'f2',
        data: {
          platform: 'x',
          status: 'failed',
          text: 'Pic',
          updatedAt: at('2026-11-25T11:00:00Z'),
          error: {
            code: 'auth_expired',
            message: 'X refused',
            step: 'upload',
            summary: 'X refused the saved sign-in for this account.',
            fix: { action: 'reconnect', label: 'Reconnect X' },
          },
        },
      },
      {
        id: 'f3',
        data: {
          platform: 'youtube',
          status: 'failed',
          text: '',
          youtube: { title: 'Clip' },
          updatedAt: at('2026-11-25T09:00:00Z'),
          error: {
            code: 'rate_limited',
            message: 'm',
            step: 'upload',
            summary: 'This channel reached its limit of uploads for now.',
            fix: { action: 'wait', label: 'Wait up to 24 hours' },
          },
        },
      },
      {
        id: 's1',
        data: {
          platform: 'x',
          status: 'scheduled',
          text: 'Later',
          updatedAt: at('2026-11-25T13:00:00Z'),
        },
      },
    ];
  });
  afterEach(cleanup);

  it('counts the unread events on the bell and lists them newest first, each with its kind and fix', () => {
    renderBell();
    const bell = screen.getByRole('button', { name: 'Notifications, 4 unread' });
    fireEvent.click(bell);
    const panel = within(screen.getByRole('region', { name: 'Notifications' }));
    const rows = panel.getAllByRole('link');
    expect(rows.map((r) => r.querySelector('.font-medium span')?.textContent)).toEqual([
      'Failed at posting on Reddit',
      'X needs reconnecting',
      'Published on X',
      'YouTube refused the media',
    ]);
    expect(rows[0]!.textContent).toContain(
      'Harbour at dawn: This subreddit requires a post flair.',
    );
    expect(rows[0]!.textContent).toContain('Fix: Choose a flair');
    expect(rows[1]!.textContent).toContain('Fix: Reconnect X');
    expect(rows[3]!.textContent).not.toContain('Fix:');
  });

  it('links an event to its post on the platform page and closes', () => {
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Notifications' })).getByRole('link', {
        name: /X needs reconnecting/,
      }),
    );
    expect(screen.getByTestId('where').textContent).toBe('/social/x#post-f2');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('Mark all read clears the count, which stays cleared after a reload, until a new event comes', () => {
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(
      screen.getByRole('button', { name: 'Notifications' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(screen.getByRole('button', { name: 'Mark all read' }).hasAttribute('disabled')).toBe(
      true,
    );
    cleanup();

    renderBell();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    cleanup();

    const future = new Date(Date.now() + 3600_000).toISOString();
    live.docs = [
      ...live.docs,
      {
        id: 'ok2',
        data: {
          platform: 'linkedin',
          status: 'published',
          text: 'New',
          publishedAt: at(future),
          updatedAt: at(future),
        },
      },
    ];
    renderBell();
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it('opens on arrival from the extension badge (?inbox=open) and drops the parameter', () => {
    renderBell('/?inbox=open');
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('says so when there are no post events', () => {
    live.docs = [];
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(
      screen.getByText('No post events yet. Published and failed posts show here.'),
    ).toBeTruthy();
  });
});
