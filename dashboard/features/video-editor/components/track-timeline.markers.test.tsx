// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineItem } from '@core/editor/model';
import {
  markersAtom,
  playheadFrameAtom,
  pxPerFrameAtom,
  seekFrameAtom,
  selectionAtom,
  timelineAtom,
  undoAtom,
} from '../atoms';
import { renderEditorTimeline } from './timeline-test-support';

// Markers as the editor screen wires them: M, [ and ] on the window keymap, flags on the ruler, the open
// marker's editor, and the `?` overlay that lists (and remaps) the keys.

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
  const frames = () => store.get(markersAtom).map((m) => m.frame);
  const seek = (frame: number) => act(() => void store.set(seekFrameAtom, frame));
  return { store, frames, seek };
}
const press = (
  key: string,
  init: Partial<KeyboardEventInit> = {},
  target: Element = document.body,
) => act(() => void fireEvent.keyDown(target, { key, bubbles: true, ...init }));
const flags = () =>
  within(screen.getByRole('group', { name: 'Markers' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

describe('timeline markers', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('M adds a marker at the playhead, drawn on the ruler as a named button; Ctrl+Z takes it away', () => {
    const { store, frames, seek } = setup();
    expect(screen.queryByRole('group', { name: 'Markers' })).toBeNull();
    seek(75);
    press('m');
    seek(15);
    press('m');
    // M again on a frame that has one adds nothing.
    press('m');
    expect(frames()).toEqual([15, 75]);
    expect(flags()).toEqual(['Marker 1 at 00:00:15', 'Marker 2 at 00:02:15']);
    const ppf = store.get(pxPerFrameAtom);
    expect(screen.getByRole('button', { name: 'Marker 2 at 00:02:15' }).style.left).toBe(
      `${75 * ppf}px`,
    );
    press('z', { ctrlKey: true });
    expect(frames()).toEqual([75]);
  });

  it('clicking a marker moves the playhead there; [ and ] jump to the previous and the next', () => {
    const { store, seek } = setup();
    for (const f of [10, 40, 70]) {
      seek(f);
      press('m');
    }
    seek(0);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Marker 2 at 00:01:10' }), {
      button: 0,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Marker 2 at 00:01:10' }));
    expect(store.get(playheadFrameAtom)).toBe(40);
    press(']');
    expect(store.get(playheadFrameAtom)).toBe(70);
    press(']');
    expect(store.get(playheadFrameAtom)).toBe(70);
    press('[');
    press('[');
    expect(store.get(playheadFrameAtom)).toBe(10);
  });

  it('a focused marker: Delete removes it (not the selected clip), Alt+arrows move it; the editor renames it', () => {
    const { store, frames, seek } = setup();
    seek(30);
    press('m');
    seek(60);
    press('m');
    act(() => void store.set(seekFrameAtom, 0));
    fireEvent.pointerDown(screen.getByRole('button', { name: /^Fox/ }), { button: 0 });
    fireEvent.pointerUp(screen.getByRole('button', { name: /^Fox/ }));
    expect(store.get(selectionAtom)).toEqual(['a']);
    const first = screen.getByRole('button', { name: 'Marker 1 at 00:01:00' });
    press('ArrowRight', { altKey: true }, first);
    expect(frames()).toEqual([31, 60]);
    // Open the second one's editor and label it: one undo step when the field is left.
    fireEvent.click(screen.getByRole('button', { name: 'Marker 2 at 00:02:00' }));
    const editor = screen.getByRole('group', { name: 'Marker 2 at 00:02:00' });
    const field = within(editor).getByRole('textbox', { name: 'Label' });
    fireEvent.change(field, { target: { value: 'Drop' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(store.get(markersAtom)[1]!.label).toBe('Drop');
    expect(flags()).toEqual(['Marker 1 at 00:01:01', 'Marker 2 at 00:02:00: Drop']);
    press('Delete', {}, screen.getByRole('button', { name: 'Marker 1 at 00:01:01' }));
    expect(frames()).toEqual([60]);
    expect(store.get(timelineAtom).clips.map((c) => c.id)).toEqual(['a', 't']);
    fireEvent.click(within(editor).getByRole('button', { name: /^Delete/ }));
    expect(frames()).toEqual([]);
    act(() => void store.set(undoAtom));
    expect(frames()).toEqual([60]);
  });

  it('dragging a flag moves its marker in one undo step; a click without a drag still seeks', () => {
    const { store, frames, seek } = setup();
    seek(30);
    press('m');
    seek(0);
    const ppf = store.get(pxPerFrameAtom);
    const flag = screen.getByRole('button', { name: 'Marker 1 at 00:01:00' });
    fireEvent.pointerDown(flag, { button: 0, clientX: 30 * ppf });
    fireEvent.pointerMove(flag, { clientX: 50 * ppf });
    fireEvent.pointerUp(flag, { clientX: 50 * ppf });
    fireEvent.click(flag);
    expect(frames()).toEqual([50]);
    // The click that ended the drag did not move the playhead.
    expect(store.get(playheadFrameAtom)).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Marker 1 at 00:01:20' }));
    expect(store.get(playheadFrameAtom)).toBe(50);
    act(() => void store.set(undoAtom));
    expect(frames()).toEqual([30]);
  });

  it('a dragged edge snaps to a marker', () => {
    const { store, seek } = setup();
    seek(45);
    press('m');
    seek(0);
    const ppf = store.get(pxPerFrameAtom);
    const handle = screen.getByRole('slider', { name: 'Trim end of Fox' });
    fireEvent.pointerDown(handle, { button: 0, clientX: 60 * ppf });
    // Frame 47 is 2 frames (about 2 px) from the marker.
    fireEvent.pointerMove(handle, { clientX: 47 * ppf });
    fireEvent.pointerUp(handle);
    expect(store.get(timelineAtom).clips.find((c) => c.id === 'a')!.length).toBe(45);
  });

  it('the shortcuts overlay lists the marker keys, and M can be remapped', () => {
    const { frames } = setup();
    press('?', { shiftKey: true });
    const list = screen.getByRole('list', { name: 'Shortcuts' });
    const row = (label: string) => within(list).getByText(label).closest('li')!;
    expect(within(row('Add a marker at the playhead')).getByText('M')).toBeTruthy();
    expect(within(row('Go to the previous marker')).getByText('[')).toBeTruthy();
    expect(within(row('Go to the next marker')).getByText(']')).toBeTruthy();
    fireEvent.click(
      within(row('Add a marker at the playhead')).getByRole('button', { name: /^Change/ }),
    );
    press('b');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    press('m');
    expect(frames()).toEqual([]);
    press('b');
    expect(frames()).toEqual([0]);
  });
});
