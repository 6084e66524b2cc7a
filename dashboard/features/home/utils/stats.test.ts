import { describe, expect, it } from 'vitest';
import { formatChange, goalPercent, percentChange, startOfWeek, statWindows } from './stats';

describe('percentChange', () => {
  it.each([
    [112, 100, 12],
    [32, 32, 0],
    [24, 32, -25],
    [3, 0, null],
    [0, 0, null],
    [0, 5, -100],
    [2, 3, -33],
    [1, 3, -67],
    [5, 2, 150],
  ])('%i now vs %i before: %s', (current, previous, expected) => {
    expect(percentChange(current, previous)).toBe(expected);
  });
});

describe('formatChange', () => {
  it.each([
    [12, '+12%'],
    [0, '0%'],
    [-8, '-8%'],
    [null, '—'],
  ])('%s reads %s', (change, expected) => {
    expect(formatChange(change)).toBe(expected);
  });
});

describe('statWindows', () => {
  it('covers the last 30 days and the 30 before them', () => {
    const now = new Date('2026-03-31T12:00:00Z');
    const { currentFrom, previousFrom } = statWindows(now);
    expect(currentFrom.toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(previousFrom.toISOString()).toBe('2026-01-30T12:00:00.000Z');
  });
});

describe('startOfWeek', () => {
  it.each([
    ['Wednesday', new Date(2026, 2, 18, 15, 30), new Date(2026, 2, 16)],
    ['Monday morning', new Date(2026, 2, 16, 0, 5), new Date(2026, 2, 16)],
    ['Sunday night', new Date(2026, 2, 22, 23, 59), new Date(2026, 2, 16)],
    ['across a month', new Date(2026, 3, 1, 9), new Date(2026, 2, 30)],
  ])('%s starts on Monday 00:00', (_name, now, expected) => {
    expect(startOfWeek(now).getTime()).toBe(expected.getTime());
  });
});

describe('goalPercent', () => {
  it.each([
    [24, 30, 80],
    [0, 30, 0],
    [45, 30, 100],
    [5, 0, 0],
  ])('%i of %i is %i%%', (value, target, expected) => {
    expect(goalPercent(value, target)).toBe(expected);
  });
});
