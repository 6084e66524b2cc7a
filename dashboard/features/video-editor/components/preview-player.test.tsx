// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineItem } from '@core/editor/model';
import { createEditorStore, seekAtom } from '../atoms';
import { ClipMediaContext, noClipMedia } from '../media/clip-media';
import { PreviewPlayer } from './preview-player';
import { timelineSettings } from './timeline-test-support';
import { TrackTimeline } from './track-timeline';

// The player and the timeline read one instant in one format: the timeline's mm:ss:frames.

const items: TimelineItem[] = [
  {
    id: 'a',
    type: 'image',
    settings: { url: 'https://x.test/a.png', name: 'Fox' },
    start_time: 0,
    duration: 13,
  },
];

describe('PreviewPlayer', () => {
  afterEach(cleanup);

  it('shows the playhead and the length as the timeline does', () => {
    const store = createEditorStore({ items, settings: timelineSettings });
    render(
      <Provider store={store}>
        <ClipMediaContext.Provider value={noClipMedia}>
          <PreviewPlayer />
          <TrackTimeline onShowShortcuts={() => undefined} />
        </ClipMediaContext.Provider>
      </Provider>,
    );
    act(() => store.set(seekAtom, 4.2));
    const player = screen.getByLabelText('Current time').textContent;
    const timeline = screen.getByLabelText('Playhead', { selector: 'output' }).textContent;
    expect(player).toBe('00:04:06 / 00:13:00');
    expect(player).toBe(timeline);
  });
});
