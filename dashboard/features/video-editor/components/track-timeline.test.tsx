// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineItem } from '@core/editor/model';
import {
  addClipAtom,
  createEditorStore,
  itemsAtom,
  pxPerFrameAtom,
  selectionAtom,
  seekFrameAtom,
  settingsAtom,
  snappingAtom,
  timelineAtom,
  undoAtom,
} from '../atoms';
import { noClipMedia, type ClipMediaSource } from '../media/clip-media';
import { KEYMAP_STORAGE_KEY } from '../model/keymap';
import { clipPeaks, PEAKS_PER_SECOND, waveformPath } from '../model/media-strips';
import { TrackTimeline } from './track-timeline';
import { renderEditorTimeline, renderTimeline } from './timeline-test-support';

// The timeline as the editor screen wires it: the tracks, the window keymap and the `?` overlay.

const items: TimelineItem[] = [
  {
    id: 'a',
    type: 'image',
    settings: { url: 'https://x.test/a.png', name: 'Fox' },
    start_time: 0,
    duration: 2,
  },
  {
    id: 't',
    type: 'title',
    settings: { text: 'Hello', fontSize: 32, color: '#ffffff' },
    start_time: 2,
    duration: 1,
  },
  {
    id: 's',
    type: 'audio',
    settings: { url: 'https://x.test/s.mp3', name: 'Piano', volume: 1 },
    start_time: 0,
    duration: 3,
  },
];
const settings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
} as const;

function setup() {
  const store = renderEditorTimeline(items, settings);
  const layout = () =>
    store
      .get(timelineAtom)
      .clips.map((c) => `${c.track}:${c.start}+${c.length}${c.in ? `/in${c.in}` : ''}`);
  return { store, layout };
}
const clipButton = (name: RegExp) => screen.getByRole('button', { name });
const press = (
  key: string,
  init: Partial<KeyboardEventInit> = {},
  target: Element = document.body,
) => act(() => void fireEvent.keyDown(target, { key, bubbles: true, ...init }));

describe('track timeline', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('an empty project zooms to fit its first clip; later edits keep the zoom', () => {
    const store = renderEditorTimeline([], settings);
    // jsdom lays nothing out: the view counts as 100 px wide; an empty project shows one second.
    expect(store.get(pxPerFrameAtom)).toBeCloseTo(100 / 30);
    act(
      () =>
        void store.set(addClipAtom, {
          id: 'long',
          type: 'title',
          settings: { text: 'Long', fontSize: 32, color: '#ffffff' },
          start_time: 0,
          duration: 10,
        }),
    );
    expect(store.get(pxPerFrameAtom)).toBeCloseTo(100 / 300);
    act(
      () =>
        void store.set(addClipAtom, {
          id: 'more',
          type: 'title',
          settings: { text: 'More', fontSize: 32, color: '#ffffff' },
          start_time: 10,
          duration: 10,
        }),
    );
    expect(store.get(pxPerFrameAtom)).toBeCloseTo(100 / 300);
  });

  it('opens zoomed to fit, each track with its clips as wide as they last', () => {
    const { store } = setup();
    // jsdom lays nothing out: the view counts as 100 px wide, the project is 90 frames.
    expect(store.get(pxPerFrameAtom)).toBeCloseTo(100 / 90);
    const main = screen.getByRole('group', { name: 'Track: Main video' });
    expect(
      within(main)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Fox, Main video, 00:00:00 to 00:02:00', 'Hello, Main video, 00:02:00 to 00:03:00']);
    const ppf = store.get(pxPerFrameAtom);
    expect(clipButton(/^Fox, Main video/).parentElement!.style.width).toBe(`${60 * ppf}px`);
    expect(clipButton(/^Piano, Audio 1/).parentElement!.style.width).toBe(`${90 * ppf}px`);
    expect(
      screen.getAllByRole('group', { name: /^Track: / }).map((l) => l.getAttribute('aria-label')),
    ).toEqual([
      'Track: Captions',
      'Track: Overlay 2',
      'Track: Overlay 1',
      'Track: Main video',
      'Track: Audio 1',
      'Track: Audio 2',
    ]);
  });

  it('S splits at the playhead, Ctrl+Z undoes it in one step, and keys do nothing while typing', () => {
    const { store, layout } = setup();
    act(() => store.set(seekFrameAtom, 30));
    press('s', {}, screen.getByLabelText('Some field'));
    expect(layout()).toEqual(['main:0+60', 'main:60+30', 'audio-1:0+90']);
    press('s');
    expect(layout()).toEqual([
      'main:0+30',
      'main:30+30/in30',
      'main:60+30',
      'audio-1:0+30',
      'audio-1:30+60/in30',
    ]);
    press('z', { ctrlKey: true });
    expect(layout()).toEqual(['main:0+60', 'main:60+30', 'audio-1:0+90']);
  });

  it('click selects, Delete leaves a gap and Shift+Delete ripples', () => {
    const { store, layout } = setup();
    fireEvent.pointerDown(clipButton(/^Fox/), { button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerUp(clipButton(/^Fox/));
    expect(store.get(selectionAtom)).toEqual(['a']);
    press('Delete');
    expect(layout()).toEqual(['main:60+30', 'audio-1:0+90']);
    press('z', { ctrlKey: true });
    fireEvent.pointerDown(clipButton(/^Fox/), { button: 0 });
    fireEvent.pointerUp(clipButton(/^Fox/));
    press('Delete', { shiftKey: true });
    expect(layout()).toEqual(['main:0+30', 'audio-1:0+90']);
  });

  it('dragging a trim handle trims the clip, snapping to the playhead within 8 px', () => {
    const { store, layout } = setup();
    const ppf = store.get(pxPerFrameAtom);
    act(() => store.set(seekFrameAtom, 40));
    const handle = screen.getByRole('slider', { name: 'Trim end of Fox' });
    fireEvent.pointerDown(handle, { button: 0, clientX: 60 * ppf });
    // 23 frames left of the end lands 3 frames from the playhead: within 8 px at 2 px per frame.
    fireEvent.pointerMove(handle, { clientX: 37 * ppf });
    fireEvent.pointerUp(handle);
    expect(layout()[0]).toBe('main:0+40');
    // With snapping off (N) the edge goes where it is dropped.
    press('n');
    expect(store.get(snappingAtom)).toBe(false);
    const handle2 = screen.getByRole('slider', { name: 'Trim start of Fox' });
    fireEvent.pointerDown(handle2, { button: 0, clientX: 0 });
    fireEvent.pointerMove(handle2, { clientX: 5 * ppf });
    fireEvent.pointerUp(handle2);
    expect(layout()[0]).toBe('main:5+35/in5');
  });

  it('trim handles and clips work from the keyboard: arrows trim, Alt+arrows move, Alt+Up changes track', () => {
    const { layout } = setup();
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Trim end of Fox' }), {
      key: 'ArrowLeft',
    });
    expect(layout()[0]).toBe('main:0+59');
    fireEvent.keyDown(clipButton(/^Hello/), { key: 'ArrowRight', altKey: true });
    expect(layout()).toContain('main:61+30');
    fireEvent.keyDown(clipButton(/^Hello/), { key: 'ArrowUp', altKey: true });
    expect(layout()).toContain('overlay-1:61+30');
  });

  it('dragging a clip onto another lane moves it there', () => {
    const { store, layout } = setup();
    const ppf = store.get(pxPerFrameAtom);
    const fox = clipButton(/^Fox/);
    // Lanes are 56 px: y 180 is the main track (the fourth), y 130 the first overlay above it.
    fireEvent.pointerDown(fox, { button: 0, clientX: 20, clientY: 180 });
    fireEvent.pointerMove(fox, { clientX: 20 + 50 * ppf, clientY: 130 });
    fireEvent.pointerUp(fox);
    expect(layout()).toEqual(['overlay-1:50+60', 'main:60+30', 'audio-1:0+90']);
  });

  it('zooms with the buttons and +/-, and Shift+Z fits the project', () => {
    const { store } = setup();
    const start = store.get(pxPerFrameAtom);
    press('+', { shiftKey: true });
    expect(store.get(pxPerFrameAtom)).toBeCloseTo(start * 1.5);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(store.get(pxPerFrameAtom)).toBeCloseTo(start);
    press('Z', { shiftKey: true });
    // jsdom lays nothing out: the view counts as 100 px wide, the project is 90 frames.
    expect(store.get(pxPerFrameAtom)).toBeCloseTo(100 / 90);
  });

  it('? lists every binding; a remap works at once and is kept for next time', () => {
    setup();
    press('?', { shiftKey: true });
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getAllByRole('listitem').length).toBeGreaterThanOrEqual(26);
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Change the key for Split at playhead' }),
    );
    press('b');
    expect(within(dialog).getByText('Split at playhead').parentElement!.textContent).toContain('B');
    expect(JSON.parse(localStorage.getItem(KEYMAP_STORAGE_KEY)!)).toEqual({ split: ['B'] });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    return Promise.resolve().then(() => {
      cleanup();
      const { store: again, layout: layout2 } = setup();
      act(() => again.set(seekFrameAtom, 30));
      press('s');
      expect(layout2()).toEqual(['main:0+60', 'main:60+30', 'audio-1:0+90']);
      press('b');
      expect(layout2()).toHaveLength(5);
    });
  });

  it('mute and solo buttons set the track mix', () => {
    const { store } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Mute Audio 1' }));
    expect(screen.getByRole('button', { name: 'Mute Audio 1' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Solo Audio 2' }));
    expect(store.get(settingsAtom).trackMix).toEqual({
      'audio-1': { muted: true },
      'audio-2': { solo: true },
    });
  });
});

describe('waveforms and filmstrips', { timeout: 20_000 }, () => {
  afterEach(() => cleanup());

  // 3 s of sound: loud in its first second, quiet after. The video's file has a second of sound.
  const piano = Float32Array.from({ length: 3 * PEAKS_PER_SECOND }, (_, i) =>
    i < PEAKS_PER_SECOND ? 0.9 : 0.2,
  );
  const waves = Float32Array.from({ length: PEAKS_PER_SECOND }, () => 0.5);
  const withMedia: TimelineItem[] = [
    {
      id: 'v',
      type: 'video',
      settings: { url: 'https://x.test/v.mp4', name: 'Waves' },
      start_time: 0,
      duration: 1,
      track: 'main',
      source_duration: 1,
    },
    {
      id: 'i',
      type: 'image',
      settings: { url: 'https://x.test/i.png', name: 'Fox' },
      start_time: 1,
      duration: 1,
      track: 'main',
    },
    {
      id: 's',
      type: 'audio',
      settings: { url: 'https://x.test/s.mp3', name: 'Piano', volume: 1 },
      start_time: 0,
      duration: 3,
      track: 'audio-1',
      source_duration: 3,
    },
  ];
  function setupMedia() {
    const asked: string[] = [];
    const source: ClipMediaSource = {
      ...noClipMedia,
      peaks: (url) => ({ 'https://x.test/s.mp3': piano, 'https://x.test/v.mp4': waves })[url],
      requestPeaks: (url) => void asked.push(`peaks ${url}`),
      requestThumbs: (url, height, times) =>
        void asked.push(`thumbs ${url} ${height} ${times.join(',')}`),
    };
    const store = renderTimeline(withMedia, source, settings);
    return { store, asked };
  }
  /** The path a waveform box should draw for the source from `inSec` for `durSec`. */
  const expected = (svg: Element, peaks: Float32Array, inSec: number, durSec: number) => {
    const [, , columns, height] = svg.getAttribute('viewBox')!.split(' ').map(Number);
    return waveformPath(
      clipPeaks(peaks, PEAKS_PER_SECOND, inSec, durSec, columns!),
      columns!,
      height!,
    );
  };
  const pathOf = (name: string) =>
    screen.getByRole('img', { name }).querySelector('[data-testid="waveform"]')!.getAttribute('d');

  it('draws a waveform on every clip with sound, video included, and asks for the media it shows', () => {
    const { asked } = setupMedia();
    const audio = screen.getByRole('img', { name: 'Waveform of Piano' });
    expect(pathOf('Waveform of Piano')).toBe(expected(audio, piano, 0, 3));
    expect(pathOf('Waveform of Piano')).toMatch(/^M0 [\d.]+L/);
    expect(pathOf('Waveform of Waves')).toBe(
      expected(screen.getByRole('img', { name: 'Waveform of Waves' }), waves, 0, 1),
    );
    expect(screen.queryByRole('img', { name: 'Waveform of Fox' })).toBeNull();
    expect(asked).toContain('peaks https://x.test/s.mp3');
    expect(asked).toContain('peaks https://x.test/v.mp4');
    // The video's filmstrip: thumbnails on the source's frame grid from its first frame.
    expect(asked.find((a) => a.startsWith('thumbs https://x.test/v.mp4'))).toMatch(
      /^thumbs https:\/\/x\.test\/v\.mp4 \d+ 0(,|$)/,
    );
  });

  it('redraws the slice the clip plays after a trim', () => {
    setupMedia();
    const before = pathOf('Waveform of Piano');
    // Trim a second off the start: the clip now plays the source's quiet part from 1 s.
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Trim start of Piano' }), {
      key: 'ArrowRight',
      shiftKey: true,
    });
    const after = pathOf('Waveform of Piano');
    expect(after).not.toBe(before);
    expect(after).toBe(
      expected(screen.getByRole('img', { name: 'Waveform of Piano' }), piano, 1, 2),
    );
  });

  it('draws the volume line at the clip gain and sets fades from the handles, each one undo step', () => {
    const { store } = setupMedia();
    const line = () =>
      screen
        .getByRole('img', { name: 'Waveform of Piano' })
        .querySelector('[data-testid="volume-line"]')!
        .getAttribute('points')!;
    expect(line()).toMatch(/^0,[\d.]+ [\d.]+,[\d.]+$/);
    expect(screen.queryByRole('slider', { name: 'Fade in of Piano' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('button', { name: /^Piano, Audio 1/ }), { key: 'Enter' });
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Fade in of Piano' }), {
      key: 'ArrowRight',
      shiftKey: true,
    });
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Fade out of Piano' }), {
      key: 'ArrowLeft',
    });
    expect(store.get(itemsAtom).find((i) => i.id === 's')).toMatchObject({
      fade_in: 1,
      fade_out: 1 / 30,
    });
    // The line now rises from the bottom over the fade-in and falls over the fade-out.
    expect(line().split(' ')).toHaveLength(4);
    act(() => store.set(undoAtom));
    expect(store.get(itemsAtom).find((i) => i.id === 's')).toMatchObject({ fade_in: 1 });
    expect(store.get(itemsAtom).find((i) => i.id === 's')).not.toHaveProperty('fade_out');
  });
});

describe('the selected clip', { timeout: 20_000 }, () => {
  afterEach(() => cleanup());

  it('shows an empty timeline as such', () => {
    render(
      <Provider store={createEditorStore({ items: [], settings })}>
        <TrackTimeline onShowShortcuts={() => undefined} />
      </Provider>,
    );
    expect(
      screen.getByText('No clips yet. Add images, videos or titles from the left panel.'),
    ).toBeTruthy();
  });

  it('changes duration (the track follows), place, text, and removes, each one undo step', () => {
    const { store, layout } = setup();
    fireEvent.keyDown(clipButton(/^Fox, Main video/), { key: 'Enter' });
    const panel = screen.getByRole('group', { name: 'Selected clip: Fox' });
    fireEvent.change(within(panel).getByLabelText('Duration of Fox'), { target: { value: '1.5' } });
    expect(layout()).toEqual(['main:0+45', 'main:45+30', 'audio-1:0+90']);
    expect(within(panel).getByRole('button', { name: 'Move Fox earlier' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Move Fox later' }));
    expect(layout()).toEqual(['main:0+30', 'main:30+45', 'audio-1:0+90']);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(layout()).toEqual(['main:0+45', 'main:45+30', 'audio-1:0+90']);
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    fireEvent.keyDown(clipButton(/^Hello, Main video/), { key: 'Enter' });
    fireEvent.change(screen.getByLabelText('Title text'), { target: { value: 'Hi there' } });
    expect(store.get(itemsAtom).find((i) => i.id === 't')).toMatchObject({
      settings: { text: 'Hi there' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Hi there' }));
    expect(layout()).toEqual(['main:0+45', 'audio-1:0+90']);
  });
});
