import { describe, expect, it } from 'vitest';
import { MUSIC_PROGRESS, timedProgress, VIDEO_PROGRESS_TIMING } from './constants';

describe('timedProgress', () => {
  it.each([
    [0, 0],
    [-5, 0],
    [2999, 0],
    [3000, 5],
    [9000, 15],
    [56_999, 90],
    [57_000, 95],
    [600_000, 95],
    [Number.NaN, 0],
  ])('video after %i ms reads %i (+5 every 3 s, capped at 95)', (ms, progress) => {
    expect(timedProgress(ms, VIDEO_PROGRESS_TIMING)).toBe(progress);
  });

  it.each([
    [999, 0],
    [1000, 10],
    [5500, 50],
    [9000, 90],
    [10_000, 95],
  ])('music after %i ms reads %i (+10 a second, held at 95 until saved)', (ms, progress) => {
    expect(timedProgress(ms, MUSIC_PROGRESS)).toBe(progress);
  });
});
