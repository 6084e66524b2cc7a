// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimelineItem } from '@core/editor/model';
import { selectClipAtom, zoomAtom } from '../atoms';
import { PEAKS_PER_SECOND } from '../model/media-strips';
import { clipLabel } from './clip-inspector';
import { renderTimeline } from './timeline-test-support';

// A zoom step or a scroll re-renders the clips near the view only: every clip's box still follows the zoom,
// but a clip away from the view keeps what it renders inside (its label, handles) as it was. Which clips
// rendered is seen through clipLabel, which a clip's content calls each time it renders.

vi.mock('./clip-inspector', async (importOriginal) => {
  const real = await importOriginal<{ clipLabel: typeof clipLabel }>();
  return { ...real, clipLabel: vi.fn(real.clipLabel) };
});

const settings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
} as const;
// 30 minutes of music on one track: a 10-second clip every minute (none on the main track: no cut markers).
const items: TimelineItem[] = Array.from({ length: 30 }, (_, i) => ({
  id: `m${i}`,
  type: 'audio' as const,
  settings: { url: `https://x.test/m${i}.mp3`, name: `Song ${i}`, volume: 1 },
  start_time: i * 60,
  duration: 10,
  track: 'audio-1',
  source_duration: 10,
}));
const peaks = Float32Array.from({ length: 10 * PEAKS_PER_SECOND }, () => 0.5);

function setup(pxPerFrame: number) {
  const store = renderTimeline(items, { peaks: () => peaks }, settings);
  act(() => store.set(zoomAtom, pxPerFrame));
  return store;
}

/** The names of the clips whose content rendered since the last call. */
const rendered = () => {
  const names = [
    ...new Set(vi.mocked(clipLabel).mock.results.map((r) => r.value as string)),
  ].sort();
  vi.mocked(clipLabel).mockClear();
  return names;
};
const box = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^${name}, Audio 1`) }).parentElement!;

describe('a long timeline re-renders what is near the view', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.mocked(clipLabel).mockClear();
  });
  afterEach(() => cleanup());

  it('a zoom step re-renders the clips near the view and moves every box', () => {
    // 1 px a frame: a clip every 1800 px; jsdom's view counts as 2000 px wide, its window -1000 to 3000 px.
    const store = setup(1);
    rendered();
    act(() => store.set(zoomAtom, 1.5));
    // Song 0 (0-450 px) and Song 1 (2700-3150 px) are in the window at 1.5 px a frame; Song 2 (5400 px) is not.
    expect(rendered()).toEqual(['Song 0', 'Song 1']);
    expect(box('Song 29').style.left).toBe(`${29 * 1800 * 1.5}px`);
    expect(box('Song 29').style.width).toBe(`${300 * 1.5}px`);
    expect(
      screen
        .getAllByRole('img', { name: /^Waveform of / })
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['Waveform of Song 0', 'Waveform of Song 1']);
  });

  it('a scroll re-renders the clips entering and leaving the view, not the rest', async () => {
    setup(1);
    rendered();
    const scroller = screen.getByTestId('timeline-scroll');
    // 20 minutes in (36000 px): the window is 35000-39000 px, Song 19 (34200-34500) left behind and Song 20 (36000) in.
    Object.defineProperty(scroller, 'scrollLeft', { configurable: true, value: 36_000 });
    fireEvent.scroll(scroller);
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(rendered()).toEqual(['Song 0', 'Song 1', 'Song 20', 'Song 21']);
    expect(
      screen
        .getAllByRole('img', { name: /^Waveform of / })
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['Waveform of Song 20', 'Waveform of Song 21']);
  });

  it('leaves the boxes out of view to the browser, but a selected one, whose ring spills out of its box', () => {
    const store = setup(1);
    const skipped = (name: string) => box(name).className.includes('[content-visibility:auto]');
    expect(skipped('Song 0')).toBe(true);
    expect(skipped('Song 29')).toBe(true);
    act(() => store.set(selectClipAtom, 'm29'));
    expect(skipped('Song 29')).toBe(false);
    // A box narrower than its label's padding spills too: 10 s at 0.05 px a frame is 15 px.
    act(() => store.set(zoomAtom, 0.05));
    expect(skipped('Song 0')).toBe(false);
  });
});
