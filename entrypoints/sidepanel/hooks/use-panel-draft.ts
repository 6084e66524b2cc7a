import { draftMediaIds, emptyDraft, type DraftFields, type DraftPlatform } from '@core/data/draft';
import type { Firestore } from 'firebase/firestore';
import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteDraft, newDraftId, readDraft, writeDraft } from '@core/firebase/drafts';
import { panelDraftStorage } from '../panel-storage';

/** How long typing pauses before the draft is written to Firestore. */
export const AUTOSAVE_DELAY_MS = 800;

export type DraftSaveState = 'idle' | 'saving' | 'saved' | 'error';

export interface PanelDraft {
  /** False until the stored draft is read back. */
  ready: boolean;
  id: string | null;
  fields: DraftFields;
  saveState: DraftSaveState;
  update(patch: Partial<DraftFields>): void;
  /** Writes now (Save as draft); resolves to the id, or null when the write failed. */
  saveNow(): Promise<string | null>;
  open(id: string): Promise<boolean>;
  startNew(platform: DraftPlatform, sourceUrl: string): void;
  /** Forgets the draft on screen and deletes its document (after it was published). */
  finish(): Promise<void>;
}

function hasContent(f: DraftFields): boolean {
  return !!(f.text.trim() || f.title.trim() || f.media.length);
}

/**
 * The draft the panel edits. Every change goes to extension storage at once (so nothing typed is lost
 * when the panel closes) and to users/{uid}/drafts after a pause in typing; a change Firestore had not
 * confirmed is written again the next time the panel opens. Empty drafts are never written.
 */
export function usePanelDraft(
  db: Firestore,
  uid: string,
  initialSourceUrl: () => string,
): PanelDraft {
  const [ready, setReady] = useState(false);
  const [id, setId] = useState<string | null>(null);
  const [fields, setFields] = useState<DraftFields>(() => emptyDraft('x'));
  const [saveState, setSaveState] = useState<DraftSaveState>('idle');
  // The latest values for timers and async writes; version counts edits so an old write never marks a newer edit saved.
  const live = useRef({
    id: null as string | null,
    created: false,
    fields,
    version: 0,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });
  const sourceRef = useRef(initialSourceUrl);
  sourceRef.current = initialSourceUrl;

  const persistLocal = useCallback((dirty: boolean) => {
    const { id: current, fields: f } = live.current;
    void panelDraftStorage.setValue({ id: current, fields: f, dirty });
  }, []);

  // Writes run one after another: a second save must not start before the first created the document
  // (a second create would rewrite createdAt, which the rules refuse).
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const writeOnce = useCallback(async (): Promise<string | null> => {
    const state = live.current;
    if (!hasContent(state.fields) && !state.created) return state.id;
    const version = state.version;
    const draftId = state.id ?? newDraftId();
    if (!state.id) {
      state.id = draftId;
      setId(draftId);
    }
    setSaveState('saving');
    try {
      // A new draft lands in a free slot, which may not be the one asked for (core/firebase/drafts.ts).
      const written = await writeDraft(db, uid, draftId, state.fields, state.created);
      if (live.current.id === draftId) {
        live.current.id = written;
        live.current.created = true;
        if (written !== draftId) setId(written);
      }
      if (live.current.version === version && live.current.id === written) {
        setSaveState('saved');
        persistLocal(false);
      }
      return written;
    } catch (error) {
      console.error(error);
      if (live.current.id === draftId) setSaveState('error');
      return null;
    }
  }, [db, uid, persistLocal]);

  const write = useCallback((): Promise<string | null> => {
    clearTimeout(live.current.timer);
    live.current.timer = undefined;
    const run = queue.current.then(writeOnce);
    queue.current = run.catch(() => null);
    return run;
  }, [writeOnce]);

  const schedule = useCallback(() => {
    clearTimeout(live.current.timer);
    live.current.timer = setTimeout(() => void write(), AUTOSAVE_DELAY_MS);
  }, [write]);

  const replace = useCallback(
    (next: { id: string | null; created: boolean; fields: DraftFields }, dirty: boolean) => {
      clearTimeout(live.current.timer);
      live.current = {
        ...live.current,
        ...next,
        version: live.current.version + 1,
        timer: undefined,
      };
      setId(next.id);
      setFields(next.fields);
      setSaveState(next.created && !dirty ? 'saved' : 'idle');
      persistLocal(dirty);
      if (dirty) schedule();
    },
    [persistLocal, schedule],
  );

  useEffect(() => {
    let active = true;
    void (async () => {
      const stored = await panelDraftStorage.getValue();
      let next = {
        id: null as string | null,
        created: false,
        fields: emptyDraft('x', sourceRef.current()),
      };
      let dirty = false;
      if (stored?.dirty) {
        // A copy kept by an older build holds its media as maps: their library ids are kept.
        next = {
          id: stored.id,
          created: !!stored.id,
          fields: {
            ...emptyDraft(stored.fields.platform),
            ...stored.fields,
            media: draftMediaIds(Array.isArray(stored.fields.media) ? stored.fields.media : []),
          },
        };
        dirty = true;
      } else if (stored?.id) {
        // Read it again: the dashboard may have changed it since.
        const remote = await readDraft(db, uid, stored.id).catch(() => undefined);
        if (remote === undefined)
          next = {
            id: stored.id,
            created: true,
            fields: {
              ...stored.fields,
              media: draftMediaIds(Array.isArray(stored.fields.media) ? stored.fields.media : []),
            },
          };
        else if (remote)
          next = {
            id: remote.id,
            created: true,
            fields: {
              platform: remote.platform,
              text: remote.text,
              title: remote.title,
              subreddit: remote.subreddit,
              flair: remote.flair,
              author: remote.author,
              media: remote.media,
              sourceUrl: remote.sourceUrl,
            },
          };
      }
      if (!active) return;
      replace(next, dirty);
      setReady(true);
    })();
    return () => {
      active = false;
    };
  }, [db, uid, replace]);

  // Closing the panel: write what is pending now (local storage already has it either way).
  useEffect(() => {
    const flush = () => {
      if (live.current.timer !== undefined && document.visibilityState === 'hidden') void write();
    };
    document.addEventListener('visibilitychange', flush);
    return () => document.removeEventListener('visibilitychange', flush);
  }, [write]);
  useEffect(() => () => clearTimeout(live.current.timer), []);

  const update = useCallback(
    (patch: Partial<DraftFields>) => {
      const nextFields = { ...live.current.fields, ...patch };
      live.current.fields = nextFields;
      live.current.version += 1;
      setFields(nextFields);
      setSaveState('idle');
      persistLocal(true);
      schedule();
    },
    [persistLocal, schedule],
  );

  const open = useCallback(
    async (draftId: string) => {
      if (live.current.timer !== undefined) await write();
      const remote = await readDraft(db, uid, draftId).catch(() => null);
      if (!remote) return false;
      const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = remote;
      replace({ id: remote.id, created: true, fields: rest }, false);
      return true;
    },
    [db, uid, write, replace],
  );

  const startNew = useCallback(
    (platform: DraftPlatform, sourceUrl: string) => {
      if (live.current.timer !== undefined) void write();
      replace({ id: null, created: false, fields: emptyDraft(platform, sourceUrl) }, false);
    },
    [write, replace],
  );

  const finish = useCallback(async () => {
    const { id: draftId, created, fields: f } = live.current;
    replace({ id: null, created: false, fields: emptyDraft(f.platform, f.sourceUrl) }, false);
    if (draftId && created)
      await deleteDraft(db, uid, draftId).catch((error) => console.error(error));
  }, [db, uid, replace]);

  return { ready, id, fields, saveState, update, saveNow: write, open, startNew, finish };
}
