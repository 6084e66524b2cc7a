import { useEffect, useRef, useState } from 'react';
import { useNow } from '@/lib/use-now';
import type { LibraryItem } from '../api/get-generations';
import { useWindowVirtualRows } from '../hooks/use-window-virtual-rows';
import { columnsFor, GRID_GAP_PX, gridHeight } from '../utils/virtual-grid';
import { ProjectCard } from './project-card';

// Card footer height (title, meta line, 36px buttons, padding) used until a real row has been measured.
const FOOTER_ESTIMATE_PX = 62;

/**
 * The library grid, virtualised against the window's scroll: only rows near the viewport are in the DOM
 * (about 3 rows of overscan each side), so 10,000 loaded items cost no more to scroll than 50.
 */
export function LibraryGrid({
  items,
  downloadingId,
  onDownload,
  onDelete,
}: {
  items: LibraryItem[];
  downloadingId: string | null;
  onDownload: (item: LibraryItem) => void;
  onDelete: (item: LibraryItem) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [measuredRow, setMeasuredRow] = useState<{ width: number; height: number } | null>(null);
  const now = useNow(60_000);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) =>
      setWidth(entry?.contentRect.width ?? el.clientWidth),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const columns = columnsFor(width);
  const cardWidth = width > 0 ? (width - GRID_GAP_PX * (columns - 1)) / columns : 0;
  const estimate = cardWidth > 0 ? Math.round((cardWidth * 9) / 16 + FOOTER_ESTIMATE_PX) : 240;
  const rowHeight = measuredRow && measuredRow.width === width ? measuredRow.height : estimate;
  const rowCount = Math.ceil(items.length / columns);
  const { start, end } = useWindowVirtualRows({
    containerRef,
    rowCount,
    rowHeight,
    gap: GRID_GAP_PX,
  });

  // Every row has the same height (fixed card layout), so measuring the first rendered one is enough.
  const measureRow = (el: HTMLDivElement | null) => {
    if (!el || width === 0) return;
    const h = el.getBoundingClientRect().height;
    if (h > 0 && (measuredRow?.height !== h || measuredRow.width !== width))
      setMeasuredRow({ width, height: h });
  };

  const rows = [];
  for (let r = start; r < end; r++) {
    const rowItems = items.slice(r * columns, r * columns + columns);
    rows.push(
      <div
        key={r}
        ref={r === start ? measureRow : undefined}
        role="presentation"
        className="absolute inset-x-0 grid"
        style={{
          top: r * (rowHeight + GRID_GAP_PX),
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gap: GRID_GAP_PX,
        }}
      >
        {rowItems.map((item, i) => (
          <div
            key={item.id}
            role="listitem"
            aria-posinset={r * columns + i + 1}
            aria-setsize={items.length}
          >
            <ProjectCard
              item={item}
              now={now}
              downloading={downloadingId === item.id}
              onDownload={onDownload}
              onDelete={onDelete}
            />
          </div>
        ))}
      </div>,
    );
  }

  return (
    <div
      ref={containerRef}
      role="list"
      aria-label="Projects"
      className="relative w-full"
      style={{ height: gridHeight(rowCount, rowHeight, GRID_GAP_PX) }}
    >
      {width > 0 ? rows : null}
    </div>
  );
}
