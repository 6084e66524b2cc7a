import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import type { ProjectSettings, TimelineItem } from '@core/editor/model';
import { createEditorStore } from '../atoms';
import { useEditorKeys } from '../hooks/use-editor-keys';
import { ClipMediaContext, noClipMedia, type ClipMediaSource } from '../media/clip-media';
import { ShortcutsDialog } from './shortcuts-dialog';
import { TrackTimeline } from './track-timeline';

// Shared by the timeline's tests: TrackTimeline on an editor store of its own, with the clips' media
// (waveform peaks, filmstrip thumbnails) from `media` instead of the media worker; or as the editor screen
// wires it, with the window keymap and the `?` overlay (renderEditorTimeline).

export const timelineSettings: ProjectSettings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
};

/** Renders the timeline of `items`; returns its store. */
export function renderTimeline(
  items: TimelineItem[],
  media: Partial<ClipMediaSource> = {},
  settings: ProjectSettings = timelineSettings,
) {
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

/** The timeline with the window keymap and its `?` overlay, as editor-screen.tsx wires them, beside a text field. */
function WithKeys() {
  const keys = useEditorKeys();
  return (
    <>
      <input aria-label="Some field" />
      <TrackTimeline onShowShortcuts={keys.openOverlay} />
      <ShortcutsDialog
        open={keys.overlay}
        keymap={keys.keymap}
        onRebind={keys.onRebind}
        onReset={keys.onReset}
        onClose={keys.closeOverlay}
      />
    </>
  );
}

/** Renders the timeline of `items` with the editor's keymap and shortcuts overlay; returns its store. */
export function renderEditorTimeline(
  items: TimelineItem[],
  settings: ProjectSettings = timelineSettings,
) {
  const store = createEditorStore({ items, settings });
  render(
    <Provider store={store}>
      <WithKeys />
    </Provider>,
  );
  return store;
}
