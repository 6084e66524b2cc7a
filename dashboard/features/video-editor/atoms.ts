import { atom, createStore, type Getter, type Setter } from 'jotai';
import { ASPECT_RATIOS, DEFAULT_PROJECT_TITLE, VIDEO_FPS_CHOICES } from '@core/constants';
import {
  DEFAULT_CAPTION_STYLE,
  defaultProjectSettings,
  resolutionFor,
  sizeOf,
  type AspectRatioId,
  type VideoSizeId,
  type CaptionStyle,
  type ProjectSettings,
  type TimelineItem,
  type VideoFormat,
  type VideoQuality,
} from '@core/editor/model';
import { editCaptionWord, replaceCaptions } from './model/captions';
import { canRedo, canUndo, commit, createHistory, redo, undo, type History } from './model/history';
import {
  addMarker,
  adjacentMarker,
  moveMarker,
  removeMarker,
  renameMarker,
  rescaleMarkers,
  type Marker,
} from './model/markers';
import {
  addKeyframe,
  clipSourceFrame,
  removeKeyframe,
  updateKeyframe,
  type Easing,
  type KeyframeProp,
} from './model/keyframes';
import { setTransition, type TransitionKind } from './model/transitions';
import {
  advancePlayback,
  clampDuration,
  clampSeek,
  setClipMuted,
  startPlayback,
  updateTitle,
  type Playback,
} from './model/timeline';
import {
  appendToTrack,
  insertAtFrame,
  changeFps,
  copyClips,
  dropLeft,
  dropRight,
  duplicateClips,
  fromItems,
  moveClips,
  pasteClips,
  removeClips,
  reorderInTrack,
  setFade,
  setGain,
  setSpeed,
  splitAt,
  timelineLength,
  toItems,
  trackClips,
  trimEnd,
  trimStart,
  type Clip,
  type Timeline,
  type TrackId,
} from './model/tracks';

// The editor's state lives in its own Jotai store, made per project (createEditorStore), so opening another
// project starts clean and tests drive it without React. Base atoms stay private; components read derived
// atoms and change state through verb-named action atoms.

export interface EditorContent {
  items: readonly TimelineItem[];
  settings: ProjectSettings;
}

export interface EditorSnapshot extends EditorContent {
  title: string;
}

export interface EditorInit extends Partial<EditorSnapshot> {
  projectId?: string | null;
  /** The content as last saved to Firestore; differs from the initial content when a draft was restored. */
  saved?: EditorSnapshot | null;
}

const historyBaseAtom = atom<History<EditorContent>>(
  createHistory<EditorContent>({ items: [], settings: defaultProjectSettings }),
);
const titleBaseAtom = atom(DEFAULT_PROJECT_TITLE);
const projectIdBaseAtom = atom<string | null>(null);
const savedBaseAtom = atom<string | null>(null);
const playbackBaseAtom = atom<Playback>({ time: 0, playing: false });

export const itemsAtom = atom((get) => get(historyBaseAtom).present.items);
export const settingsAtom = atom((get) => get(historyBaseAtom).present.settings);
export const titleAtom = atom((get) => get(titleBaseAtom));
export const projectIdAtom = atom((get) => get(projectIdBaseAtom));
/** The timeline in frames (model/tracks.ts), read from the stored items. */
export const timelineAtom = atom((get) => fromItems(get(itemsAtom), get(settingsAtom).fps));
export const totalDurationAtom = atom((get) => {
  const tl = get(timelineAtom);
  return timelineLength(tl) / tl.fps;
});
/** The playhead on a whole frame. */
export const playheadFrameAtom = atom((get) =>
  Math.round(get(playbackBaseAtom).time * get(settingsAtom).fps),
);
export const canUndoAtom = atom((get) => canUndo(get(historyBaseAtom)));
export const canRedoAtom = atom((get) => canRedo(get(historyBaseAtom)));
export const playbackAtom = atom((get) => get(playbackBaseAtom));
export const snapshotAtom = atom<EditorSnapshot>((get) => ({
  title: get(titleBaseAtom),
  items: get(itemsAtom),
  settings: get(settingsAtom),
}));
/** True when the title, the clips or the settings differ from what was last saved (a new project always is). */
export const dirtyAtom = atom((get) => get(savedBaseAtom) !== serializeSnapshot(get(snapshotAtom)));

export function serializeSnapshot(s: EditorSnapshot): string {
  return JSON.stringify({ title: s.title, items: s.items, settings: s.settings });
}

function afterEdit(get: Getter, set: Setter, items: readonly TimelineItem[]) {
  // Keep the playhead inside the timeline when it shrinks.
  const tl = fromItems(items, get(settingsAtom).fps);
  const seconds = timelineLength(tl) / tl.fps;
  const p = get(playbackBaseAtom);
  if (p.time > seconds)
    set(playbackBaseAtom, { time: clampSeek(p.time, seconds), playing: p.playing });
  // Selected clips that are gone are no longer selected.
  const sel = get(selectionBaseAtom);
  if (sel.some((id) => !items.some((i) => i.id === id)))
    set(
      selectionBaseAtom,
      sel.filter((id) => items.some((i) => i.id === id)),
    );
}

/** One undo step for an edit of the stored items; an edit that returns the same list records nothing. */
function edit(recipe: (items: readonly TimelineItem[]) => readonly TimelineItem[]) {
  return atom(null, (get, set) => {
    const h = get(historyBaseAtom);
    const items = recipe(h.present.items);
    if (items === h.present.items) return;
    set(historyBaseAtom, commit(h, { ...h.present, items }));
    afterEdit(get, set, items);
  });
}

/** One undo step for an edit in frames (model/tracks.ts). */
function editTimeline(recipe: (tl: Timeline) => Timeline) {
  return atom(null, (get, set) => {
    const h = get(historyBaseAtom);
    const tl = fromItems(h.present.items, h.present.settings.fps);
    const next = recipe(tl);
    if (next === tl) return;
    const items = toItems(next);
    set(historyBaseAtom, commit(h, { ...h.present, items }));
    afterEdit(get, set, items);
  });
}

// Timeline state that is not part of the project (and not undone): selection, ripple, snapping, clipboard.
const selectionBaseAtom = atom<readonly string[]>([]);
const rippleBaseAtom = atom(false);
const snappingBaseAtom = atom(true);
const clipboardBaseAtom = atom<readonly Clip[]>([]);
export const selectionAtom = atom((get) => get(selectionBaseAtom));
export const rippleAtom = atom((get) => get(rippleBaseAtom));
export const snappingAtom = atom((get) => get(snappingBaseAtom));
export const clipboardAtom = atom((get) => get(clipboardBaseAtom));
/** Click selects one clip; with `add` (Shift/Ctrl) it toggles the clip in the selection; null clears. */
export const selectClipAtom = atom(null, (get, set, id: string | null, add = false) => {
  if (id === null) return set(selectionBaseAtom, []);
  const sel = get(selectionBaseAtom);
  if (!add) return set(selectionBaseAtom, [id]);
  set(selectionBaseAtom, sel.includes(id) ? sel.filter((x) => x !== id) : [...sel, id]);
});
export const toggleRippleAtom = atom(null, (get, set) => set(rippleBaseAtom, !get(rippleBaseAtom)));
export const toggleSnappingAtom = atom(null, (get, set) =>
  set(snappingBaseAtom, !get(snappingBaseAtom)),
);

let idCounter = 0;
/** Ids for clips made by split, paste and duplicate: unique in the project. */
export const newClipId = () =>
  `c${Date.now().toString(36)}${(idCounter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const splitAtPlayheadAtom = atom(null, (get, set) =>
  set(editTimeline((tl) => splitAt(tl, get(playheadFrameAtom), newClipId, get(selectionBaseAtom)))),
);
/** Q: drops what is left of the playhead in the clips it crosses; the playhead follows the kept part. */
export const dropLeftAtom = atom(null, (get, set) => {
  const frame = get(playheadFrameAtom);
  const before = get(timelineAtom);
  const sel = get(selectionBaseAtom);
  const cut = before.clips.filter(
    (c) =>
      c.start < frame && frame < c.start + c.length && (sel.length === 0 || sel.includes(c.id)),
  );
  set(editTimeline((tl) => dropLeft(tl, frame, sel)));
  if (cut.length && get(timelineAtom).clips !== before.clips)
    set(playbackBaseAtom, {
      time: Math.min(...cut.map((c) => c.start)) / before.fps,
      playing: get(playbackBaseAtom).playing,
    });
});
export const dropRightAtom = atom(null, (get, set) =>
  set(editTimeline((tl) => dropRight(tl, get(playheadFrameAtom), get(selectionBaseAtom)))),
);
/** Delete (leaves a gap unless ripple is on) and Shift+Delete (always ripple) remove the selection. */
export const deleteSelectionAtom = atom(null, (get, set, ripple?: boolean) => {
  const sel = get(selectionBaseAtom);
  if (sel.length)
    set(editTimeline((tl) => removeClips(tl, sel, { ripple: ripple ?? get(rippleBaseAtom) })));
});
export const trimClipAtom = atom(
  null,
  (get, set, id: string, edge: 'start' | 'end', frame: number) =>
    set(
      editTimeline((tl) =>
        (edge === 'start' ? trimStart : trimEnd)(tl, id, frame, { ripple: get(rippleBaseAtom) }),
      ),
    ),
);
/** Moves clips by frames, and onto `toTrack` when given. */
export const moveClipsAtom = atom(
  null,
  (_get, set, ids: readonly string[], delta: number, toTrack?: TrackId) =>
    set(editTimeline((tl) => moveClips(tl, ids, delta, toTrack))),
);
export const copySelectionAtom = atom(null, (get, set) => {
  const sel = get(selectionBaseAtom);
  if (sel.length) set(clipboardBaseAtom, copyClips(get(timelineAtom), sel));
});
export const cutSelectionAtom = atom(null, (_get, set) => {
  set(copySelectionAtom);
  set(deleteSelectionAtom);
});
export const pasteAtom = atom(null, (get, set) => {
  const clipboard = get(clipboardBaseAtom);
  let pasted: string[] = [];
  set(
    editTimeline((tl) => {
      const r = pasteClips(tl, clipboard, get(playheadFrameAtom), newClipId);
      pasted = r.ids;
      return r.timeline;
    }),
  );
  if (pasted.length) set(selectionBaseAtom, pasted);
});
export const duplicateSelectionAtom = atom(null, (get, set) => {
  let made: string[] = [];
  set(
    editTimeline((tl) => {
      const r = duplicateClips(tl, get(selectionBaseAtom), newClipId);
      made = r.ids;
      return r.timeline;
    }),
  );
  if (made.length) set(selectionBaseAtom, made);
});
export const setClipGainAtom = atom(null, (_get, set, id: string, db: number) =>
  set(editTimeline((tl) => setGain(tl, id, db))),
);
/** A clip's speed (0.25..4): its length becomes its source span over the speed, the rest of its track follows; one undo step. */
export const setClipSpeedAtom = atom(null, (_get, set, id: string, speed: number) =>
  set(editTimeline((tl) => setSpeed(tl, id, speed))),
);
/** A clip's fade-in or fade-out, in frames. */
/** Sets (kind and whole frames), changes or removes (null) the transition on the cut before clip `id`: one undo step. */
export const setTransitionAtom = atom(
  null,
  (_get, set, id: string, kind: TransitionKind | null, frames: number) =>
    set(editTimeline((tl) => setTransition(tl, id, kind, frames))),
);
/** Adds a keyframe on a clip's property at the playhead (inside the clip), holding the value it has there: one undo step. */
export const addKeyframeAtom = atom(null, (get, set, id: string, prop: KeyframeProp) => {
  const c = get(timelineAtom).clips.find((x) => x.id === id);
  const frame = get(playheadFrameAtom);
  if (c && frame >= c.start && frame < c.start + c.length)
    set(editTimeline((tl) => addKeyframe(tl, id, prop, clipSourceFrame(c, frame))));
});
/** Changes a keyframe's value or easing (`frame` is its source frame): one undo step. */
export const updateKeyframeAtom = atom(
  null,
  (
    _get,
    set,
    id: string,
    prop: KeyframeProp,
    frame: number,
    patch: { value?: number; easing?: Easing; bezier?: [number, number, number, number] },
  ) => set(editTimeline((tl) => updateKeyframe(tl, id, prop, frame, patch))),
);
export const removeKeyframeAtom = atom(
  null,
  (_get, set, id: string, prop: KeyframeProp, frame: number) =>
    set(editTimeline((tl) => removeKeyframe(tl, id, prop, frame))),
);
export const setClipFadeAtom = atom(
  null,
  (_get, set, id: string, edge: 'in' | 'out', frames: number) =>
    set(editTimeline((tl) => setFade(tl, id, edge, frames))),
);

/**
 * Adds a clip to its track (pictures and titles on the main track, sound on Audio 1 unless `track` says
 * otherwise): a picture at the end of the track, which it extends; a title or a sound at the playhead,
 * or the first place after it with room (model/tracks.ts insertAtFrame).
 */
export const addClipAtom = atom(null, (get, set, clip: TimelineItem, track?: TrackId) => {
  const atPlayhead = clip.type === 'title' || clip.type === 'audio';
  const playhead = get(playheadFrameAtom);
  set(
    editTimeline((tl) =>
      atPlayhead ? insertAtFrame(tl, clip, playhead, track) : appendToTrack(tl, clip, track),
    ),
  );
});
export const reorderClipAtom = atom(
  null,
  (_get, set, activeId: string, overId: string | null | undefined) =>
    set(editTimeline((tl) => reorderInTrack(tl, activeId, overId))),
);
/** The clip list's arrows: one place up (-1) or down (+1) within the clip's track. */
export const moveClipAtom = atom(null, (_get, set, id: string, direction: -1 | 1) =>
  set(
    editTimeline((tl) => {
      const c = tl.clips.find((x) => x.id === id);
      if (!c) return tl;
      const cs = trackClips(tl, c.track);
      return reorderInTrack(tl, id, cs[cs.findIndex((x) => x.id === id) + direction]?.id);
    }),
  ),
);
/** The clip list's duration slider (0.1-30 s): moves the clip's right edge, and the rest of its track with it. */
export const setClipDurationAtom = atom(null, (_get, set, id: string, seconds: number) =>
  set(
    editTimeline((tl) => {
      const c = tl.clips.find((x) => x.id === id);
      return c
        ? trimEnd(tl, id, c.start + Math.max(1, Math.round(clampDuration(seconds) * tl.fps)), {
            ripple: true,
          })
        : tl;
    }),
  ),
);
/** The clip list's Remove: the rest of the clip's track closes up (as the list always did). */
export const removeClipAtom = atom(null, (_get, set, id: string) =>
  set(editTimeline((tl) => removeClips(tl, [id], { ripple: true }))),
);
export const setClipMutedAtom = atom(null, (_get, set, id: string, muted: boolean) =>
  set(edit((items) => setClipMuted(items, id, muted))),
);
export const updateTitleClipAtom = atom(
  null,
  (_get, set, id: string, patch: Partial<{ text: string; fontSize: number; color: string }>) =>
    set(edit((items) => updateTitle(items, id, patch))),
);
/** Transcribe's cues replace the captions over the transcribed stretch [from, to) (seconds): one undo step. */
export const applyCaptionsAtom = atom(
  null,
  (_get, set, captions: readonly TimelineItem[], from: number, to: number) =>
    set(edit((items) => replaceCaptions(items, captions, from, to))),
);
export const editCaptionWordAtom = atom(
  null,
  (_get, set, id: string, index: number, text: string) =>
    set(edit((items) => editCaptionWord(items, id, index, text))),
);

function changeSettings(patch: (s: ProjectSettings) => ProjectSettings) {
  return atom(null, (get, set) => {
    const h = get(historyBaseAtom);
    set(historyBaseAtom, commit(h, { ...h.present, settings: patch(h.present.settings) }));
  });
}

/** The caption track's look (a project saved without one has DEFAULT_CAPTION_STYLE). */
export const captionStyleAtom = atom(
  (get) => get(settingsAtom).captionStyle ?? DEFAULT_CAPTION_STYLE,
);
/** Changes part of the caption track's look: one undo step (nothing when it is already so). */
export const setCaptionStyleAtom = atom(null, (get, set, patch: Partial<CaptionStyle>) => {
  const current = get(captionStyleAtom);
  const next = { ...current, ...patch };
  if (
    next.preset === current.preset &&
    next.position === current.position &&
    next.size === current.size
  )
    return;
  set(changeSettings((s) => ({ ...s, captionStyle: next })));
});

/** Aspect ratio sets the resolution with it, at the size class the project has (1080p for 1920x1080). */
export const setAspectRatioAtom = atom(null, (get, set, id: AspectRatioId) => {
  const current = get(settingsAtom);
  if (!ASPECT_RATIOS.some((a) => a.id === id) || current.aspectRatio === id) return;
  const resolution = resolutionFor(id, sizeOf(current.resolution));
  set(changeSettings((s) => ({ ...s, aspectRatio: id, resolution })));
});
/** The export size class (720p to 4K of the shorter side) of the project's aspect ratio: one undo step. */
export const videoSizeAtom = atom((get) => sizeOf(get(settingsAtom).resolution));
export const setVideoSizeAtom = atom(null, (get, set, size: VideoSizeId) => {
  const current = get(settingsAtom);
  const resolution = resolutionFor(current.aspectRatio, size);
  if (
    resolution.width === current.resolution.width &&
    resolution.height === current.resolution.height
  )
    return;
  set(changeSettings((s) => ({ ...s, resolution })));
});
/**
 * The frame rate, with the clips (model/tracks.ts changeFps) and the markers re-counted in whole frames of it:
 * one undo step. The playhead keeps its time, on the nearest frame of the new rate.
 */
export const setFpsAtom = atom(null, (get, set, fps: number) => {
  const h = get(historyBaseAtom);
  const from = h.present.settings.fps;
  if (fps === from || !(VIDEO_FPS_CHOICES as readonly number[]).includes(fps)) return;
  const markers = h.present.settings.markers;
  const settings = markers?.length
    ? { ...h.present.settings, fps, markers: rescaleMarkers(markers, from, fps) }
    : { ...h.present.settings, fps };
  set(historyBaseAtom, commit(h, { items: changeFps(h.present.items, from, fps), settings }));
  const p = get(playbackBaseAtom);
  set(playbackBaseAtom, {
    ...p,
    time: Math.min(get(totalDurationAtom), Math.round(p.time * fps) / fps),
  });
});
export const setFormatAtom = atom(null, (get, set, format: VideoFormat) => {
  if (get(settingsAtom).format !== format) set(changeSettings((s) => ({ ...s, format })));
});
/** Mute or solo a track (undoable, saved with the project): a muted track is silent, and while any track is soloed only soloed tracks sound. */
export const setTrackMixAtom = atom(
  null,
  (get, set, track: TrackId, patch: { muted?: boolean; solo?: boolean }) => {
    const current = get(settingsAtom).trackMix?.[track] ?? {};
    const next = { ...current, ...patch };
    if (!!next.muted === !!current.muted && !!next.solo === !!current.solo) return;
    const entry = { ...(next.muted ? { muted: true } : {}), ...(next.solo ? { solo: true } : {}) };
    set(
      changeSettings((s) => {
        const { [track]: _old, ...others } = s.trackMix ?? {};
        const trackMix = Object.keys(entry).length ? { ...others, [track]: entry } : others;
        const { trackMix: _t, ...rest } = s;
        return Object.keys(trackMix).length ? { ...rest, trackMix } : rest;
      }),
    );
  },
);
export const setQualityAtom = atom(null, (get, set, quality: VideoQuality) => {
  if (get(settingsAtom).quality !== quality) set(changeSettings((s) => ({ ...s, quality })));
});

/** The timeline's markers by frame (model/markers.ts; a project without any has none). */
export const markersAtom = atom((get) => get(settingsAtom).markers ?? NO_MARKERS);
const NO_MARKERS: readonly Marker[] = [];
/** One undo step for an edit of the markers; an edit that changes nothing records nothing. */
function editMarkers(recipe: (markers: readonly Marker[]) => readonly Marker[]) {
  return atom(null, (get, set) => {
    const h = get(historyBaseAtom);
    const current = h.present.settings.markers ?? NO_MARKERS;
    const next = recipe(current);
    if (next === current) return;
    // No markers is no key: a project that never had any saves as it did before markers.
    const { markers: _m, ...rest } = h.present.settings;
    set(
      historyBaseAtom,
      commit(h, { ...h.present, settings: next.length ? { ...rest, markers: [...next] } : rest }),
    );
  });
}
let markerCounter = 0;
/** Ids for new markers: unique in the project. */
export const newMarkerId = () => `m${Date.now().toString(36)}${(markerCounter++).toString(36)}`;
/** M: a marker at the playhead (none when one is there already): one undo step. Returns its id. */
export const addMarkerAtom = atom(null, (get, set): string | null => {
  const frame = get(playheadFrameAtom);
  const id = newMarkerId();
  set(editMarkers((ms) => addMarker(ms, frame, id)));
  return get(markersAtom).find((m) => m.frame === frame)?.id ?? null;
});
export const moveMarkerAtom = atom(null, (_get, set, id: string, frame: number) =>
  set(editMarkers((ms) => moveMarker(ms, id, frame))),
);
export const renameMarkerAtom = atom(null, (_get, set, id: string, label: string) =>
  set(editMarkers((ms) => renameMarker(ms, id, label))),
);
export const removeMarkerAtom = atom(null, (_get, set, id: string) =>
  set(editMarkers((ms) => removeMarker(ms, id))),
);
/** The previous (-1) or next (+1) marker: the playhead moves there (pausing); none, nothing moves. */
export const jumpToMarkerAtom = atom(null, (get, set, direction: -1 | 1) => {
  const m = adjacentMarker(get(markersAtom), get(playheadFrameAtom), direction);
  if (!m) return;
  set(pauseAtom);
  set(seekFrameAtom, m.frame);
});

/** The title is not part of undo: typing it letter by letter would fill the history. */
export const setTitleAtom = atom(null, (_get, set, title: string) =>
  set(titleBaseAtom, title.slice(0, 200)),
);

export const undoAtom = atom(null, (get, set) => set(historyBaseAtom, undo(get(historyBaseAtom))));
export const redoAtom = atom(null, (get, set) => set(historyBaseAtom, redo(get(historyBaseAtom))));

/** After a successful Save: the project id (new after the first Save) and what is now stored. */
export const markSavedAtom = atom(null, (_get, set, projectId: string, saved: EditorSnapshot) => {
  set(projectIdBaseAtom, projectId);
  set(savedBaseAtom, serializeSnapshot(saved));
});

/** Moves the playhead to a frame (clamped to the timeline). */
export const seekFrameAtom = atom(null, (get, set, frame: number) => {
  const seconds = Math.round(frame) / get(settingsAtom).fps;
  set(playbackBaseAtom, {
    time: Math.min(get(totalDurationAtom), Math.max(0, Number.isFinite(seconds) ? seconds : 0)),
    playing: get(playbackBaseAtom).playing,
  });
});
export const seekAtom = atom(null, (get, set, seconds: number) =>
  set(playbackBaseAtom, {
    time: clampSeek(seconds, get(totalDurationAtom)),
    playing: get(playbackBaseAtom).playing,
  }),
);
export const playAtom = atom(null, (get, set) => {
  set(rateBaseAtom, 1);
  set(playbackBaseAtom, startPlayback(get(playbackBaseAtom), get(totalDurationAtom)));
});
export const pauseAtom = atom(null, (get, set) => {
  set(rateBaseAtom, 1);
  set(playbackBaseAtom, { ...get(playbackBaseAtom), playing: false });
});
export const restartAtom = atom(null, (get, set) =>
  set(playbackBaseAtom, { ...get(playbackBaseAtom), time: 0 }),
);
export const jumpToEndAtom = atom(null, (get, set) =>
  set(playbackBaseAtom, { time: get(totalDurationAtom), playing: false }),
);
/** One animation frame of playback: elapsed real seconds since the last tick. */
export const tickAtom = atom(null, (get, set, elapsedSec: number) => {
  const rate = get(rateBaseAtom);
  const p = get(playbackBaseAtom);
  if (rate > 0)
    return set(playbackBaseAtom, advancePlayback(p, elapsedSec * rate, get(totalDurationAtom)));
  if (!p.playing) return;
  // Backwards: stops at the start.
  const time = p.time + Math.max(0, elapsedSec) * rate;
  set(playbackBaseAtom, time <= 0 ? { time: 0, playing: false } : { time, playing: true });
  if (time <= 0) set(rateBaseAtom, 1);
});

/** Playback speed: 1 normally; J/L shuttle sets -1/1 and each repeat doubles it up to 4x either way. */
const rateBaseAtom = atom(1);
export const playbackRateAtom = atom((get) => get(rateBaseAtom));
export const MAX_SHUTTLE = 4;
/** J (-1) and L (+1): play that way, or faster when already playing that way. */
export const shuttleAtom = atom(null, (get, set, direction: -1 | 1) => {
  const rate = get(rateBaseAtom);
  const p = get(playbackBaseAtom);
  const same = p.playing && Math.sign(rate) === direction;
  const next = same ? Math.max(-MAX_SHUTTLE, Math.min(MAX_SHUTTLE, rate * 2)) : direction;
  set(rateBaseAtom, next);
  if (direction > 0 && !p.playing) set(playbackBaseAtom, startPlayback(p, get(totalDurationAtom)));
  else set(playbackBaseAtom, { time: p.time, playing: true });
});
/** Steps the playhead by frames (pausing). */
export const stepFramesAtom = atom(null, (get, set, frames: number) => {
  set(pauseAtom);
  set(seekFrameAtom, get(playheadFrameAtom) + frames);
});

// Zoom: screen pixels per frame, from one frame across the view down to the whole project in it.
export const MAX_PX_PER_FRAME = 48;
const pxPerFrameBaseAtom = atom(2);
const viewportWidthBaseAtom = atom(800);
export const pxPerFrameAtom = atom((get) => get(pxPerFrameBaseAtom));
/** The zoom that shows the whole project (at least one second) in the timeline's visible width. */
export const fitPxPerFrameAtom = atom((get) => {
  const tl = get(timelineAtom);
  return Math.min(
    MAX_PX_PER_FRAME,
    Math.max(1e-3, get(viewportWidthBaseAtom) / Math.max(timelineLength(tl), tl.fps)),
  );
});
export const setViewportWidthAtom = atom(null, (_get, set, width: number) =>
  set(viewportWidthBaseAtom, Math.max(100, width)),
);
export const zoomAtom = atom(null, (get, set, how: 'in' | 'out' | 'fit' | number) => {
  const fit = get(fitPxPerFrameAtom);
  const cur = get(pxPerFrameBaseAtom);
  const next = how === 'fit' ? fit : how === 'in' ? cur * 1.5 : how === 'out' ? cur / 1.5 : how;
  set(pxPerFrameBaseAtom, Math.min(MAX_PX_PER_FRAME, Math.max(Math.min(fit, cur), next)));
});

/** Stored items as the editor keeps them: every clip on a track at whole frames (a list-editor project is migrated). */
export function migrateItems(items: readonly TimelineItem[], fps: number): TimelineItem[] {
  return toItems(fromItems(items, fps));
}

export type EditorStore = ReturnType<typeof createStore>;

export function createEditorStore(init: EditorInit = {}): EditorStore {
  const store = createStore();
  const settings = { ...defaultProjectSettings, ...init.settings };
  store.set(
    historyBaseAtom,
    createHistory<EditorContent>({ items: migrateItems(init.items ?? [], settings.fps), settings }),
  );
  store.set(titleBaseAtom, init.title ?? DEFAULT_PROJECT_TITLE);
  store.set(projectIdBaseAtom, init.projectId ?? null);
  store.set(
    savedBaseAtom,
    init.saved
      ? serializeSnapshot({
          ...init.saved,
          items: migrateItems(
            init.saved.items,
            { ...defaultProjectSettings, ...init.saved.settings }.fps,
          ),
        })
      : null,
  );
  return store;
}
