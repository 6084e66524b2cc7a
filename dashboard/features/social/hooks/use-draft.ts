import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { emptyDraft, type Draft, type DraftFields, type DraftPlatform } from '@core/data/draft';
import { deleteDraft, DraftsFullError, newDraftId, writeDraft } from '@core/firebase/drafts';
import { useAuth } from '@/lib/auth';
import { getFirebase } from '@/lib/firebase';
import { toast } from '@/lib/toast';
import { useDraftDoc } from '../api/drafts';

export const DRAFT_PARAM = 'draft';

function withoutDraft(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(DRAFT_PARAM);
  return next;
}

export interface ComposerDraft {
  /** The draft named by ?draft=ID, or null. */
  id: string | null;
  /** undefined while it loads; null when there is none (or it was deleted). */
  draft: Draft | null | undefined;
  saving: boolean;
  /**
   * Saves the composer's fields into the open draft, or a new one, then lets go of it: the draft waits in
   * the Drafts list and the composer is the page's to clear, so a different post written next never
   * posts (and deletes) the saved one.
   */
  save(fields: Partial<DraftFields>): Promise<boolean>;
  /** After the post went out: deletes the draft and leaves the address. */
  finish(): Promise<void>;
}

/** The composer's draft: opened from ?draft=ID (a link from the side panel or the Drafts list), saved on request. */
export function useDraft(platform: DraftPlatform): ComposerDraft {
  const [params, setParams] = useSearchParams();
  const id = params.get(DRAFT_PARAM);
  const uid = useAuth().user?.uid;
  const state = useDraftDoc(id);
  const draft =
    state.status === 'success' ? state.data : state.status === 'error' ? null : undefined;
  const [saving, setSaving] = useState(false);

  const save = useCallback(
    async (fields: Partial<DraftFields>) => {
      if (!uid) return false;
      const db = getFirebase().db;
      const base = draft && draft.platform === platform ? draft : emptyDraft(platform);
      const target = draft && draft.platform === platform ? draft.id : newDraftId();
      const {
        id: _id,
        createdAt: _c,
        updatedAt: _u,
        ...rest
      } = { id: '', createdAt: null, updatedAt: null, ...base };
      setSaving(true);
      try {
        await writeDraft(db, uid, target, { ...rest, ...fields, platform }, target === draft?.id);
        if (id) setParams(withoutDraft, { replace: true });
        toast({
          title: 'Draft saved',
          description:
            'It is under Drafts: open it there or in the Muse Studio side panel to go on.',
        });
        return true;
      } catch (error) {
        console.error(error);
        const description =
          error instanceof DraftsFullError
            ? error.message
            : 'Failed to save the draft. Please try again.';
        toast({ title: 'Error', description, variant: 'destructive' });
        return false;
      } finally {
        setSaving(false);
      }
    },
    [uid, draft, platform, id, setParams],
  );

  const finish = useCallback(async () => {
    if (!uid || !id) return;
    setParams(withoutDraft, { replace: true });
    await deleteDraft(getFirebase().db, uid, id).catch((error) => console.error(error));
  }, [uid, id, setParams]);

  return { id, draft, saving, save, finish };
}
