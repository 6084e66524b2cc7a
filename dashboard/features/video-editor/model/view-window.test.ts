import { describe, expect, it } from 'vitest';
import { inWindow, rulerTicks, viewWindow } from './view-window';

describe('viewWindow', () => {
  it.each([
    // [scrollLeft, viewWidth, from, to]
    [0, 1000, -500, 1500],
    [249, 1000, -500, 1500],
    [250, 1000, -250, 1750],
    [1_000_000, 1000, 999_500, 1_001_500],
    [-30, 1000, -500, 1500],
  ])('scrolled %i px in a %i px view draws [%i, %i]', (left, width, from, to) => {
    expect(viewWindow(left, width)).toEqual({ from, to });
  });

  it('always holds the part in view, and moves only every quarter of a view', () => {
    const seen = new Set<string>();
    for (let left = 0; left < 5000; left += 7) {
      const w = viewWindow(left, 800);
      expect(w.from).toBeLessThanOrEqual(left);
      expect(w.to).toBeGreaterThanOrEqual(left + 800);
      seen.add(`${w.from}`);
    }
    expect(seen.size).toBe(Math.ceil(5000 / 200));
  });
});

describe('inWindow', () => {
  it('meets a span that overlaps or touches the window', () => {
    const win = { from: 100, to: 300 };
    expect(inWindow(win, 0, 99)).toBe(false);
    expect(inWindow(win, 0, 100)).toBe(true);
    expect(inWindow(win, 300, 50)).toBe(true);
    expect(inWindow(win, 301, 50)).toBe(false);
    expect(inWindow(win, 0, 10_000)).toBe(true);
  });
});

describe('rulerTicks', () => {
  it('labels the window however far into the project, on the step grid', () => {
    // 48 px a frame, a tick every 2 frames, the view 20 minutes in (36000 frames at 30 fps).
    const at = 36_000 * 48;
    const ticks = rulerTicks(viewWindow(at, 1000), 48, 2, 54_000);
    expect(ticks[0]! % 2).toBe(0);
    expect(ticks[0]! * 48).toBeLessThanOrEqual(at);
    expect(ticks.at(-1)! * 48).toBeGreaterThanOrEqual(at + 1000);
    expect(ticks).toContain(36_000);
  });

  it('stops at the last frame and at the cap', () => {
    expect(rulerTicks({ from: -500, to: 1500 }, 1, 100, 450)).toEqual([0, 100, 200, 300, 400]);
    expect(rulerTicks({ from: 0, to: 1e9 }, 1, 1, 1e9, 10)).toHaveLength(10);
  });
});
