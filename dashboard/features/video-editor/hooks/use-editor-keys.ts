import { useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  addMarkerAtom,
  copySelectionAtom,
  cutSelectionAtom,
  deleteSelectionAtom,
  dropLeftAtom,
  dropRightAtom,
  duplicateSelectionAtom,
  jumpToEndAtom,
  jumpToMarkerAtom,
  pasteAtom,
  pauseAtom,
  playAtom,
  playbackAtom,
  redoAtom,
  restartAtom,
  settingsAtom,
  shuttleAtom,
  splitAtPlayheadAtom,
  stepFramesAtom,
  toggleSnappingAtom,
  undoAtom,
  zoomAtom,
} from '../atoms';
import {
  actionFor,
  isTypingTarget,
  loadKeymap,
  rebind,
  resolveKeymap,
  saveKeymap,
  type EditorAction,
  type Keymap,
} from '../model/keymap';

/**
 * The editor's keyboard: every action of model/keymap.ts on window keydown, except while typing in a
 * field, in a dialog, or when a focused control already handled the key. The remap is kept in localStorage.
 */
export function useEditorKeys() {
  const store = useStore();
  const [remap, setRemap] = useState<Keymap>(() => loadKeymap());
  const [overlay, setOverlay] = useState(false);
  const keymap = useMemo(() => resolveKeymap(remap), [remap]);

  const run = useCallback(
    (action: EditorAction) => {
      const fps = store.get(settingsAtom).fps;
      switch (action) {
        case 'playPause':
          return store.get(playbackAtom).playing ? store.set(pauseAtom) : store.set(playAtom);
        case 'shuttleStop':
          return store.get(playbackAtom).playing ? store.set(pauseAtom) : store.set(playAtom);
        case 'shuttleBack':
          return store.set(shuttleAtom, -1);
        case 'shuttleForward':
          return store.set(shuttleAtom, 1);
        case 'frameBack':
          return store.set(stepFramesAtom, -1);
        case 'frameForward':
          return store.set(stepFramesAtom, 1);
        case 'secondBack':
          return store.set(stepFramesAtom, -fps);
        case 'secondForward':
          return store.set(stepFramesAtom, fps);
        case 'home':
          store.set(pauseAtom);
          return store.set(restartAtom);
        case 'end':
          return store.set(jumpToEndAtom);
        case 'split':
          return store.set(splitAtPlayheadAtom);
        case 'dropLeft':
          return store.set(dropLeftAtom);
        case 'dropRight':
          return store.set(dropRightAtom);
        case 'delete':
          return store.set(deleteSelectionAtom);
        case 'rippleDelete':
          return store.set(deleteSelectionAtom, true);
        case 'undo':
          return store.set(undoAtom);
        case 'redo':
          return store.set(redoAtom);
        case 'copy':
          return store.set(copySelectionAtom);
        case 'paste':
          return store.set(pasteAtom);
        case 'cut':
          return store.set(cutSelectionAtom);
        case 'duplicate':
          return store.set(duplicateSelectionAtom);
        case 'toggleSnapping':
          return store.set(toggleSnappingAtom);
        case 'addMarker':
          return void store.set(addMarkerAtom);
        case 'previousMarker':
          return store.set(jumpToMarkerAtom, -1);
        case 'nextMarker':
          return store.set(jumpToMarkerAtom, 1);
        case 'zoomIn':
          return store.set(zoomAtom, 'in');
        case 'zoomOut':
          return store.set(zoomAtom, 'out');
        case 'zoomFit':
          return store.set(zoomAtom, 'fit');
        case 'showShortcuts':
          return setOverlay(true);
      }
    },
    [store],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || overlay || isTypingTarget(e.target)) return;
      // A dialog (the media picker, a confirmation) owns the keyboard while it is open.
      if (e.target instanceof Element && e.target.closest('[role="dialog"],[role="alertdialog"]'))
        return;
      const action = actionFor(e, keymap);
      if (!action) return;
      // A focused button or link keeps Space and Enter for itself.
      if (
        action === 'playPause' &&
        e.target instanceof HTMLElement &&
        e.target.closest('button,a,[role="button"],[role="slider"]')
      )
        return;
      e.preventDefault();
      run(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keymap, overlay, run]);

  const onRebind = useCallback((action: EditorAction, chord: string) => {
    setRemap((r) => {
      const next = rebind(r, action, chord);
      saveKeymap(next);
      return next;
    });
  }, []);
  const onReset = useCallback(() => {
    saveKeymap({});
    setRemap({});
  }, []);
  return {
    keymap,
    overlay,
    openOverlay: () => setOverlay(true),
    closeOverlay: () => setOverlay(false),
    onRebind,
    onReset,
  };
}
