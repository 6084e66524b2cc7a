// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineItem } from '@core/editor/model';
import { createEditorStore, itemsAtom, selectClipAtom, selectionAtom, undoAtom } from '../atoms';
import { TrackTimeline } from './track-timeline';

// Transitions in the editor: a marker over each cut of the main track selects the clip right of it, whose
// inspector sets the transition and its length; each change is one undo step.

const items: TimelineItem[] = [
  {
    id: 'a',
    type: 'image',
    settings: { url: 'https://x.test/a.png', name: 'Fox' },
    start_time: 0,
    duration: 2,
  },
  {
    id: 'b',
    type: 'image',
    settings: { url: 'https://x.test/b.png', name: 'Owl' },
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
  const store = createEditorStore({ items, settings });
  render(
    <Provider store={store}>
      <TrackTimeline onShowShortcuts={() => undefined} />
    </Provider>,
  );
  return store;
}
const transitionOf = (store: ReturnType<typeof setup>) =>
  store.get(itemsAtom).find((i) => i.id === 'b')?.transition_in;

describe('transitions in the timeline', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('a cut marker selects the right clip; its inspector adds, lengthens and removes the transition', () => {
    const store = setup();
    const cuts = screen.getByRole('group', { name: 'Cuts on the main video track' });
    const marker = within(cuts).getByRole('button', {
      name: 'Cut between Fox and Owl at 00:02:00: add a transition',
    });
    // Keyboard reachable: a real button, focusable, activated by Enter like a click.
    marker.focus();
    expect(document.activeElement).toBe(marker);
    act(() => void fireEvent.click(marker));
    expect(store.get(selectionAtom)).toEqual(['b']);

    const row = screen.getByRole('group', { name: 'Transition from Fox' });
    act(
      () =>
        void fireEvent.change(within(row).getByLabelText('Transition'), {
          target: { value: 'dip-white' },
        }),
    );
    expect(transitionOf(store)).toEqual({ kind: 'dip-white', duration: 0.5 });
    expect(
      within(cuts).getByRole('button', {
        name: 'Transition between Fox and Owl at 00:02:00: Dip to white, 15 frames',
      }),
    ).toBeTruthy();
    expect(screen.getByTestId('transition-band')).toBeTruthy();

    // Longer than the shorter clip (Owl, 30 frames) is cut to it.
    act(
      () =>
        void fireEvent.change(within(row).getByLabelText('Transition length in frames'), {
          target: { value: '45' },
        }),
    );
    expect(transitionOf(store)).toEqual({ kind: 'dip-white', duration: 1 });

    act(() => store.set(undoAtom));
    expect(transitionOf(store)).toEqual({ kind: 'dip-white', duration: 0.5 });
    act(
      () =>
        void fireEvent.change(within(row).getByLabelText('Transition'), { target: { value: '' } }),
    );
    expect(transitionOf(store)).toBeUndefined();
    expect(screen.queryByTestId('transition-band')).toBeNull();
  });

  it('no transition row for the first clip, nor off the main track', () => {
    const store = setup();
    act(() => store.set(selectClipAtom, 'a'));
    expect(screen.getByRole('group', { name: 'Selected clip: Fox' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: /^Transition from/ })).toBeNull();
    act(() => store.set(selectClipAtom, 's'));
    expect(screen.getByRole('group', { name: 'Selected clip: Piano' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: /^Transition from/ })).toBeNull();
  });
});
