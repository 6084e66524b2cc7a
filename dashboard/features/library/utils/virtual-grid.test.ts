import { describe, expect, it } from 'vitest';
import { columnsFor, gridHeight, visibleRows } from './virtual-grid';

describe('columnsFor', () => {
  it.each([
    [0, 1],
    [343, 1],
    [500, 2],
    [760, 3],
    [960, 3],
    [1088, 4],
    [3000, 4],
  ])('%ipx wide holds %i columns', (width, columns) => expect(columnsFor(width)).toBe(columns));
});

describe('visibleRows', () => {
  const base = {
    viewportHeight: 800,
    gridTop: 200,
    rowHeight: 284,
    gap: 16,
    rowCount: 3334,
    overscan: 2,
  };

  it.each([
    ['at the top of the page', 0, { start: 0, end: 5 }],
    ['scrolled into the grid', 3000, { start: 7, end: 15 }],
    ['at the very end', 3334 * 300 - 600, { start: 3329, end: 3334 }],
  ])('renders a small window %s', (_name, scrollY, range) => {
    expect(visibleRows({ ...base, scrollY })).toEqual(range);
  });

  it('renders nothing for an empty grid', () => {
    expect(visibleRows({ ...base, rowCount: 0, scrollY: 0 })).toEqual({ start: 0, end: 0 });
  });

  it('keeps the window small however many rows there are', () => {
    const { start, end } = visibleRows({ ...base, rowCount: 100_000, scrollY: 5_000_000 });
    expect(end - start).toBeLessThanOrEqual(8);
  });
});

describe('gridHeight', () => {
  it.each([
    [0, 0],
    [1, 284],
    [3, 3 * 284 + 2 * 16],
  ])('%i rows are %ipx tall', (rows, height) => expect(gridHeight(rows, 284, 16)).toBe(height));
});
