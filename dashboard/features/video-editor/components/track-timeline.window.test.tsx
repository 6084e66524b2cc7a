// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineItem } from '@core/editor/model';
import { pxPerFrameAtom, zoomAtom } from '../atoms';
import { PEAKS_PER_SECOND } from '../model/media-strips';
import { renderTimeline } from './timeline-test-support';

// A long project zoomed in: the timeline draws its ruler and what clips show of their media near the view
// only (model/view-window.ts), and every clip's box all along.

const settings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
} as const;
// 30 minutes: a picture all along the main track, a song at the start and one 20 minutes in.
const items: TimelineItem[] = [
  {
    id: 'p',
    type: 'image',
    settings: { url: 'https://x.test/p.png', name: 'Backdrop' },
    start_time: 0,
    duration: 1800,
    track: 'main',
  },
  {
    id: 'a',
    type: 'audio',
    settings: { url: 'https://x.test/a.mp3', name: 'Intro', volume: 1 },
    start_time: 0,
    duration: 10,
    track: 'audio-1',
    source_duration: 10,
  },
  {
    id: 'b',
    type: 'audio',
    settings: { url: 'https://x.test/b.mp3', name: 'Outro', volume: 1 },
    start_time: 1200,
    duration: 10,
    track: 'audio-1',
    source_duration: 10,
  },
];
const peaks = Float32Array.from({ length: 10 * PEAKS_PER_SECOND }, () => 0.5);

function setup(pxPerFrame: number) {
  const store = renderTimeline(items, { peaks: () => peaks }, settings);
  act(() => store.set(zoomAtom, pxPerFrame));
  expect(store.get(pxPerFrameAtom)).toBe(pxPerFrame);
  return store;
}

/** Scrolls the timeline to `px` (jsdom lays nothing out: the view counts as 2000 px wide) and lets its frame run. */
async function scrollTo(px: number) {
  const scroller = screen.getByTestId('timeline-scroll');
  Object.defineProperty(scroller, 'scrollLeft', { configurable: true, value: px });
  fireEvent.scroll(scroller);
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

const waveform = (name: string) => screen.queryByRole('img', { name: `Waveform of ${name}` });
const rulerLabels = () =>
  screen.getByRole('slider', { name: 'Timeline ruler' }).textContent!.match(/\d\d:\d\d:\d\d/g) ??
  [];

describe('a long timeline zoomed in', { timeout: 20_000 }, () => {
  afterEach(() => cleanup());

  it('draws the waveform of the clips near the view, and keeps every clip findable', async () => {
    setup(2);
    // 2 px a frame: the Outro starts 72000 px in.
    expect(waveform('Intro')).not.toBeNull();
    expect(waveform('Outro')).toBeNull();
    expect(screen.getByRole('button', { name: /^Outro, Audio 1, 20:00:00/ })).toBeTruthy();
    await scrollTo(72_000);
    expect(waveform('Outro')).not.toBeNull();
    expect(waveform('Intro')).toBeNull();
    expect(screen.getByRole('button', { name: /^Intro, Audio 1, 00:00:00/ })).toBeTruthy();
  });

  it('labels the ruler where the view is, however far in', async () => {
    setup(48);
    expect(rulerLabels()).toContain('00:01:00');
    // 20 minutes in, at 48 px a frame: 1 728 000 px.
    await scrollTo(36_000 * 48);
    const labels = rulerLabels();
    expect(labels).toContain('20:00:00');
    expect(labels).not.toContain('00:01:00');
    // A window's worth of ticks, not the whole 30 minutes'.
    expect(labels.length).toBeLessThan(100);
  });
});
