// Window-scrolled virtual grid maths: only the rows near the viewport are rendered, so a library of
// 10,000 cards keeps a few dozen in the DOM. Pure, so it is tested without a browser.

export const GRID_GAP_PX = 16;

/** Columns for a container width: cards at least `minCardWidth` wide, 1 to `maxColumns` of them. */
export function columnsFor(
  width: number,
  minCardWidth = 240,
  gap = GRID_GAP_PX,
  maxColumns = 4,
): number {
  if (!Number.isFinite(width) || width <= 0) return 1;
  return Math.max(1, Math.min(maxColumns, Math.floor((width + gap) / (minCardWidth + gap))));
}

export interface RowWindow {
  /** Window scroll offset (scrollY). */
  scrollY: number;
  viewportHeight: number;
  /** The grid's top edge in document coordinates. */
  gridTop: number;
  rowHeight: number;
  gap: number;
  rowCount: number;
  /** Extra rows rendered above and below the viewport. */
  overscan: number;
}

/** The rows to render, [start, end). Empty when there are no rows or the grid is far off screen. */
export function visibleRows({
  scrollY,
  viewportHeight,
  gridTop,
  rowHeight,
  gap,
  rowCount,
  overscan,
}: RowWindow): { start: number; end: number } {
  if (rowCount <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const stride = rowHeight + gap;
  const top = scrollY - gridTop;
  const first = Math.floor(top / stride);
  const last = Math.floor((top + viewportHeight) / stride);
  const start = Math.max(0, Math.min(rowCount, first - overscan));
  const end = Math.max(start, Math.min(rowCount, last + 1 + overscan));
  return { start, end };
}

export function gridHeight(rowCount: number, rowHeight: number, gap: number): number {
  return rowCount <= 0 ? 0 : rowCount * rowHeight + (rowCount - 1) * gap;
}
