// What part of the timeline's lanes is drawn in full. A 30-minute project zoomed in is hundreds of
// thousands of pixels wide: its ruler ticks, waveforms, filmstrips and keyframe marks are drawn only in a
// window around the part in view (every clip's box stays, so each can still be found and focused). The
// window moves in steps of a quarter of the view's width, half a view either side of it, so scrolling
// re-renders the timeline a few times a view's width instead of at every frame, and the part in view is
// always inside the window (see docs/architecture.md, the editor's timeline).

export interface ViewWindow {
  /** Left edge, px from the lanes' left edge (may be negative). */
  from: number;
  /** Right edge, px. */
  to: number;
}

/** The window drawn for a view scrolled `scrollLeft` px and `viewWidth` px wide. */
export function viewWindow(scrollLeft: number, viewWidth: number): ViewWindow {
  const width = Math.max(1, viewWidth);
  const quarter = width / 4;
  const left = Math.floor(Math.max(0, scrollLeft) / quarter) * quarter;
  return { from: left - width / 2, to: left + width + width / 2 };
}

/** Whether the span [left, left + width) px meets the window. */
export function inWindow(win: ViewWindow, left: number, width: number): boolean {
  return left + width >= win.from && left <= win.to;
}

/** The ruler's tick frames (every `step` frames) that fall in the window, at most `max`. */
export function rulerTicks(
  win: ViewWindow,
  pxPerFrame: number,
  step: number,
  lastFrame: number,
  max = 400,
): number[] {
  const ticks: number[] = [];
  const first = Math.max(0, Math.floor(win.from / pxPerFrame / step) * step);
  const last = Math.min(lastFrame, win.to / pxPerFrame);
  for (let f = first; f <= last && ticks.length < max; f += step) ticks.push(f);
  return ticks;
}
