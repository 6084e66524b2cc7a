import { describe, expect, it } from 'vitest';
import { decodeMarker, decodeMarkers, encodeMarker, MAX_MARKERS } from '@core/editor/markers';
import {
  addMarker,
  adjacentMarker,
  moveMarker,
  removeMarker,
  renameMarker,
  rescaleMarkers,
  type Marker,
} from './markers';

const m = (id: string, frame: number, label = ''): Marker => ({ id, frame, label });

describe('timeline markers', () => {
  it('adds markers by frame, one per frame, on whole frames', () => {
    let ms: readonly Marker[] = [];
    ms = addMarker(ms, 90, 'b');
    ms = addMarker(ms, 12.4, 'a');
    expect(ms).toEqual([m('a', 12), m('b', 90)]);
    // A frame that has a marker, or a list that is full, changes nothing (the very same list: no undo step).
    expect(addMarker(ms, 90, 'c')).toBe(ms);
    const full = Array.from({ length: MAX_MARKERS }, (_, i) => m(`m${i}`, i));
    expect(addMarker(full, 5000, 'x')).toBe(full);
  });

  it('moves, renames and removes a marker; a change to nothing returns the same list', () => {
    const ms = [m('a', 10), m('b', 20)];
    expect(moveMarker(ms, 'a', 30)).toEqual([m('b', 20), m('a', 30)]);
    expect(moveMarker(ms, 'a', 20)).toBe(ms);
    expect(moveMarker(ms, 'a', -5)).toEqual([m('a', 0), m('b', 20)]);
    expect(renameMarker(ms, 'b', '  Chorus\nstarts  ')).toEqual([
      m('a', 10),
      m('b', 20, 'Chorus starts'),
    ]);
    expect(renameMarker(ms, 'b', 'x'.repeat(80))[1]!.label).toHaveLength(60);
    expect(renameMarker(ms, 'b', ' ')).toBe(ms);
    expect(removeMarker(ms, 'a')).toEqual([m('b', 20)]);
    expect(removeMarker(ms, 'zz')).toBe(ms);
  });

  it('finds the previous and the next marker from a frame', () => {
    const ms = [m('a', 10), m('b', 20), m('c', 40)];
    expect(adjacentMarker(ms, 20, 1)?.id).toBe('c');
    expect(adjacentMarker(ms, 20, -1)?.id).toBe('a');
    expect(adjacentMarker(ms, 0, -1)).toBeNull();
    expect(adjacentMarker(ms, 40, 1)).toBeNull();
  });

  it('keeps each marker at its time when the frame rate changes', () => {
    // 1 s and 2.5 s at 30 fps are frames 24 and 60 at 24 fps; frames 2 and 3 at 60 fps both land on frame 1 at 24 fps.
    expect(rescaleMarkers([m('a', 30), m('b', 75, 'Drop')], 30, 24)).toEqual([
      m('a', 24),
      m('b', 60, 'Drop'),
    ]);
    expect(rescaleMarkers([m('a', 2), m('b', 3)], 60, 24)).toEqual([m('a', 1)]);
  });

  it('stores a marker as a line of text and reads back only valid ones', () => {
    const a = m('m1', 150, 'Intro | hook');
    expect(encodeMarker(a)).toBe('m1|150|Intro | hook');
    expect(decodeMarker(encodeMarker(a))).toEqual(a);
    expect(decodeMarker('m1|-5|')).toBeNull();
    expect(decodeMarker('m1|2.5|')).toBeNull();
    expect(decodeMarker('m1|007|')).toBeNull();
    expect(decodeMarker(`m1|3|${'x'.repeat(61)}`)).toBeNull();
    expect(decodeMarker({ id: 'm1', frame: 3, label: '' })).toBeNull();
    expect(decodeMarkers(['b|20|', 'junk', 'a|10|x', 'c|10|same frame'])).toEqual([
      m('a', 10, 'x'),
      m('b', 20),
    ]);
    expect(decodeMarkers(undefined)).toEqual([]);
  });
});
