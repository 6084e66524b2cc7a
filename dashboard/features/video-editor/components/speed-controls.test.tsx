// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineItem } from '@core/editor/model';
import { createEditorStore, itemsAtom, selectClipAtom, undoAtom } from '../atoms';
import { TrackTimeline } from './track-timeline';

// The inspector's Speed row: presets and a typed value (clamped), each one undo step; the clip's length on
// the timeline becomes its source span over the speed and the clip after it follows.

const items: TimelineItem[] = [
  {
    id: 'v',
    type: 'video',
    settings: { url: 'https://x.test/v.mp4', name: 'Waves' },
    start_time: 0,
    duration: 2,
    track: 'main',
    source_duration: 10,
  },
  {
    id: 'w',
    type: 'video',
    settings: { url: 'https://x.test/w.mp4', name: 'Sand' },
    start_time: 2,
    duration: 1,
    track: 'main',
  },
  {
    id: 'i',
    type: 'image',
    settings: { url: 'https://x.test/i.png', name: 'Fox' },
    start_time: 0,
    duration: 2,
    track: 'overlay-1',
  },
];
const settings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
} as const;

function setup(select = 'v') {
  const store = createEditorStore({ items, settings });
  render(
    <Provider store={store}>
      <TrackTimeline onShowShortcuts={() => undefined} />
    </Provider>,
  );
  act(() => store.set(selectClipAtom, select));
  return store;
}
const item = (store: ReturnType<typeof setup>, id: string) =>
  store.get(itemsAtom).find((i) => i.id === id)!;

describe('speed in the clip inspector', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('a preset sets the speed, halves the clip and pulls the next clip in; undo restores it in one step', () => {
    const store = setup();
    const row = screen.getByRole('group', { name: 'Speed of Waves' });
    act(() => void fireEvent.click(within(row).getByRole('button', { name: '2x' })));
    expect(item(store, 'v')).toMatchObject({ speed: 2, duration: 1 });
    expect(item(store, 'w').start_time).toBe(1);
    expect(within(row).getByRole('button', { name: '2x' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    act(() => store.set(undoAtom));
    expect(item(store, 'v').speed).toBeUndefined();
    expect(item(store, 'v').duration).toBe(2);
    expect(item(store, 'w').start_time).toBe(2);
  });

  it('a typed value is clamped to 0.25..4 and committed once', () => {
    const store = setup();
    const input = screen.getByLabelText('Speed');
    act(() => {
      fireEvent.change(input, { target: { value: '10' } });
      fireEvent.keyDown(input, { key: 'Enter' });
      fireEvent.blur(input);
    });
    expect(item(store, 'v')).toMatchObject({ speed: 4, duration: 0.5 });
    act(() => {
      fireEvent.change(screen.getByLabelText('Speed'), { target: { value: '0.5' } });
      fireEvent.blur(screen.getByLabelText('Speed'));
    });
    expect(item(store, 'v')).toMatchObject({ speed: 0.5, duration: 4 });
    act(() => store.set(undoAtom));
    expect(item(store, 'v').speed).toBe(4);
  });

  it('is not offered on a still image', () => {
    setup('i');
    expect(screen.queryByRole('group', { name: /^Speed of/ })).toBeNull();
  });
});
