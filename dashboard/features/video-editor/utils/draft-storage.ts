import { z } from 'zod';
import { projectSettingsSchema, timelineItemSchema } from '@core/editor/model';
import { browserStore, localItem, type KeyValueStore } from '@/lib/local-store';

// Unsaved edits survive a reload: the editor keeps a draft per user and project ('new' before the first
// Save) in localStorage, read back through a schema so a stale or tampered draft is ignored, not trusted.

export const NEW_PROJECT_KEY = 'new';

const draftSchema = z.object({
  version: z.literal(1),
  title: z.string().max(200),
  items: z.array(timelineItemSchema).max(500),
  settings: projectSettingsSchema,
  savedAt: z.number(),
});
export type Draft = z.infer<typeof draftSchema>;

export type { KeyValueStore };

export function draftKey(uid: string, projectId: string | null): string {
  return `muse:editor-draft:${uid}:${projectId ?? NEW_PROJECT_KEY}`;
}

/** Drafts in `store` (the browser's localStorage by default; null keeps none): a convenience, so never throws. */
export function createDraftStorage(store: KeyValueStore | null = browserStore()) {
  const draftItem = (uid: string, projectId: string | null) =>
    localItem(draftKey(uid, projectId), draftSchema, { store });
  return {
    read(uid: string, projectId: string | null): Draft | null {
      return draftItem(uid, projectId).read();
    },
    // Quota exceeded or storage disabled: the project itself is still saved with Save.
    write(uid: string, projectId: string | null, draft: Omit<Draft, 'version'>): void {
      draftItem(uid, projectId).write({ version: 1, ...draft });
    },
    clear(uid: string, projectId: string | null): void {
      draftItem(uid, projectId).remove();
    },
  };
}

export type DraftStorage = ReturnType<typeof createDraftStorage>;
