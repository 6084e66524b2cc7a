import { z } from 'zod';
import { projectSettingsSchema, timelineItemSchema } from '@core/editor/model';

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

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function draftKey(uid: string, projectId: string | null): string {
  return `muse:editor-draft:${uid}:${projectId ?? NEW_PROJECT_KEY}`;
}

/** The browser's localStorage, or nothing (private mode, storage disabled): drafts are a convenience. */
function defaultStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function createDraftStorage(store: KeyValueStore | null = defaultStore()) {
  return {
    read(uid: string, projectId: string | null): Draft | null {
      try {
        const raw = store?.getItem(draftKey(uid, projectId));
        if (!raw) return null;
        const parsed = draftSchema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    write(uid: string, projectId: string | null, draft: Omit<Draft, 'version'>): void {
      try {
        store?.setItem(draftKey(uid, projectId), JSON.stringify({ version: 1, ...draft }));
      } catch {
        // Quota exceeded or storage disabled: the project itself is still saved with Save.
      }
    },
    clear(uid: string, projectId: string | null): void {
      try {
        store?.removeItem(draftKey(uid, projectId));
      } catch {
        // As above.
      }
    },
  };
}

export type DraftStorage = ReturnType<typeof createDraftStorage>;
