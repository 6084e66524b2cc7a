import { describe, expect, it } from 'vitest';
import type { ProjectSettings, TimelineItem } from '@core/editor/model';
import {
  canUndoAtom,
  createEditorStore,
  itemsAtom,
  redoAtom,
  setAspectRatioAtom,
  setFpsAtom,
  settingsAtom,
  setVideoSizeAtom,
  undoAtom,
  videoSizeAtom,
} from './atoms';

// Export presets in the project settings: the frame rate re-counts the clips in whole frames of the new rate
// (one undo step), and the size class (720p..4K of the shorter side) stays when the aspect ratio changes.

const settings: ProjectSettings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
};
const img = (
  id: string,
  track: TimelineItem['track'],
  start_time: number,
  duration: number,
  extra: Partial<TimelineItem> = {},
): TimelineItem =>
  ({
    id,
    type: 'image',
    settings: { url: `https://x.test/${id}.png` },
    track,
    start_time,
    duration,
    ...extra,
  }) as TimelineItem;
const byId = (items: readonly TimelineItem[]) =>
  [...items].sort((a, b) => a.id.localeCompare(b.id));
const frames = (items: readonly TimelineItem[], fps: number) =>
  byId(items).map((i) => [i.id, Math.round(i.start_time * fps), Math.round(i.duration * fps)]);

describe('frame rate', () => {
  it('re-counts the clips in whole frames of the new rate, in one undo step', () => {
    // At 30 fps: a 0..30, b 30..45 on the main track; c 4..5 on overlay 1.
    const items = [
      img('a', 'main', 0, 1),
      img('b', 'main', 1, 0.5),
      img('c', 'overlay-1', 4 / 30, 1 / 30),
    ];
    const store = createEditorStore({ items, settings });
    store.set(setFpsAtom, 25);
    expect(store.get(settingsAtom).fps).toBe(25);
    // 30 frames at 30 fps = 25 at 25; b ends at 1.5 s = frame 37.5, rounded to 38; c starts at 3.33 -> 3 and keeps one frame.
    expect(frames(store.get(itemsAtom), 25)).toEqual([
      ['a', 0, 25],
      ['b', 25, 13],
      ['c', 3, 1],
    ]);
    for (const i of store.get(itemsAtom)) {
      expect(i.start_time * 25).toBeCloseTo(Math.round(i.start_time * 25), 9);
      expect(i.duration * 25).toBeCloseTo(Math.round(i.duration * 25), 9);
    }
    store.set(undoAtom);
    expect(store.get(settingsAtom).fps).toBe(30);
    expect(byId(store.get(itemsAtom)).map((i) => [i.id, i.start_time, i.duration])).toEqual([
      ['a', 0, 1],
      ['b', 1, 0.5],
      ['c', 4 / 30, 1 / 30],
    ]);
    expect(store.get(canUndoAtom)).toBe(false);
    store.set(redoAtom);
    expect(store.get(settingsAtom).fps).toBe(25);
  });

  it('never makes a clip 0 frames long, and a clip it lengthens pushes the next one along, not over it', () => {
    // At 60 fps: x is one frame (10..11), y follows at 11..71. At 24 fps x would round to 4..4.
    const items = [img('x', 'main', 10 / 60, 1 / 60), img('y', 'main', 11 / 60, 1)];
    const store = createEditorStore({ items, settings: { ...settings, fps: 60 } });
    store.set(setFpsAtom, 24);
    expect(frames(store.get(itemsAtom), 24)).toEqual([
      ['x', 4, 1],
      ['y', 5, 23],
    ]);
  });

  it('keyframes and transitions are counted again at the new rate', () => {
    const items = [
      img('a', 'main', 0, 2, {
        keyframes: { opacity: [{ frame: 30, value: 50, easing: 'linear' }] },
      }),
      img('b', 'main', 2, 2, { transition_in: { kind: 'crossfade', duration: 10 / 30 } }),
    ];
    const store = createEditorStore({ items, settings });
    store.set(setFpsAtom, 60);
    const [a, b] = byId(store.get(itemsAtom));
    expect(a!.keyframes?.opacity?.[0]?.frame).toBe(60);
    expect(b!.transition_in!.duration * 60).toBeCloseTo(20, 9);
  });

  it('only the offered rates are taken, and the same rate records nothing', () => {
    const store = createEditorStore({ items: [img('a', 'main', 0, 1)], settings });
    store.set(setFpsAtom, 30);
    store.set(setFpsAtom, 29);
    expect(store.get(settingsAtom).fps).toBe(30);
    expect(store.get(canUndoAtom)).toBe(false);
  });
});

describe('size class', () => {
  it('a project saved at 1920x1080 is 1080p and opens unchanged', () => {
    const items = [img('a', 'main', 0, 1)];
    const store = createEditorStore({ items, settings });
    expect(store.get(videoSizeAtom)).toBe('1080p');
    expect(store.get(settingsAtom)).toEqual(settings);
    expect(store.get(itemsAtom)).toEqual(items);
  });

  it('is kept across aspect ratio changes, and each change is one undo step', () => {
    const store = createEditorStore({ settings });
    store.set(setVideoSizeAtom, '2160p');
    expect(store.get(settingsAtom).resolution).toEqual({ width: 3840, height: 2160 });
    store.set(setAspectRatioAtom, '9:16');
    expect(store.get(settingsAtom).resolution).toEqual({ width: 2160, height: 3840 });
    store.set(setAspectRatioAtom, '4:5');
    expect(store.get(settingsAtom)).toMatchObject({
      aspectRatio: '4:5',
      resolution: { width: 2160, height: 2700 },
    });
    expect(store.get(videoSizeAtom)).toBe('2160p');
    store.set(setVideoSizeAtom, '720p');
    expect(store.get(settingsAtom).resolution).toEqual({ width: 720, height: 900 });
    store.set(setAspectRatioAtom, '1:1');
    expect(store.get(settingsAtom).resolution).toEqual({ width: 720, height: 720 });
    store.set(undoAtom);
    store.set(undoAtom);
    expect(store.get(settingsAtom)).toMatchObject({
      aspectRatio: '4:5',
      resolution: { width: 2160, height: 2700 },
    });
  });

  it('a 720x1280 project (a 720p preset) stays 720p when it turns landscape', () => {
    const store = createEditorStore({
      settings: { ...settings, aspectRatio: '9:16', resolution: { width: 720, height: 1280 } },
    });
    expect(store.get(videoSizeAtom)).toBe('720p');
    store.set(setAspectRatioAtom, '16:9');
    expect(store.get(settingsAtom).resolution).toEqual({ width: 1280, height: 720 });
  });
});
