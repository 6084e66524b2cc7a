// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useScheduleInput } from './composer-shell';

describe('a composer opened from a calendar slot', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('starts its Schedule Date from ?schedule=', () => {
    window.history.replaceState(null, '', '/social/x?schedule=2026-11-27T08%3A00');
    expect(renderHook(() => useScheduleInput()).result.current.value).toBe('2026-11-27T08:00');
  });

  it('ignores a value that is not a date and time', () => {
    window.history.replaceState(null, '', '/social/x?schedule=tomorrow');
    expect(renderHook(() => useScheduleInput()).result.current.value).toBe('');
  });
});
