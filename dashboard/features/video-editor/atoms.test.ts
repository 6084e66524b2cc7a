import { describe, expect, it } from 'vitest';
import {
  addClipAtom,
  canRedoAtom,
  canUndoAtom,
  createEditorStore,
  dirtyAtom,
  itemsAtom,
  jumpToEndAtom,
  markSavedAtom,
  playAtom,
  playbackAtom,
  removeClipAtom,
  redoAtom,
  reorderClipAtom,
  seekAtom,
  setAspectRatioAtom,
  setClipDurationAtom,
  setTitleAtom,
  settingsAtom,
  snapshotAtom,
  tickAtom,
  totalDurationAtom,
  undoAtom,
} from './atoms';
import { createClip } from './model/timeline';

const img = (id: string) => createClip('image', id, { url: `https://x.test/${id}.png` });

/** A small driver: the editor as a user would change it, read back as plain values. */
function editor() {
  const store = createEditorStore();
  const api = {
    store,
    add: (...ids: string[]) => (
      ids.forEach((id) =>
        store.set(addClipAtom, id.startsWith('t') ? createClip('title', id) : img(id)),
      ),
      api
    ),
    ids: () => store.get(itemsAtom).map((i) => i.id),
    starts: () => store.get(itemsAtom).map((i) => i.start_time),
  };
  return api;
}

describe('editor store', () => {
  it('starts empty, untitled, 16:9 1920x1080 mp4 high at 30 fps, and unsaved', () => {
    const { store } = editor();
    expect(store.get(snapshotAtom)).toEqual({
      title: 'Untitled Project',
      items: [],
      settings: {
        aspectRatio: '16:9',
        resolution: { width: 1920, height: 1080 },
        fps: 30,
        format: 'mp4',
        quality: 'high',
      },
    });
    expect(store.get(dirtyAtom)).toBe(true);
  });

  it('appends, reorders and removes clips, undoing each step', () => {
    const e = editor().add('a', 't1', 'b');
    expect(e.starts()).toEqual([0, 5, 8]);
    e.store.set(reorderClipAtom, 'b', 'a');
    expect(e.ids()).toEqual(['b', 'a', 't1']);
    expect(e.starts()).toEqual([0, 5, 10]);
    e.store.set(removeClipAtom, 'a');
    expect(e.ids()).toEqual(['b', 't1']);
    e.store.set(undoAtom);
    expect(e.ids()).toEqual(['b', 'a', 't1']);
    e.store.set(undoAtom);
    expect(e.ids()).toEqual(['a', 't1', 'b']);
    e.store.set(redoAtom);
    expect(e.ids()).toEqual(['b', 'a', 't1']);
    expect(e.store.get(canRedoAtom)).toBe(true);
  });

  it('a drop outside the list records no history step', () => {
    const e = editor().add('a', 'b');
    e.store.set(undoAtom);
    e.store.set(redoAtom);
    e.store.set(reorderClipAtom, 'a', null);
    expect(e.store.get(canRedoAtom)).toBe(false);
    e.store.set(undoAtom);
    expect(e.ids()).toEqual(['a']);
  });

  it('clamps durations and keeps the total in step', () => {
    const e = editor().add('a', 'b');
    e.store.set(setClipDurationAtom, 'a', 45);
    expect(e.store.get(totalDurationAtom)).toBe(35);
    expect(e.starts()).toEqual([0, 30]);
  });

  it('the aspect ratio brings its resolution, and undo restores both', () => {
    const { store } = editor();
    store.set(setAspectRatioAtom, '9:16');
    expect(store.get(settingsAtom)).toMatchObject({
      aspectRatio: '9:16',
      resolution: { width: 1080, height: 1920 },
    });
    store.set(undoAtom);
    expect(store.get(settingsAtom)).toMatchObject({
      aspectRatio: '16:9',
      resolution: { width: 1920, height: 1080 },
    });
    expect(store.get(canUndoAtom)).toBe(false);
  });

  it('is clean after a save and dirty again after an edit or a new title', () => {
    const e = editor().add('a');
    e.store.set(markSavedAtom, 'p1', e.store.get(snapshotAtom));
    expect(e.store.get(dirtyAtom)).toBe(false);
    e.store.set(setTitleAtom, 'Trip');
    expect(e.store.get(dirtyAtom)).toBe(true);
    e.store.set(setTitleAtom, 'Untitled Project');
    expect(e.store.get(dirtyAtom)).toBe(false);
  });

  it('plays by elapsed time and stops at 0 at the end; seeking stays within the timeline', () => {
    const e = editor().add('a');
    e.store.set(playAtom);
    e.store.set(tickAtom, 2);
    expect(e.store.get(playbackAtom)).toEqual({ time: 2, playing: true });
    e.store.set(tickAtom, 3);
    expect(e.store.get(playbackAtom)).toEqual({ time: 0, playing: false });
    e.store.set(seekAtom, 99);
    expect(e.store.get(playbackAtom).time).toBe(5);
    e.store.set(jumpToEndAtom);
    e.store.set(playAtom);
    expect(e.store.get(playbackAtom)).toEqual({ time: 0, playing: true });
  });

  it('each project gets its own store', () => {
    const one = editor().add('a');
    const two = editor();
    expect(one.ids()).toEqual(['a']);
    expect(two.ids()).toEqual([]);
  });

  it('opens a saved project clean, and a restored draft dirty', () => {
    const saved = {
      title: 'Trip',
      items: [img('a')],
      settings: {
        aspectRatio: '1:1',
        resolution: { width: 1080, height: 1080 },
        fps: 30,
        format: 'webm',
        quality: 'low',
      } as const,
    };
    expect(createEditorStore({ ...saved, projectId: 'p', saved }).get(dirtyAtom)).toBe(false);
    expect(
      createEditorStore({ ...saved, title: 'Trip 2', projectId: 'p', saved }).get(dirtyAtom),
    ).toBe(true);
  });
});
