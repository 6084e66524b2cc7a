import { describe, expect, it } from 'vitest';
import { sweepClock } from './clock';

describe('the sweep clock', () => {
  const wall = () => Date.parse('2026-01-02T03:04:05Z');

  it.each([
    [
      'a later schedule time in the emulator moves it forward',
      '2026-01-02T03:06:05Z',
      true,
      '2026-01-02T03:06:05.000Z',
    ],
    [
      'an earlier schedule time never moves it back',
      '2026-01-02T03:00:00Z',
      true,
      '2026-01-02T03:04:05.000Z',
    ],
    [
      'outside the emulator it is the wall clock whatever the schedule time says',
      '2026-01-02T03:06:05Z',
      false,
      '2026-01-02T03:04:05.000Z',
    ],
    ['a schedule time that is not a date is ignored', 'soon', true, '2026-01-02T03:04:05.000Z'],
  ])('%s', (_, scheduleTime, emulated, expected) => {
    expect(sweepClock(scheduleTime, emulated, wall).now().toISOString()).toBe(expected);
  });
});
