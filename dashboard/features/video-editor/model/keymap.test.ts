// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  actionFor,
  chordOf,
  DEFAULT_KEYMAP,
  isTypingTarget,
  KEYMAP_STORAGE_KEY,
  loadKeymap,
  rebind,
  resolveKeymap,
  saveKeymap,
} from './keymap';

const map = resolveKeymap({});

describe('keymap', () => {
  it.each([
    [{ key: ' ' }, 'playPause'],
    [{ key: 'k' }, 'shuttleStop'],
    [{ key: 'j' }, 'shuttleBack'],
    [{ key: 'l' }, 'shuttleForward'],
    [{ key: 'ArrowLeft' }, 'frameBack'],
    [{ key: 'ArrowRight', shiftKey: true }, 'secondForward'],
    [{ key: 'Home' }, 'home'],
    [{ key: 'End' }, 'end'],
    [{ key: 's' }, 'split'],
    [{ key: 'q' }, 'dropLeft'],
    [{ key: 'w' }, 'dropRight'],
    [{ key: 'Delete' }, 'delete'],
    [{ key: 'Delete', shiftKey: true }, 'rippleDelete'],
    [{ key: 'z', ctrlKey: true }, 'undo'],
    [{ key: 'Z', ctrlKey: true, shiftKey: true }, 'redo'],
    [{ key: 'y', metaKey: true }, 'redo'],
    [{ key: 'c', ctrlKey: true }, 'copy'],
    [{ key: 'v', ctrlKey: true }, 'paste'],
    [{ key: 'x', ctrlKey: true }, 'cut'],
    [{ key: 'd', ctrlKey: true }, 'duplicate'],
    [{ key: 'n' }, 'toggleSnapping'],
    [{ key: 'm' }, 'addMarker'],
    [{ key: '[' }, 'previousMarker'],
    [{ key: ']' }, 'nextMarker'],
    [{ key: '+', shiftKey: true }, 'zoomIn'],
    [{ key: '-' }, 'zoomOut'],
    [{ key: 'Z', shiftKey: true }, 'zoomFit'],
    [{ key: '?', shiftKey: true }, 'showShortcuts'],
  ] as const)('%o triggers %s', (e, action) => {
    expect(actionFor(e, map)).toBe(action);
  });

  it('modifiers alone and unbound keys trigger nothing; Ctrl+S is not S', () => {
    expect(actionFor({ key: 'Shift', shiftKey: true }, map)).toBeNull();
    expect(actionFor({ key: 'g' }, map)).toBeNull();
    expect(actionFor({ key: 's', ctrlKey: true }, map)).toBeNull();
  });

  it('names chords the way the overlay shows them', () => {
    expect(chordOf({ key: 'z', ctrlKey: true, shiftKey: true })).toBe('Ctrl+Shift+Z');
    expect(chordOf({ key: '?', shiftKey: true })).toBe('?');
    expect(chordOf({ key: ' ' })).toBe('Space');
  });

  it('a remap replaces the keys and takes the chord from any action that had it', () => {
    const remap = rebind({}, 'split', 'B');
    expect(actionFor({ key: 'b' }, resolveKeymap(remap))).toBe('split');
    expect(actionFor({ key: 's' }, resolveKeymap(remap))).toBeNull();
    const stolen = rebind(remap, 'dropLeft', 'B');
    expect(actionFor({ key: 'b' }, resolveKeymap(stolen))).toBe('dropLeft');
    expect(resolveKeymap(stolen).find((a) => a.id === 'split')!.keys).toEqual([]);
  });

  it('the remap persists and unreadable storage is ignored', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
    saveKeymap(rebind({}, 'split', 'B'), storage);
    expect(loadKeymap(storage)).toEqual({ split: ['B'] });
    data.set(KEYMAP_STORAGE_KEY, '{"split": 3, "nope": ["X"]}');
    expect(loadKeymap(storage)).toEqual({});
    data.set(KEYMAP_STORAGE_KEY, 'not json');
    expect(loadKeymap(storage)).toEqual({});
    saveKeymap({}, storage);
    expect(data.has(KEYMAP_STORAGE_KEY)).toBe(false);
  });

  it('typing in a text field is not a shortcut; a slider is', () => {
    const text = document.createElement('input');
    const range = document.createElement('input');
    range.type = 'range';
    expect(isTypingTarget(text)).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(range)).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
  });

  it('every action has a label and a default key', () => {
    for (const a of DEFAULT_KEYMAP) expect(a.keys.length && a.label).toBeTruthy();
  });
});
