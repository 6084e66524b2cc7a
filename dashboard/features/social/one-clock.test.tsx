// @vitest-environment jsdom
import { cleanup, render, renderHook, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawDoc } from '@core/data/statuses';
import { toSocialPost } from '@core/social-posts';
import { postDoc, timestampOf } from './test-support';

// One instant, one clock: with the browser in Europe/Berlin and the workspace in America/New_York, every
// screen shows a time in the workspace's zone (or the channel's own), named where it could be read otherwise.

const live = vi.hoisted(() => ({
  scheduling: {} as Record<string, unknown>,
  scheduled: [] as RawDoc[],
  settled: [] as RawDoc[],
}));

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ db: {}, functions: {} }) }));
vi.mock('@/lib/toast', () => ({ toast: () => undefined }));
vi.mock('@/lib/live', () => {
  const cache = new Map<unknown, unknown>();
  const converted = (docs: RawDoc[], convert: (id: string, data: unknown) => unknown) => {
    if (!cache.has(docs))
      cache.set(
        docs,
        docs.map((d) => convert(d.id, d.data)),
      );
    return cache.get(docs);
  };
  return {
    // Scheduled posts (ordered by scheduledAt) apart from the published and failed ones.
    useUserQuery: (
      build: (db: unknown, uid: string) => unknown,
      convert: (id: string, data: unknown) => unknown,
    ) => ({
      status: 'success',
      data: converted(
        build.toString().includes('scheduledAt') ? live.scheduled : live.settled,
        convert,
      ),
      retry: () => undefined,
    }),
    // The profile document (the workspace's zone); the inbox's read mark finds no field of its own in it.
    useUserDoc: (_build: unknown, convert: (id: string, data: unknown) => unknown) => ({
      status: 'success',
      data: convert('u1', { scheduling: live.scheduling }),
      retry: () => undefined,
    }),
    useUserCollection: (_name: string, read: (docs: RawDoc[]) => unknown) => ({
      state: { status: 'success', data: read([]) },
      retry: () => undefined,
    }),
  };
});

const { SocialOverviewRoute } = await import('./routes/social-overview-route');
const { RecentPosts } = await import('./components/recent-posts');
const { CalendarRoute } = await import('./routes/calendar-route');
const { useShownZone } = await import('@/lib/scheduling');

const NY = 'America/New_York';
let browserZone: string | undefined;

describe('every time on one clock (browser in Europe/Berlin, workspace in New York)', () => {
  beforeAll(() => {
    browserZone = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
  });
  afterAll(() => {
    if (browserZone === undefined) delete process.env.TZ;
    else process.env.TZ = browserZone;
  });
  beforeEach(() => {
    live.scheduling = { timeZone: NY, slots: {} };
    live.scheduled = [
      postDoc('s1', {
        status: 'scheduled',
        text: 'Planned in Berlin',
        // 10:00 in New York, 16:00 in Berlin.
        scheduledAt: timestampOf('2026-12-01T15:00:00Z'),
        timeZone: 'Europe/Berlin',
      }),
    ];
    live.settled = [
      postDoc('p2', {
        status: 'published',
        text: 'Newer, planned in Tokyo',
        publishedAt: timestampOf('2026-11-30T20:38:00Z'),
        updatedAt: timestampOf('2026-11-30T20:38:00Z'),
        timeZone: 'Asia/Tokyo',
      }),
      postDoc('p1', {
        status: 'published',
        text: 'Older, planned in Berlin',
        publishedAt: timestampOf('2026-11-30T19:27:00Z'),
        updatedAt: timestampOf('2026-11-30T19:27:00Z'),
        timeZone: 'Europe/Berlin',
      }),
    ];
  });
  afterEach(cleanup);

  it('the browser really is in Berlin for these tests', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('Europe/Berlin');
  });

  it("/social: Scheduled Posts and Latest Published in the workspace's zone, named", () => {
    render(
      <MemoryRouter>
        <SocialOverviewRoute />
      </MemoryRouter>,
    );
    const scheduled = screen.getByRole('region', { name: 'Scheduled Posts' });
    expect(within(scheduled).getByText(/Dec 1, 2026, 10:00 AM \(America\/New_York\)/)).toBeTruthy();
    const latest = screen.getByRole('region', { name: 'Latest Published and Failed' });
    expect(
      within(latest).getByText(/Published Nov 30, 2026, 3:38 PM \(America\/New_York\)/),
    ).toBeTruthy();
    expect(
      within(latest).getByText(/Published Nov 30, 2026, 2:27 PM \(America\/New_York\)/),
    ).toBeTruthy();
  });

  it('Recent Posts: published times in the given zone, newest first reading later, never the planned zone', () => {
    const posts = live.settled.map((d) => toSocialPost(d.id, d.data));
    render(
      <RecentPosts
        posts={{ status: 'success', data: posts, retry: () => undefined }}
        timeZone={NY}
        onRetried={() => undefined}
      />,
    );
    const lines = screen.getAllByText(/^Published /).map((el) => el.textContent);
    expect(lines).toEqual([
      'Published Nov 30, 2026, 3:38 PM (America/New_York)',
      'Published Nov 30, 2026, 2:27 PM (America/New_York)',
    ]);
  });

  it("a channel with a zone of its own shows its times in that zone; the rest in the workspace's", () => {
    live.scheduling = { timeZone: NY, slots: {}, zones: { linkedin: 'Asia/Tokyo' } };
    const { result } = renderHook(() => useShownZone());
    expect(result.current('linkedin')).toBe('Asia/Tokyo');
    expect(result.current('x')).toBe(NY);
    expect(result.current()).toBe(NY);
  });

  it("the calendar puts each chip in the row of the hour it shows, both in the workspace's zone", () => {
    live.scheduled = [
      postDoc('s2', {
        status: 'scheduled',
        text: 'Evening in Berlin',
        // 20:26 in Berlin, 14:26 in New York.
        scheduledAt: timestampOf('2026-11-26T19:26:00Z'),
        timeZone: 'Europe/Berlin',
      }),
    ];
    live.settled = [];
    render(
      <MemoryRouter>
        <CalendarRoute now={() => new Date('2026-11-25T10:00:00Z')} />
      </MemoryRouter>,
    );
    const chip = screen.getByLabelText(/Evening in Berlin/);
    expect(chip.getAttribute('aria-label')).toBe(
      'X, Scheduled, 14:26 America/New_York: Evening in Berlin',
    );
    expect(chip.textContent).toContain('14:26');
    const row = chip.closest('[role="row"]') as HTMLElement;
    expect(within(row).getByRole('rowheader').textContent).toBe('14:00');
  });
});
