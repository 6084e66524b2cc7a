import { atom, createStore } from 'jotai';
import { ASPECT_RATIOS, DEFAULT_PROJECT_TITLE } from '@core/constants';
import { defaultProjectSettings, type AspectRatioId, type ProjectSettings, type TimelineItem, type VideoFormat, type VideoQuality } from '@core/editor/model';
import { canRedo, canUndo, commit, createHistory, redo, undo, type History } from './model/history';
import {
  advancePlayback,
  appendClip,
  clampSeek,
  moveClip,
  recomputeStartTimes,
  removeClip,
  reorderClip,
  setClipDuration,
  setClipMuted,
  startPlayback,
  totalDuration,
  updateTitle,
  type Playback,
} from './model/timeline';

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

const historyBaseAtom = atom<History<EditorContent>>(createHistory<EditorContent>({ items: [], settings: defaultProjectSettings }));
const titleBaseAtom = atom(DEFAULT_PROJECT_TITLE);
const projectIdBaseAtom = atom<string | null>(null);
const savedBaseAtom = atom<string | null>(null);
const playbackBaseAtom = atom<Playback>({ time: 0, playing: false });

export const itemsAtom = atom((get) => get(historyBaseAtom).present.items);
export const settingsAtom = atom((get) => get(historyBaseAtom).present.settings);
export const titleAtom = atom((get) => get(titleBaseAtom));
export const projectIdAtom = atom((get) => get(projectIdBaseAtom));
export const totalDurationAtom = atom((get) => totalDuration(get(itemsAtom)));
export const canUndoAtom = atom((get) => canUndo(get(historyBaseAtom)));
export const canRedoAtom = atom((get) => canRedo(get(historyBaseAtom)));
export const playbackAtom = atom((get) => get(playbackBaseAtom));
export const snapshotAtom = atom<EditorSnapshot>((get) => ({ title: get(titleBaseAtom), items: get(itemsAtom), settings: get(settingsAtom) }));
/** True when the title, the clips or the settings differ from what was last saved (a new project always is). */
export const dirtyAtom = atom((get) => get(savedBaseAtom) !== serializeSnapshot(get(snapshotAtom)));

export function serializeSnapshot(s: EditorSnapshot): string {
  return JSON.stringify({ title: s.title, items: s.items, settings: s.settings });
}

function edit(recipe: (items: readonly TimelineItem[]) => readonly TimelineItem[]) {
  return atom(null, (get, set) => {
    const h = get(historyBaseAtom);
    const items = recipe(h.present.items);
    if (items === h.present.items) return;
    set(historyBaseAtom, commit(h, { ...h.present, items }));
    // Keep the playhead inside the timeline when it shrinks.
    const total = totalDuration(items);
    const p = get(playbackBaseAtom);
    if (p.time > total) set(playbackBaseAtom, { time: clampSeek(p.time, total), playing: p.playing });
  });
}

export const addClipAtom = atom(null, (_get, set, clip: TimelineItem) => set(edit((items) => appendClip(items, clip))));
export const reorderClipAtom = atom(null, (_get, set, activeId: string, overId: string | null | undefined) => set(edit((items) => reorderClip(items, activeId, overId))));
export const moveClipAtom = atom(null, (_get, set, id: string, direction: -1 | 1) => set(edit((items) => moveClip(items, id, direction))));
export const setClipDurationAtom = atom(null, (_get, set, id: string, seconds: number) => set(edit((items) => setClipDuration(items, id, seconds))));
export const removeClipAtom = atom(null, (_get, set, id: string) => set(edit((items) => removeClip(items, id))));
export const setClipMutedAtom = atom(null, (_get, set, id: string, muted: boolean) => set(edit((items) => setClipMuted(items, id, muted))));
export const updateTitleClipAtom = atom(null, (_get, set, id: string, patch: Partial<{ text: string; fontSize: number; color: string }>) => set(edit((items) => updateTitle(items, id, patch))));

function changeSettings(patch: (s: ProjectSettings) => ProjectSettings) {
  return atom(null, (get, set) => {
    const h = get(historyBaseAtom);
    set(historyBaseAtom, commit(h, { ...h.present, settings: patch(h.present.settings) }));
  });
}

/** Aspect ratio sets the resolution with it. */
export const setAspectRatioAtom = atom(null, (get, set, id: AspectRatioId) => {
  const ratio = ASPECT_RATIOS.find((a) => a.id === id);
  if (!ratio || get(settingsAtom).aspectRatio === id) return;
  set(changeSettings((s) => ({ ...s, aspectRatio: id, resolution: { width: ratio.width, height: ratio.height } })));
});
export const setFormatAtom = atom(null, (get, set, format: VideoFormat) => {
  if (get(settingsAtom).format !== format) set(changeSettings((s) => ({ ...s, format })));
});
export const setQualityAtom = atom(null, (get, set, quality: VideoQuality) => {
  if (get(settingsAtom).quality !== quality) set(changeSettings((s) => ({ ...s, quality })));
});

/** The title is not part of undo: typing it letter by letter would fill the history. */
export const setTitleAtom = atom(null, (_get, set, title: string) => set(titleBaseAtom, title.slice(0, 200)));

export const undoAtom = atom(null, (get, set) => set(historyBaseAtom, undo(get(historyBaseAtom))));
export const redoAtom = atom(null, (get, set) => set(historyBaseAtom, redo(get(historyBaseAtom))));

/** After a successful Save: the project id (new after the first Save) and what is now stored. */
export const markSavedAtom = atom(null, (_get, set, projectId: string, saved: EditorSnapshot) => {
  set(projectIdBaseAtom, projectId);
  set(savedBaseAtom, serializeSnapshot(saved));
});

export const seekAtom = atom(null, (get, set, seconds: number) => set(playbackBaseAtom, { time: clampSeek(seconds, get(totalDurationAtom)), playing: get(playbackBaseAtom).playing }));
export const playAtom = atom(null, (get, set) => set(playbackBaseAtom, startPlayback(get(playbackBaseAtom), get(totalDurationAtom))));
export const pauseAtom = atom(null, (get, set) => set(playbackBaseAtom, { ...get(playbackBaseAtom), playing: false }));
export const restartAtom = atom(null, (get, set) => set(playbackBaseAtom, { ...get(playbackBaseAtom), time: 0 }));
export const jumpToEndAtom = atom(null, (get, set) => set(playbackBaseAtom, { time: get(totalDurationAtom), playing: false }));
/** One animation frame of playback: elapsed real seconds since the last tick. */
export const tickAtom = atom(null, (get, set, elapsedSec: number) => set(playbackBaseAtom, advancePlayback(get(playbackBaseAtom), elapsedSec, get(totalDurationAtom))));

export type EditorStore = ReturnType<typeof createStore>;

export function createEditorStore(init: EditorInit = {}): EditorStore {
  const store = createStore();
  const settings = { ...defaultProjectSettings, ...init.settings };
  store.set(historyBaseAtom, createHistory<EditorContent>({ items: recomputeStartTimes(init.items ?? []), settings }));
  store.set(titleBaseAtom, init.title ?? DEFAULT_PROJECT_TITLE);
  store.set(projectIdBaseAtom, init.projectId ?? null);
  store.set(savedBaseAtom, init.saved ? serializeSnapshot({ ...init.saved, items: recomputeStartTimes(init.saved.items) }) : null);
  return store;
}
