import { cleanLabel, MAX_MARKERS, sortMarkers, type Marker } from '@core/editor/markers';

export { MAX_MARKERS, type Marker } from '@core/editor/markers';

// Timeline markers as the editor edits them: pure, each edit returns a new list or the very same one when
// it changes nothing (so undo records nothing). Markers are whole frames, one per frame, kept by frame.

/** Adds a marker at `frame` (a whole frame >= 0); a frame that has one already, or a full list, changes nothing. */
export function addMarker(
  markers: readonly Marker[],
  frame: number,
  id: string,
): readonly Marker[] {
  const f = Math.max(0, Math.round(frame));
  if (
    !Number.isFinite(f) ||
    markers.length >= MAX_MARKERS ||
    markers.some((m) => m.frame === f || m.id === id)
  )
    return markers;
  return sortMarkers([...markers, { id, frame: f, label: '' }]);
}

/** Moves a marker to `frame`; onto another marker's frame (or nowhere new) changes nothing. */
export function moveMarker(
  markers: readonly Marker[],
  id: string,
  frame: number,
): readonly Marker[] {
  const f = Math.max(0, Math.round(frame));
  const m = markers.find((x) => x.id === id);
  if (!m || !Number.isFinite(f) || m.frame === f || markers.some((x) => x.frame === f))
    return markers;
  return sortMarkers(markers.map((x) => (x.id === id ? { ...x, frame: f } : x)));
}

/** Renames a marker (one line, trimmed, at most 60 characters; empty = no label). */
export function renameMarker(
  markers: readonly Marker[],
  id: string,
  label: string,
): readonly Marker[] {
  const next = cleanLabel(label);
  const m = markers.find((x) => x.id === id);
  if (!m || m.label === next) return markers;
  return markers.map((x) => (x.id === id ? { ...x, label: next } : x));
}

export function removeMarker(markers: readonly Marker[], id: string): readonly Marker[] {
  return markers.some((x) => x.id === id) ? markers.filter((x) => x.id !== id) : markers;
}

/** The nearest marker frame after (+1) or before (-1) `frame`, or null when there is none. */
export function adjacentMarker(
  markers: readonly Marker[],
  frame: number,
  direction: -1 | 1,
): Marker | null {
  const sorted = sortMarkers(markers);
  return (
    (direction > 0
      ? sorted.find((m) => m.frame > frame)
      : sorted.findLast((m) => m.frame < frame)) ?? null
  );
}

/**
 * The markers at another frame rate: each keeps its time, on the nearest frame of `to` (as changeFps in
 * model/tracks.ts moves clips); two that land on one frame become one.
 */
export function rescaleMarkers(markers: readonly Marker[], from: number, to: number): Marker[] {
  return sortMarkers(markers.map((m) => ({ ...m, frame: Math.round((m.frame / from) * to) })));
}
