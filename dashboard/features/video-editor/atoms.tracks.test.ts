import { describe, expect, it } from 'vitest';
import type { TimelineItem } from '@core/editor/model';
import {
  addClipAtom,
  canUndoAtom,
  copySelectionAtom,
  createEditorStore,
  deleteSelectionAtom,
  dirtyAtom,
  dropLeftAtom,
  duplicateSelectionAtom,
  itemsAtom,
  moveClipsAtom,
  pasteAtom,
  playbackAtom,
  playbackRateAtom,
  pauseAtom,
  shuttleAtom,
  tickAtom,
  stepFramesAtom,
  seekFrameAtom,
  selectClipAtom,
  selectionAtom,
  setClipFadeAtom,
  setTrackMixAtom,
  settingsAtom,
  splitAtPlayheadAtom,
  timelineAtom,
  toggleRippleAtom,
  trimClipAtom,
  undoAtom,
} from './atoms';
import { createClip } from './model/timeline';

const img = (id: string) => createClip('image', id, { url: `https://x.test/${id}.png` });
const layout = (store: ReturnType<typeof createEditorStore>) =>
  store
    .get(timelineAtom)
    .clips.map((c) => `${c.track}:${c.start}+${c.length}${c.in ? `/in${c.in}` : ''}`);

// Items exactly as the list editor saved them: no track, back to back.
const legacy: TimelineItem[] = [
  { id: 'a', type: 'image', settings: { url: 'https://x.test/a.png' }, start_time: 0, duration: 5 },
  {
    id: 't',
    type: 'title',
    settings: { text: 'Hi', fontSize: 32, color: '#ffffff' },
    start_time: 5,
    duration: 3,
  },
  {
    id: 's',
    type: 'audio',
    settings: { url: 'https://x.test/s.mp3', volume: 1 },
    start_time: 0,
    duration: 4,
  },
];
const settings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
} as const;

describe('editor store on tracks', () => {
  it('opens a project saved by the list editor unchanged and clean', () => {
    const saved = { title: 'Old', items: legacy, settings };
    const store = createEditorStore({ ...saved, projectId: 'p', saved });
    expect(store.get(dirtyAtom)).toBe(false);
    expect(layout(store)).toEqual(['main:0+150', 'main:150+90', 'audio-1:0+120']);
    expect(store.get(canUndoAtom)).toBe(false);
  });

  it('a fade is one undo step', () => {
    const store = createEditorStore({ items: legacy, settings });
    store.set(setClipFadeAtom, 's', 'in', 15);
    store.set(setClipFadeAtom, 's', 'out', 30);
    expect(store.get(itemsAtom).find((i) => i.id === 's')).toMatchObject({
      fade_in: 0.5,
      fade_out: 1,
    });
    store.set(undoAtom);
    expect(store.get(itemsAtom).find((i) => i.id === 's')).toMatchObject({ fade_in: 0.5 });
    expect(store.get(itemsAtom).find((i) => i.id === 's')).not.toHaveProperty('fade_out');
    store.set(undoAtom);
    expect(store.get(itemsAtom).find((i) => i.id === 's')).not.toHaveProperty('fade_in');
  });

  it('split at the playhead is one undo step', () => {
    const store = createEditorStore({ items: legacy, settings });
    store.set(seekFrameAtom, 60);
    store.set(splitAtPlayheadAtom);
    expect(layout(store)).toEqual([
      'main:0+60',
      'main:60+90/in60',
      'main:150+90',
      'audio-1:0+60',
      'audio-1:60+60/in60',
    ]);
    store.set(undoAtom);
    expect(layout(store)).toEqual(['main:0+150', 'main:150+90', 'audio-1:0+120']);
  });

  it('Q drops the left part and brings the playhead to the kept part', () => {
    const store = createEditorStore({ items: legacy, settings });
    store.set(selectClipAtom, 'a');
    store.set(seekFrameAtom, 60);
    store.set(dropLeftAtom);
    expect(layout(store)).toEqual(['main:0+90/in60', 'main:90+90', 'audio-1:0+120']);
    expect(store.get(playbackAtom).time).toBe(0);
  });

  it('Delete leaves a gap, ripple closes it; both undo in one step', () => {
    const store = createEditorStore({ items: legacy, settings });
    store.set(selectClipAtom, 'a');
    store.set(deleteSelectionAtom);
    expect(layout(store)).toEqual(['main:150+90', 'audio-1:0+120']);
    expect(store.get(selectionAtom)).toEqual([]);
    store.set(undoAtom);
    store.set(toggleRippleAtom);
    store.set(selectClipAtom, 'a');
    store.set(deleteSelectionAtom);
    expect(layout(store)).toEqual(['main:0+90', 'audio-1:0+120']);
  });

  it('trims, moves to an overlay, copies, pastes at the playhead and duplicates', () => {
    const store = createEditorStore({ items: legacy, settings });
    store.set(trimClipAtom, 'a', 'end', 100);
    store.set(moveClipsAtom, ['t'], -130, 'overlay-1');
    expect(layout(store)).toEqual(['overlay-1:20+90', 'main:0+100', 'audio-1:0+120']);
    store.set(selectClipAtom, 't');
    store.set(copySelectionAtom);
    store.set(seekFrameAtom, 115);
    store.set(pasteAtom);
    expect(layout(store)).toContain('overlay-1:115+90');
    store.set(duplicateSelectionAtom);
    expect(layout(store)).toContain('overlay-1:205+90');
    expect(new Set(store.get(itemsAtom).map((i) => i.id)).size).toBe(5);
  });

  it('adds a clip at the end of the track asked for', () => {
    const store = createEditorStore({ items: legacy, settings });
    store.set(addClipAtom, img('b'), 'overlay-2');
    expect(layout(store)).toContain('overlay-2:0+150');
  });

  it('adds a title at the playhead, a sound at the first room after it, a picture at the end', () => {
    const store = createEditorStore({ items: legacy, settings });
    store.set(seekFrameAtom, 60);
    store.set(addClipAtom, createClip('title', 'late'), 'caption');
    store.set(addClipAtom, createClip('audio', 'drum', { url: 'https://x.test/drum.mp3' }, 2));
    store.set(addClipAtom, img('b'));
    expect(layout(store)).toEqual(
      expect.arrayContaining(['caption:60+90', 'audio-1:120+60', 'main:240+150']),
    );
  });

  it('track mute and solo are saved in the settings and undo', () => {
    const store = createEditorStore({ items: legacy, settings });
    store.set(setTrackMixAtom, 'audio-1', { muted: true });
    store.set(setTrackMixAtom, 'audio-2', { solo: true });
    expect(store.get(settingsAtom).trackMix).toEqual({
      'audio-1': { muted: true },
      'audio-2': { solo: true },
    });
    store.set(setTrackMixAtom, 'audio-1', { muted: false });
    expect(store.get(settingsAtom).trackMix).toEqual({ 'audio-2': { solo: true } });
    store.set(undoAtom);
    store.set(undoAtom);
    store.set(undoAtom);
    expect(store.get(settingsAtom).trackMix).toBeUndefined();
  });

  it('J/L shuttle doubles up to 4x either way, K pauses at normal speed, arrows step frames', () => {
    const store = createEditorStore({ items: legacy, settings });
    store.set(shuttleAtom, 1);
    store.set(shuttleAtom, 1);
    expect(store.get(playbackRateAtom)).toBe(2);
    store.set(tickAtom, 0.5);
    expect(store.get(playbackAtom)).toEqual({ time: 1, playing: true });
    store.set(shuttleAtom, 1);
    store.set(shuttleAtom, 1);
    expect(store.get(playbackRateAtom)).toBe(4);
    store.set(shuttleAtom, -1);
    expect(store.get(playbackRateAtom)).toBe(-1);
    store.set(tickAtom, 0.25);
    expect(store.get(playbackAtom)).toEqual({ time: 0.75, playing: true });
    store.set(tickAtom, 5);
    expect(store.get(playbackAtom)).toEqual({ time: 0, playing: false });
    store.set(shuttleAtom, 1);
    store.set(pauseAtom);
    expect(store.get(playbackRateAtom)).toBe(1);
    store.set(stepFramesAtom, 31);
    expect(store.get(playbackAtom).time).toBeCloseTo(31 / 30);
    store.set(stepFramesAtom, -30);
    expect(store.get(playbackAtom).time).toBeCloseTo(1 / 30);
  });
});
