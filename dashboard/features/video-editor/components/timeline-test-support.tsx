import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ProjectSettings, TimelineItem } from '@core/editor/model';
import { createEditorStore } from '../atoms';
import { ClipMediaContext, noClipMedia, type ClipMediaSource } from '../media/clip-media';
import { TrackTimeline } from './track-timeline';

// Shared by the timeline's tests: TrackTimeline on an editor store of its own, with the clips' media
// (waveform peaks, filmstrip thumbnails) from `media` instead of the media worker.

export const timelineSettings: ProjectSettings = { aspectRatio: '16:9', resolution: { width: 1920, height: 1080 }, fps: 30, format: 'mp4', quality: 'high' };

/** Renders the timeline of `items`; returns its store. */
export function renderTimeline(items: TimelineItem[], media: Partial<ClipMediaSource> = {}, settings: ProjectSettings = timelineSettings) {
  const store = createEditorStore({ items, settings });
  render(
    <Provider store={store}>
      <ClipMediaContext.Provider value={{ ...noClipMedia, ...media }}>
        <TrackTimeline onShowShortcuts={() => undefined} />
      </ClipMediaContext.Provider>
    </Provider>,
  );
  return store;
}
