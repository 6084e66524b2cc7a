import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import { toast } from '@/lib/toast';
import { saveProject } from '../api/projects';
import { markSavedAtom, projectIdAtom, snapshotAtom } from '../atoms';
import type { DraftStorage } from '../utils/draft-storage';

/**
 * Save: creates the project on the first Save, updates it after, and
 * drops the local draft that is now stored. Returns the project id, or null when the save failed.
 */
export function useSaveProject(drafts: DraftStorage, onCreated: (projectId: string) => void) {
  const { user } = useAuth();
  const store = useStore();
  const projectId = useAtomValue(projectIdAtom);
  const markSaved = useSetAtom(markSavedAtom);
  const [saving, setSaving] = useState(false);

  const save = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}): Promise<string | null> => {
      if (!user) {
        toast({ title: 'Error', description: 'User not authenticated', variant: 'destructive' });
        return null;
      }
      const snapshot = store.get(snapshotAtom);
      setSaving(true);
      try {
        const id = await saveProject(getFirebase().db, user.uid, projectId, snapshot);
        markSaved(id, snapshot);
        drafts.clear(user.uid, projectId);
        // Edits made while the save ran stay as a draft of the stored project.
        if (serialize(store.get(snapshotAtom)) !== serialize(snapshot))
          drafts.write(user.uid, id, {
            ...store.get(snapshotAtom),
            items: [...store.get(snapshotAtom).items],
            savedAt: Date.now(),
          });
        if (!projectId) onCreated(id);
        if (!quiet) toast({ title: 'Project saved successfully' });
        return id;
      } catch (error) {
        console.warn('saveProject failed', error);
        toast({
          title: 'Error',
          description: 'Failed to save project. Your changes are kept on this device.',
          variant: 'destructive',
        });
        return null;
      } finally {
        setSaving(false);
      }
    },
    [user, store, projectId, markSaved, drafts, onCreated],
  );

  return { save, saving };
}

const serialize = (s: unknown) => JSON.stringify(s);
