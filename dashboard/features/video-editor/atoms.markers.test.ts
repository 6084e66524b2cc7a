import { describe, expect, it } from 'vitest';
import { videoProjectSchema } from '@core/data/video-project';
import type { ProjectSettings, TimelineItem } from '@core/editor/model';
import { projectFields } from './api/projects';
import {
  addMarkerAtom,
  createEditorStore,
  dirtyAtom,
  jumpToMarkerAtom,
  markersAtom,
  markSavedAtom,
  moveMarkerAtom,
  playbackAtom,
  playheadFrameAtom,
  redoAtom,
  removeMarkerAtom,
  renameMarkerAtom,
  seekAtom,
  seekFrameAtom,
  setFpsAtom,
  settingsAtom,
  snapshotAtom,
  timelineAtom,
  undoAtom,
} from './atoms';
import { createDraftStorage } from './utils/draft-storage';

const settings: ProjectSettings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
};
const clip: TimelineItem = {
  id: 'a',
  type: 'image',
  settings: { url: 'https://x.test/a.png' },
  start_time: 0,
  duration: 10,
  track: 'main',
};

function editor() {
  const store = createEditorStore({ items: [clip], settings });
  const at = (frame: number) => {
    store.set(seekFrameAtom, frame);
    return store.set(addMarkerAtom);
  };
  const frames = () => store.get(markersAtom).map((m) => m.frame);
  return { store, at, frames };
}

describe('markers in the editor', () => {
  it('adds a marker at the playhead; add, move, rename and delete are one undo step each', () => {
    const { store, at, frames } = editor();
    const a = at(45)!;
    const b = at(90)!;
    expect(frames()).toEqual([45, 90]);
    // A second marker on a frame that has one records nothing.
    expect(at(90)).toBe(b);
    store.set(moveMarkerAtom, a, 120);
    store.set(renameMarkerAtom, b, 'Chorus');
    store.set(removeMarkerAtom, a);
    expect(store.get(markersAtom)).toEqual([{ id: b, frame: 90, label: 'Chorus' }]);
    store.set(undoAtom);
    expect(frames()).toEqual([90, 120]);
    store.set(undoAtom);
    expect(store.get(markersAtom).map((m) => m.label)).toEqual(['', '']);
    store.set(undoAtom);
    expect(frames()).toEqual([45, 90]);
    store.set(undoAtom);
    expect(frames()).toEqual([45]);
    store.set(undoAtom);
    // Back where it started: no markers key at all, as a project saved before markers.
    expect(store.get(settingsAtom)).toEqual(settings);
    store.set(redoAtom);
    store.set(redoAtom);
    store.set(redoAtom);
    expect(frames()).toEqual([90, 120]);
  });

  it('jumps the playhead to the previous and the next marker', () => {
    const { store, at } = editor();
    at(30);
    at(150);
    store.set(seekFrameAtom, 100);
    store.set(jumpToMarkerAtom, 1);
    expect(store.get(playheadFrameAtom)).toBe(150);
    store.set(jumpToMarkerAtom, 1);
    expect(store.get(playheadFrameAtom)).toBe(150);
    store.set(jumpToMarkerAtom, -1);
    expect(store.get(playheadFrameAtom)).toBe(30);
  });

  it('a frame-rate change keeps markers, clips and the playhead at their times, in one undo step', () => {
    const { store, at, frames } = editor();
    at(45);
    at(75);
    store.set(seekAtom, 0.1);
    store.set(setFpsAtom, 24);
    // 1.5 s and 2.5 s at 24 fps.
    expect(frames()).toEqual([36, 60]);
    expect(store.get(timelineAtom).clips.map((c) => c.length)).toEqual([240]);
    // The playhead keeps its time, on the nearest whole frame of the new rate (0.1 s is 2.4 frames at 24 fps).
    expect(store.get(playheadFrameAtom)).toBe(2);
    expect(store.get(playbackAtom).time * 24).toBeCloseTo(2, 9);
    store.set(undoAtom);
    expect(frames()).toEqual([45, 75]);
    expect(store.get(settingsAtom).fps).toBe(30);
  });

  it('saves markers beside the timeline, opens them again, and keeps them in the local draft', () => {
    const { store, at } = editor();
    const id = at(45)!;
    store.set(renameMarkerAtom, id, 'Hook | start');
    const snapshot = store.get(snapshotAtom);
    const fields = projectFields(snapshot);
    expect(fields.settings).toEqual({
      timelineItems: [clip],
      project: settings,
      markers: [`${id}|45|Hook | start`],
    });
    const opened = videoProjectSchema.parse({ ...fields, updatedAt: null });
    expect(opened.settings).toEqual({
      ...settings,
      markers: [{ id, frame: 45, label: 'Hook | start' }],
    });
    // The reopened project is the saved one: nothing to save.
    const reopened = createEditorStore({
      items: opened.items,
      settings: opened.settings,
      saved: { title: opened.title, items: opened.items, settings: opened.settings },
    });
    expect(reopened.get(dirtyAtom)).toBe(false);
    const values = new Map<string, string>();
    const drafts = createDraftStorage({
      getItem: (k) => values.get(k) ?? null,
      setItem: (k, v) => void values.set(k, v),
      removeItem: (k) => void values.delete(k),
    });
    drafts.write('u1', 'p1', { ...snapshot, items: [...snapshot.items], savedAt: 1 });
    expect(drafts.read('u1', 'p1')?.settings.markers).toEqual([
      { id, frame: 45, label: 'Hook | start' },
    ]);
    store.set(markSavedAtom, 'p1', snapshot);
    expect(store.get(dirtyAtom)).toBe(false);
  });

  it('opens a project saved before markers unchanged, and writes it back as it was', () => {
    const opened = videoProjectSchema.parse({
      title: 'Old',
      settings: { timelineItems: [clip], project: settings },
      updatedAt: null,
    });
    expect(opened.settings).toEqual(settings);
    expect(
      projectFields({ title: 'Old', items: opened.items, settings: opened.settings }).settings,
    ).toEqual({ timelineItems: [clip], project: settings });
  });
});
