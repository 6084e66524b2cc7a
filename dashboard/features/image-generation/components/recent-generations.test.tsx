// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECENT_GALLERY_ITEMS } from '@core/constants';
import type { LiveState } from '@core/react/use-live';

const recent = vi.hoisted(() => ({
  state: { status: 'loading' } as LiveState<unknown[]>,
  asked: [] as unknown[],
}));
vi.mock('@/lib/jobs/job-reads', () => ({
  useRecentGenerations: (kind: string, count: number) => {
    recent.asked.push([kind, count]);
    return recent.state;
  },
}));

const { RecentGenerations } = await import('./recent-generations');

const region = () => screen.getByRole('region', { name: 'Recent Generations' });
const show = (state: LiveState<unknown[]>) => {
  recent.state = state;
  render(<RecentGenerations onDownload={vi.fn()} pendingUrl={null} />);
};

afterEach(cleanup);

describe('RecentGenerations on the image page', () => {
  it("reads the user's newest image generations and is busy while they load", () => {
    recent.asked = [];
    show({ status: 'loading', retry: vi.fn() });
    expect(recent.asked).toEqual([['image', RECENT_GALLERY_ITEMS]]);
    expect(region().getAttribute('aria-busy')).toBe('true');
  });

  it('says No recent generations when there are none', () => {
    show({ status: 'success', data: [], retry: vi.fn() });
    expect(within(region()).getByText('No recent generations')).toBeTruthy();
    expect(region().getAttribute('aria-busy')).toBeNull();
    expect(within(region()).queryByRole('list')).toBeNull();
  });
});
