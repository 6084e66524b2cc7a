import { useStore } from 'jotai';
import { useEffect } from 'react';
import { DEFAULT_PROJECT_TITLE } from '@core/constants';
import { useAuth } from '@/lib/auth';
import { dirtyAtom, projectIdAtom, snapshotAtom } from '../atoms';
import type { DraftStorage } from '../utils/draft-storage';

const DRAFT_DELAY_MS = 400;

/** Writes unsaved edits to the local draft shortly after each change, and once more when the page hides. */
export function useAutosaveDraft(drafts: DraftStorage): void {
  const { user } = useAuth();
  const store = useStore();
  const uid = user?.uid;
  useEffect(() => {
    if (!uid) return;
    let timer = 0;
    const flush = () => {
      window.clearTimeout(timer);
      timer = 0;
      if (!store.get(dirtyAtom)) return;
      const s = store.get(snapshotAtom);
      const projectId = store.get(projectIdAtom);
      // A new project nobody has touched yet is no draft.
      if (!projectId && s.items.length === 0 && s.title === DEFAULT_PROJECT_TITLE) return;
      drafts.write(uid, projectId, { title: s.title, items: [...s.items], settings: s.settings, savedAt: Date.now() });
    };
    const unsubscribe = store.sub(snapshotAtom, () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(flush, DRAFT_DELAY_MS);
    });
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
