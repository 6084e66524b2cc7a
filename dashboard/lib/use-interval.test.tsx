// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInterval } from './use-interval';

describe('useInterval', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls back every period until unmounted', () => {
    const callback = vi.fn();
    const { unmount } = renderHook(() => useInterval(callback, 1000));
    vi.advanceTimersByTime(3000);
    expect(callback).toHaveBeenCalledTimes(3);
    unmount();
    vi.advanceTimersByTime(3000);
    expect(callback).toHaveBeenCalledTimes(3);
  });

  it('is paused by a null period and resumes when given one', () => {
    const callback = vi.fn();
    const { rerender } = renderHook(
      ({ everyMs }: { everyMs: number | null }) => useInterval(callback, everyMs),
      { initialProps: { everyMs: null } as { everyMs: number | null } },
    );
    vi.advanceTimersByTime(5000);
    expect(callback).not.toHaveBeenCalled();
    rerender({ everyMs: 1000 });
    vi.advanceTimersByTime(2000);
    expect(callback).toHaveBeenCalledTimes(2);
  });

  it('calls the latest callback without restarting the period', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ callback }) => useInterval(callback, 1000), {
      initialProps: { callback: first },
    });
    vi.advanceTimersByTime(600);
    rerender({ callback: second });
    vi.advanceTimersByTime(400);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
