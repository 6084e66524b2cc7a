import { browserStore, type KeyValueStore } from '@/lib/local-store';

// The editor's keyboard shortcuts: actions, their default keys, matching a key event, and a remap that
// the user's browser keeps (localStorage through dashboard/lib/local-store.ts). Pure apart from the
// storage helpers at the end.

export type EditorAction =
  | 'playPause'
  | 'shuttleBack'
  | 'shuttleStop'
  | 'shuttleForward'
  | 'frameBack'
  | 'frameForward'
  | 'secondBack'
  | 'secondForward'
  | 'home'
  | 'end'
  | 'split'
  | 'dropLeft'
  | 'dropRight'
  | 'delete'
  | 'rippleDelete'
  | 'undo'
  | 'redo'
  | 'copy'
  | 'paste'
  | 'cut'
  | 'duplicate'
  | 'toggleSnapping'
  | 'addMarker'
  | 'previousMarker'
  | 'nextMarker'
  | 'zoomIn'
  | 'zoomOut'
  | 'zoomFit'
  | 'showShortcuts';

export interface ActionInfo {
  id: EditorAction;
  label: string;
  keys: readonly string[];
}

/** Every action with its default keys, in the order the shortcuts overlay lists them. */
export const DEFAULT_KEYMAP: readonly ActionInfo[] = [
  { id: 'playPause', label: 'Play or pause', keys: ['Space'] },
  { id: 'shuttleBack', label: 'Play backwards (again: faster)', keys: ['J'] },
  { id: 'shuttleStop', label: 'Pause', keys: ['K'] },
  { id: 'shuttleForward', label: 'Play forwards (again: faster)', keys: ['L'] },
  { id: 'frameBack', label: 'Back one frame', keys: ['ArrowLeft'] },
  { id: 'frameForward', label: 'Forward one frame', keys: ['ArrowRight'] },
  { id: 'secondBack', label: 'Back one second', keys: ['Shift+ArrowLeft'] },
  { id: 'secondForward', label: 'Forward one second', keys: ['Shift+ArrowRight'] },
  { id: 'home', label: 'Go to start', keys: ['Home'] },
  { id: 'end', label: 'Go to end', keys: ['End'] },
  { id: 'split', label: 'Split at playhead', keys: ['S'] },
  { id: 'dropLeft', label: 'Drop the part left of the playhead', keys: ['Q'] },
  { id: 'dropRight', label: 'Drop the part right of the playhead', keys: ['W'] },
  { id: 'delete', label: 'Delete selection', keys: ['Delete', 'Backspace'] },
  {
    id: 'rippleDelete',
    label: 'Ripple delete selection',
    keys: ['Shift+Delete', 'Shift+Backspace'],
  },
  { id: 'undo', label: 'Undo', keys: ['Ctrl+Z'] },
  { id: 'redo', label: 'Redo', keys: ['Ctrl+Shift+Z', 'Ctrl+Y'] },
  { id: 'copy', label: 'Copy', keys: ['Ctrl+C'] },
  { id: 'paste', label: 'Paste at playhead', keys: ['Ctrl+V'] },
  { id: 'cut', label: 'Cut', keys: ['Ctrl+X'] },
  { id: 'duplicate', label: 'Duplicate', keys: ['Ctrl+D'] },
  { id: 'toggleSnapping', label: 'Snapping on or off', keys: ['N'] },
  { id: 'addMarker', label: 'Add a marker at the playhead', keys: ['M'] },
  // Not Ctrl+Shift+M (Premiere's): Chrome keeps it for switching profiles.
  { id: 'previousMarker', label: 'Go to the previous marker', keys: ['['] },
  { id: 'nextMarker', label: 'Go to the next marker', keys: [']'] },
  { id: 'zoomIn', label: 'Zoom in', keys: ['+', '='] },
  { id: 'zoomOut', label: 'Zoom out', keys: ['-'] },
  { id: 'zoomFit', label: 'Zoom to fit the project', keys: ['Shift+Z'] },
  { id: 'showShortcuts', label: 'Show keyboard shortcuts', keys: ['?'] },
];

/** A remap: the keys of the actions the user changed. */
export type Keymap = Partial<Record<EditorAction, readonly string[]>>;

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
}

/**
 * A key event as a chord string: 'Ctrl+Shift+Z', 'Space', 'ArrowLeft', '?'. Cmd counts as Ctrl. Shift is
 * named only for keys it does not already change (letters, named keys): '?' not 'Shift+?'.
 */
export function chordOf(e: KeyLike): string | null {
  const key = e.key;
  if (['Control', 'Shift', 'Alt', 'Meta', 'Dead', 'Unidentified'].includes(key)) return null;
  let name = key === ' ' ? 'Space' : key.length === 1 ? key.toUpperCase() : key;
  const printable = key.length === 1 && key !== ' ';
  const isLetter = printable && /[a-z]/i.test(key);
  if (printable && !isLetter) name = key;
  const parts: string[] = [];
  if (e.ctrlKey || e.metaKey) parts.push('Ctrl');
  if (e.altKey) parts.push('Alt');
  if (e.shiftKey && (!printable || isLetter)) parts.push('Shift');
  parts.push(name);
  return parts.join('+');
}

/** Default keys with the user's remap applied. */
export function resolveKeymap(remap: Keymap): ActionInfo[] {
  return DEFAULT_KEYMAP.map((a) => ({ ...a, keys: remap[a.id] ?? a.keys }));
}

/** The action a key event triggers, if any. */
export function actionFor(e: KeyLike, keymap: readonly ActionInfo[]): EditorAction | null {
  const chord = chordOf(e);
  if (!chord) return null;
  return keymap.find((a) => a.keys.includes(chord))?.id ?? null;
}

/**
 * Binds `chord` to `action` in place of its keys. Another action that used the chord loses it (a chord
 * triggers one action). Returns the new remap.
 */
export function rebind(remap: Keymap, action: EditorAction, chord: string): Keymap {
  const next: Keymap = { ...remap, [action]: [chord] };
  for (const a of resolveKeymap(remap)) {
    if (a.id !== action && a.keys.includes(chord)) next[a.id] = a.keys.filter((k) => k !== chord);
  }
  return next;
}

/** True while focus is in a field: shortcuts then do nothing so typing works. */
export function isTypingTarget(el: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  if (el.tagName !== 'INPUT') return false;
  // Sliders and checkboxes take no text: shortcuts still work there.
  return !['range', 'checkbox', 'radio', 'button', 'submit'].includes(
    (el as HTMLInputElement).type,
  );
}

export const KEYMAP_STORAGE_KEY = 'muse.editor.keymap.v1';

const ACTION_IDS = new Set<string>(DEFAULT_KEYMAP.map((a) => a.id));

/** The saved remap; anything unreadable or unknown is ignored. */
export function loadKeymap(
  storage: Pick<KeyValueStore, 'getItem'> | null = browserStore(),
): Keymap {
  try {
    const raw = storage?.getItem(KEYMAP_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object') return {};
    const out: Keymap = {};
    for (const [k, v] of Object.entries(parsed)) {
      if (
        ACTION_IDS.has(k) &&
        Array.isArray(v) &&
        v.every((x) => typeof x === 'string' && x.length < 40)
      )
        out[k as EditorAction] = v as string[];
    }
    return out;
  } catch {
    return {};
  }
}

export function saveKeymap(
  remap: Keymap,
  storage: Pick<KeyValueStore, 'setItem' | 'removeItem'> | null = browserStore(),
): void {
  try {
    if (Object.keys(remap).length === 0) storage?.removeItem(KEYMAP_STORAGE_KEY);
    else storage?.setItem(KEYMAP_STORAGE_KEY, JSON.stringify(remap));
  } catch {
    // Private mode or a full quota: the remap lasts this session only.
  }
}

/** How a chord reads in the overlay. */
export function describeChord(chord: string): string {
  return chord
    .replace('ArrowLeft', '←')
    .replace('ArrowRight', '→')
    .replace('ArrowUp', '↑')
    .replace('ArrowDown', '↓');
}
