// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The bell sits on every page: with the browser in Europe/Berlin and the workspace in America/New_York,
// an event's time is the workspace's, named (dashboard/features/social/one-clock.test.tsx, the other screens).

const scheduling = vi.hoisted(() => ({
  value: { timeZone: 'America/New_York', slots: {} } as Record<string, unknown>,
}));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ db: {} }) }));
vi.mock('@core/firebase/inbox', () => ({ markInboxRead: () => Promise.resolve() }));
vi.mock('@/lib/live', () => ({
  useUserQuery: (_build: unknown, convert: (id: string, data: unknown) => unknown) => ({
    status: 'success',
    data: [
      convert('p1', {
        platform: 'x',
        status: 'published',
        text: 'Live on X',
        publishedAt: { toDate: () => new Date('2026-11-30T20:38:00Z') },
        updatedAt: { toDate: () => new Date('2026-11-30T20:38:00Z') },
        timeZone: 'Asia/Tokyo',
      }),
    ],
    retry: () => undefined,
  }),
  // The profile (the workspace's zone) and the inbox's read mark, which finds no field of its own in it.
  useUserDoc: (_build: unknown, convert: (id: string, data: unknown) => unknown) => ({
    status: 'success',
    data: convert('u1', { scheduling: scheduling.value }),
    retry: () => undefined,
  }),
}));

const { InboxBell } = await import('./inbox-bell');

let browserZone: string | undefined;

describe("the inbox's times", () => {
  beforeAll(() => {
    browserZone = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
  });
  afterAll(() => {
    if (browserZone === undefined) delete process.env.TZ;
    else process.env.TZ = browserZone;
  });
  afterEach(cleanup);

  it("names the workspace's zone beside each event's time, not the browser's", () => {
    render(
      <MemoryRouter>
        <InboxBell />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    expect(screen.getByText('Nov 30, 2026, 3:38 PM (America/New_York)')).toBeTruthy();
  });
});
