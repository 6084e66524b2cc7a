import { useStore } from 'jotai';
import { useEffect } from 'react';
import { DEFAULT_PROJECT_TITLE } from '@core/constants';
import { useAuth } from '@/lib/auth';
import { dirtyAtom, projectIdAtom, snapshotAtom } from '../atoms';
import type { DraftStorage } from '../utils/draft-storage';

/**
 * Writes unsaved edits to the local draft at once, on each change: a tab that is killed (a renderer crash,
 * the OS ending it) fires no pagehide, so an edit waiting for a timer would be lost. One localStorage write
 * per edit is cheap next to the edit itself. Also flushed when the page hides and on unmount.
 */
export function useAutosaveDraft(drafts: DraftStorage): void {
  const { user } = useAuth();
  const store = useStore();
  const uid = user?.uid;
  useEffect(() => {
    if (!uid) return;
    const flush = () => {
      const projectId = store.get(projectIdAtom);
      // Back to what is stored (an edit undone): an older draft would bring the undone edit back.
      if (!store.get(dirtyAtom)) return drafts.clear(uid, projectId);
      const s = store.get(snapshotAtom);
      // A new project nobody has touched yet is no draft.
      if (!projectId && s.items.length === 0 && s.title === DEFAULT_PROJECT_TITLE) return;
      drafts.write(uid, projectId, {
        title: s.title,
        items: [...s.items],
        settings: s.settings,
        savedAt: Date.now(),
      });
    };
    const unsubscribe = store.sub(snapshotAtom, flush);
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      flush();
      unsubscribe();
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
    };
  }, [uid, store, drafts]);
}
