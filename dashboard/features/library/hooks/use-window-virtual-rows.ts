import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { visibleRows } from '../utils/virtual-grid';

/**
 * Which rows of a window-scrolled grid to render. Recomputed on scroll and resize (once per frame), and
 * whenever the row count or height changes.
 */
export function useWindowVirtualRows({
  containerRef,
  rowCount,
  rowHeight,
  gap,
  overscan = 3,
}: {
  containerRef: RefObject<HTMLElement | null>;
  rowCount: number;
  rowHeight: number;
  gap: number;
  overscan?: number;
}): { start: number; end: number } {
  const [range, setRange] = useState(() => ({ start: 0, end: Math.min(rowCount, 4) }));

  const measure = useCallback(() => {
    const el = containerRef.current;
    if (!el) return;
    const gridTop = el.getBoundingClientRect().top + window.scrollY;
    const next = visibleRows({
      scrollY: window.scrollY,
      viewportHeight: window.innerHeight,
      gridTop,
      rowHeight,
      gap,
      rowCount,
      overscan,
    });
    setRange((r) => (r.start === next.start && r.end === next.end ? r : next));
  }, [containerRef, rowCount, rowHeight, gap, overscan]);

  useLayoutEffect(measure, [measure]);

  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [measure]);

  return range;
}
