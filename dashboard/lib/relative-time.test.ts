import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2026-03-18T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelativeTime', () => {
  it.each([
    [ago(10_000), 'just now'],
    [ago(5 * MIN), '5 minutes ago'],
    [ago(3 * HOUR), '3 hours ago'],
    [ago(DAY), 'yesterday'],
    [ago(3 * DAY), '3 days ago'],
    [ago(14 * DAY), '2 weeks ago'],
    [ago(400 * DAY), 'last year'],
  ])('%s reads %s', (date, expected) => {
    expect(formatRelativeTime(date, now)).toBe(expected);
  });
});
