import { Provider } from 'jotai';
import { createRoot, type Root } from 'react-dom/client';
import type { ProjectSettings, TimelineItem } from '@core/editor/model';
import { createEditorStore, pxPerFrameAtom, type EditorStore } from '@/features/video-editor/atoms';
import { TrackTimeline } from '@/features/video-editor/components/track-timeline';
import { useEditorKeys } from '@/features/video-editor/hooks/use-editor-keys';
import './timeline.css';

// The editor's real timeline (TrackTimeline with the window keymap, as editor-screen.tsx wires it) on a bare
// page, for the render bench's frame times (scripts/bench/render-timeline.ts): a project is mounted from
// Playwright, and a recorder keeps requestAnimationFrame deltas and Long Animation Frames while it drives
// scrolling and zooming.

export interface FrameRecord {
  /** requestAnimationFrame deltas, ms. */
  deltas: number[];
  /** Long Animation Frames (over 50 ms): duration, blocking duration, and the scripts that ran longest. */
  longFrames: {
    duration: number;
    blocking: number;
    scripts: { source: string; duration: number }[];
  }[];
}

declare global {
  interface Window {
    museTimelineReady: boolean;
    museMountTimeline: (items: TimelineItem[], settings: ProjectSettings) => void;
    /** The timeline's zoom, px per frame. */
    musePxPerFrame: () => number;
    museFramesStart: () => void;
    museFramesStop: () => FrameRecord;
  }
}

function Editor() {
  const keys = useEditorKeys();
  return (
    <main className="mx-auto max-w-[1400px] p-2 sm:p-4">
      <TrackTimeline onShowShortcuts={keys.openOverlay} />
    </main>
  );
}

let root: Root | null = null;
let store: EditorStore | null = null;
window.museMountTimeline = (items, settings) => {
  store = createEditorStore({ items, settings });
  root?.unmount();
  root = createRoot(document.getElementById('root')!);
  root.render(
    <Provider store={store}>
      <Editor />
    </Provider>,
  );
};
window.musePxPerFrame = () => store?.get(pxPerFrameAtom) ?? 0;

interface LoafScript {
  sourceURL?: string;
  sourceFunctionName?: string;
  invoker?: string;
  duration: number;
}
interface LoafEntry extends PerformanceEntry {
  blockingDuration: number;
  scripts: LoafScript[];
}

let recording: { record: FrameRecord; stop: () => void } | null = null;
window.museFramesStart = () => {
  recording?.stop();
  const record: FrameRecord = { deltas: [], longFrames: [] };
  let running = true;
  let last = -1;
  const tick = (now: number) => {
    if (!running) return;
    if (last >= 0) record.deltas.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const take = (entries: PerformanceEntryList) => {
    for (const e of entries as LoafEntry[])
      record.longFrames.push({
        duration: e.duration,
        blocking: e.blockingDuration,
        scripts: [...e.scripts]
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 3)
          .map((s) => ({
            source: `${s.sourceFunctionName || s.invoker || '?'}@${(s.sourceURL ?? '').split('/').pop()}`,
            duration: Math.round(s.duration),
          })),
      });
  };
  // Chromium 123+; elsewhere only the deltas.
  const observer = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')
    ? new PerformanceObserver((list) => take(list.getEntries()))
    : null;
  observer?.observe({ type: 'long-animation-frame' });
  recording = {
    record,
    stop: () => {
      running = false;
      if (observer) take(observer.takeRecords());
      observer?.disconnect();
    },
  };
};
window.museFramesStop = () => {
  if (!recording) return { deltas: [], longFrames: [] };
  recording.stop();
  const { record } = recording;
  recording = null;
  return record;
};
window.museTimelineReady = true;
