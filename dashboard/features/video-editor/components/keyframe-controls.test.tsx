// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineItem } from '@core/editor/model';
import {
  createEditorStore,
  itemsAtom,
  playheadFrameAtom,
  seekFrameAtom,
  selectClipAtom,
  undoAtom,
} from '../atoms';
import { TrackTimeline } from './track-timeline';

// The inspector's Keyframes section: Add keyframe at the playhead for the chosen property, then each
// keyframe's value, easing and Delete, each one undo step; diamonds on the clip in the timeline.

const items: TimelineItem[] = [
  {
    id: 'a',
    type: 'image',
    settings: { url: 'https://x.test/a.png', name: 'Fox' },
    start_time: 0,
    duration: 2,
    track: 'main',
  },
  {
    id: 's',
    type: 'audio',
    settings: { url: 'https://x.test/s.mp3', name: 'Piano', volume: 1 },
    start_time: 0,
    duration: 3,
    track: 'audio-1',
  },
];
const settings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
} as const;

function setup(select = 'a') {
  const store = createEditorStore({ items, settings });
  render(
    <Provider store={store}>
      <TrackTimeline onShowShortcuts={() => undefined} />
    </Provider>,
  );
  act(() => store.set(selectClipAtom, select));
  return store;
}
const keyframesOf = (store: ReturnType<typeof setup>, id = 'a') =>
  store.get(itemsAtom).find((i) => i.id === id)?.keyframes;
const commit = (input: HTMLElement, value: string) =>
  act(() => {
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  });

describe('keyframes in the clip inspector', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('adds a keyframe at the playhead, edits its value and easing, deletes it, each one undo step', () => {
    const store = setup();
    act(() => store.set(seekFrameAtom, 15));
    const section = screen.getByRole('group', { name: 'Keyframes of Fox' });
    act(
      () =>
        void fireEvent.change(within(section).getByLabelText('Keyframes'), {
          target: { value: 'opacity' },
        }),
    );
    act(() => void fireEvent.click(within(section).getByRole('button', { name: 'Add keyframe' })));
    expect(keyframesOf(store)).toEqual({ opacity: [{ frame: 15, value: 100, easing: 'linear' }] });
    expect(
      screen.getByTestId('keyframe-diamonds').querySelectorAll('[data-frame="15"]'),
    ).toHaveLength(1);

    commit(within(section).getByLabelText('Value of Opacity keyframe at 00:00:15'), '40');
    expect(keyframesOf(store)?.opacity?.[0]?.value).toBe(40);
    act(
      () =>
        void fireEvent.change(
          within(section).getByLabelText('Easing of Opacity keyframe at 00:00:15'),
          { target: { value: 'bezier' } },
        ),
    );
    expect(keyframesOf(store)?.opacity?.[0]).toEqual({
      frame: 15,
      value: 40,
      easing: 'bezier',
      bezier: [0.25, 0.1, 0.25, 1],
    });
    commit(
      within(section).getByLabelText(
        'Bezier control points of Opacity keyframe at 00:00:15 (x1, y1, x2, y2)',
      ),
      '0.1, 0.2, 0.3, 0.4',
    );
    expect(keyframesOf(store)?.opacity?.[0]?.bezier).toEqual([0.1, 0.2, 0.3, 0.4]);

    // One step back each: the Bezier points, the easing, the value.
    act(() => store.set(undoAtom));
    expect(keyframesOf(store)?.opacity?.[0]?.bezier).toEqual([0.25, 0.1, 0.25, 1]);
    act(() => store.set(undoAtom));
    act(() => store.set(undoAtom));
    expect(keyframesOf(store)?.opacity?.[0]).toEqual({ frame: 15, value: 100, easing: 'linear' });
    expect(
      (within(section).getByLabelText('Value of Opacity keyframe at 00:00:15') as HTMLInputElement)
        .value,
    ).toBe('100');

    act(
      () =>
        void fireEvent.click(
          within(section).getByRole('button', { name: 'Delete Opacity keyframe at 00:00:15' }),
        ),
    );
    expect(keyframesOf(store)).toBeUndefined();
    expect(screen.queryByTestId('keyframe-diamonds')).toBeNull();
    act(() => store.set(undoAtom));
    expect(keyframesOf(store)?.opacity).toHaveLength(1);
  });

  it('lists keyframes of every property in time order and seeks to one', () => {
    const store = setup();
    const section = screen.getByRole('group', { name: 'Keyframes of Fox' });
    const add = (prop: string, frame: number) => {
      act(() => store.set(seekFrameAtom, frame));
      act(
        () =>
          void fireEvent.change(within(section).getByLabelText('Keyframes'), {
            target: { value: prop },
          }),
      );
      act(
        () => void fireEvent.click(within(section).getByRole('button', { name: 'Add keyframe' })),
      );
    };
    add('x', 30);
    add('scale', 10);
    const list = within(section).getByRole('list', { name: 'Keyframe list of Fox' });
    expect(
      within(list)
        .getAllByRole('button', { name: /^Go to/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Go to Scale keyframe at 00:00:10', 'Go to Position X keyframe at 00:01:00']);
    act(
      () =>
        void fireEvent.click(
          within(list).getByRole('button', { name: 'Go to Position X keyframe at 00:01:00' }),
        ),
    );
    expect(store.get(playheadFrameAtom)).toBe(30);
  });

  it('offers a sound only its volume, and no keyframe with the playhead outside the clip', () => {
    const store = setup('s');
    const section = screen.getByRole('group', { name: 'Keyframes of Piano' });
    expect(
      Array.from(
        (within(section).getByLabelText('Keyframes') as HTMLSelectElement).options,
        (o) => o.value,
      ),
    ).toEqual(['volume']);
    act(() => store.set(seekFrameAtom, 60));
    act(() => void fireEvent.click(within(section).getByRole('button', { name: 'Add keyframe' })));
    expect(keyframesOf(store, 's')).toEqual({
      volume: [{ frame: 60, value: 0, easing: 'linear' }],
    });
    act(() => store.set(selectClipAtom, 'a'));
    act(() => store.set(seekFrameAtom, 75));
    expect(
      within(screen.getByRole('group', { name: 'Keyframes of Fox' })).getByRole('button', {
        name: 'Add keyframe',
      }),
    ).toHaveProperty('disabled', true);
  });
});
